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
  /**
   * A refresh token presented again this soon after its first use is another tab refreshing at the same
   * time and gets a new token in the same family; later, it counts as stolen and ends the whole family.
   */
  refreshReuseGraceSeconds: 10,
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

/**
 * Caps on what one bot message can grow to (values ours, the spec sets none): versions kept by
 * regenerate, and the length a reply reaches through repeated "continue".
 */
export const MESSAGE_CAPS = { alternatesMax: 30, continuedReplyMaxChars: 12_000 } as const;
export const MESSAGE_CAP_TEXTS = {
  alternates: `A reply keeps at most ${MESSAGE_CAPS.alternatesMax} versions. Choose one and write on instead.`,
  continued: `This reply is at its longest (${MESSAGE_CAPS.continuedReplyMaxChars} characters); it cannot be continued.`,
} as const;

/**
 * Guests' conversations live in the server's memory (or Redis, with several instances): this many bytes
 * at most per guest (their least recently used conversations go first), and, in memory, GUEST_CHATS_MAX_MB
 * (setting) for all guests together (the least recently active guests' conversations go first). Sizes
 * are estimates: 2 bytes a character plus a fixed overhead a message.
 */
export const GUEST_CHAT_CAPS = {
  bytesPerGuest: 512 * 1024,
  defaultTotalMb: 64,
  messageOverheadBytes: 256,
  /** Guests whose message count is remembered (the count survives the eviction of their chats). */
  sessionsMax: 100_000,
} as const;

/**
 * Imported cards: what has no column of its own (card_extras: alternate greetings, lorebook, extensions,
 * unknown fields) is kept up to this many bytes of JSON, spec fields first; the rest is dropped.
 */
export const CARD_EXTRAS_MAX_BYTES = 64 * 1024;
