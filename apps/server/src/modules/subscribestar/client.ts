import { SUBSCRIBESTAR_SCOPES } from "@hearth/contracts";
import { z } from "zod";

/**
 * SubscribeStar's OAuth 2 and GraphQL API (README, SubscribeStar), the real protocol:
 * - authorize: `GET {base}/oauth2/authorize?client_id&redirect_uri&response_type=code&scope=a+b+c&state`,
 *   which redirects back to `redirect_uri?code=...&state=...`;
 * - token: `POST {base}/oauth2/token` (form) with `grant_type=authorization_code` (client_id, client_secret,
 *   code, redirect_uri) or `grant_type=refresh_token`: `{access_token, refresh_token, expires_in}`;
 * - API: `POST {base}/api/graphql/v1` with `Authorization: Bearer`, `{query}`: the user, and the
 *   subscriber's subscription to this app's creator (`active`, `tier_id`, `price` in cents).
 */

export type SubscribeStarTokens = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
};

export type SubscribeStarPledge = {
  id: string;
  active: boolean;
  tierId: string | null;
  priceCents: number | null;
};

export type SubscribeStarMember = {
  id: string;
  name: string;
  email: string | null;
  pledge: SubscribeStarPledge | null;
};

/**
 * `rejected`: SubscribeStar refused the code or token (a bad, used or expired code; a revoked token);
 * `unavailable`: it could not be reached or answered something else.
 */
export class SubscribeStarError extends Error {
  constructor(
    readonly kind: "rejected" | "unavailable",
    message: string,
  ) {
    super(message);
  }
}

export type SubscribeStarClient = {
  authorizeUrl(redirectUri: string, state: string): string;
  exchangeCode(code: string, redirectUri: string, now: Date): Promise<SubscribeStarTokens>;
  refresh(refreshToken: string, now: Date): Promise<SubscribeStarTokens>;
  readMember(accessToken: string): Promise<SubscribeStarMember>;
};

/** What Hearth reads: the user, and their subscription to the creator whose app this is. */
export const PLEDGE_QUERY =
  "query HearthPledge { user { id name email } subscriber { subscription { id active tier_id price cancelled_at } } }";

const TIMEOUT_MS = 10_000;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  expires_in: z.number().nullish(),
});

const idSchema = z.union([z.string(), z.number()]).transform(String);

const graphqlSchema = z.object({
  data: z
    .object({
      user: z.object({ id: idSchema, name: z.string().nullish(), email: z.string().nullish() }).nullish(),
      subscriber: z
        .object({
          subscription: z
            .object({
              id: idSchema,
              active: z.boolean(),
              tier_id: idSchema.nullish(),
              price: z.number().int().nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  errors: z.array(z.object({ message: z.string() })).nullish(),
});

export function createSubscribeStarClient(config: {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}): SubscribeStarClient {
  const base = config.baseUrl.replace(/\/+$/, "");

  async function post(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new SubscribeStarError("unavailable", `SubscribeStar could not be reached: ${String(error)}`);
    }
  }

  async function token(params: Record<string, string>, now: Date): Promise<SubscribeStarTokens> {
    const response = await post("/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        ...params,
      }).toString(),
    });
    const text = await response.text();
    if (response.status === 400 || response.status === 401) {
      throw new SubscribeStarError(
        "rejected",
        `SubscribeStar refused the token request (${response.status})`,
      );
    }
    if (!response.ok)
      throw new SubscribeStarError("unavailable", `SubscribeStar token answered ${response.status}`);
    const parsed = tokenSchema.safeParse(safeJson(text));
    if (!parsed.success)
      throw new SubscribeStarError("unavailable", "SubscribeStar token answer is malformed");
    const { access_token, refresh_token, expires_in } = parsed.data;
    return {
      accessToken: access_token,
      refreshToken: refresh_token ?? null,
      expiresAt: expires_in ? new Date(now.getTime() + expires_in * 1000) : null,
    };
  }

  return {
    authorizeUrl(redirectUri, state) {
      // Scopes are joined with "+" as SubscribeStar's own links write them.
      const query = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
      }).toString();
      return `${base}/oauth2/authorize?${query}&scope=${SUBSCRIBESTAR_SCOPES.map(encodeURIComponent).join("+")}`;
    },
    exchangeCode: (code, redirectUri, now) =>
      token({ grant_type: "authorization_code", code, redirect_uri: redirectUri }, now),
    refresh: (refreshToken, now) => token({ grant_type: "refresh_token", refresh_token: refreshToken }, now),
    async readMember(accessToken) {
      const response = await post("/api/graphql/v1", {
        method: "POST",
        headers: {
          authorization: `Bearer ${accessToken}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify({ query: PLEDGE_QUERY }),
      });
      const text = await response.text();
      if (response.status === 401 || response.status === 403) {
        throw new SubscribeStarError(
          "rejected",
          `SubscribeStar refused the access token (${response.status})`,
        );
      }
      if (!response.ok)
        throw new SubscribeStarError("unavailable", `SubscribeStar API answered ${response.status}`);
      const parsed = graphqlSchema.safeParse(safeJson(text));
      if (!parsed.success || !parsed.data.data?.user) {
        const message = parsed.success ? parsed.data.errors?.[0]?.message : undefined;
        throw new SubscribeStarError(
          "unavailable",
          `SubscribeStar API answer is unusable${message ? `: ${message}` : ""}`,
        );
      }
      const { user, subscriber } = parsed.data.data;
      const subscription = subscriber?.subscription;
      return {
        id: user.id,
        name: user.name?.trim() || "SubscribeStar member",
        email: user.email ?? null,
        pledge: subscription
          ? {
              id: subscription.id,
              active: subscription.active,
              tierId: subscription.tier_id ?? null,
              priceCents: subscription.price ?? null,
            }
          : null,
      };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
