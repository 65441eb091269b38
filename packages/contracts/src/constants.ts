/** Business constants from the specs; values the spec leaves open are chosen here and documented. */
export const LIMITS = {
  emailMax: 320,
  passwordMin: 8,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 20,
  nameMin: 3,
  nameMax: 20,
  openaiKeyMax: 200,
  titleMax: 50,
  maxTags: 12,
  reportDetailsMax: 250,
  chatbotIdMax: 50,
  conversationPageSize: 25,
  recommendations: 602,
  eventNameMax: 64,
  eventPayloadMaxBytes: 8192,
  characterPageMax: 100,
} as const;

export const TIMINGS = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  tokenRefreshAfterPlanChangeMs: 5000,
  usernameDebounceMs: 500,
  profileSavedMessageMs: 3000,
  copyConfirmationMs: 2000,
  queueRetryMs: 30000,
  queueAccessExpiryMs: 20 * 60 * 1000,
  /** App settings are refreshed when older than this (value not given by the spec). */
  appSettingsMaxAgeMs: 5 * 60 * 1000,
} as const;

/**
 * Requests per minute per client address: `max` for sign-up, sign-in and guest creation; `refreshMax`
 * for token refresh, which every page load makes (households and offices share an address).
 */
export const AUTH_RATE_LIMIT = { max: 10, refreshMax: 300, timeWindowMs: 60_000 } as const;

export const CONTEXT_TOKENS = { base: 2048, "3k": 3072, "4k": 4096, "8k": 8192, "16k": 16384 } as const;
export const MINIMUM_AGE = 18;
