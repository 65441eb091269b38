import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { cliOption, json, readBody } from "./fake-http";

/**
 * A small server speaking SubscribeStar's OAuth 2 and GraphQL API protocol, for tests and e2e:
 * - `GET /oauth2/authorize?client_id&redirect_uri&response_type=code&scope&state`: the signed-in account
 *   (`current`) "approves" at once: 302 to `redirect_uri?code=...&state=...`;
 * - `POST /oauth2/token` (form or query): `grant_type=authorization_code` (client_id, client_secret, code,
 *   redirect_uri, each code once and only with its redirect_uri) or `refresh_token`;
 * - `POST /api/graphql/v1` with `Authorization: Bearer`: `{query}` answered with the fields it names of
 *   `user { id name email }` and `subscriber { subscription { id active tier_id price ... } }`.
 * Control (tests): the functions below; over HTTP (e2e) `POST /__fake/accounts` (an account),
 * `POST /__fake/current` ({id}) and `POST /__fake/mode` ({mode}).
 */

export type FakePledge = { id: string; active: boolean; tier_id: string; price: number } | null;
export type FakeAccount = { id: string; name: string; email: string; pledge: FakePledge };

/** ok; token-500 / api-500: that endpoint fails; api-malformed: the API answers something unusable. */
export type FakeSubscribeStarMode = "ok" | "token-500" | "api-500" | "api-malformed";

export type FakeSubscribeStar = {
  url: string;
  clientId: string;
  clientSecret: string;
  mode: FakeSubscribeStarMode;
  accounts: Map<string, FakeAccount>;
  /** The account the authorize page signs in as. */
  current: string | null;
  /** Access tokens live this long (seconds). */
  tokenTtlSeconds: number;
  requests: { path: string; grantType?: string; query?: string; accountId?: string }[];
  setAccount(account: FakeAccount): void;
  /** A code as the authorize page would issue it (tests without a browser). */
  issueCode(accountId: string, redirectUri: string): string;
  /** Revokes every token of an account (the member removed the app on SubscribeStar). */
  revoke(accountId: string): void;
  close(): Promise<void>;
};

type Grant = { accountId: string; redirectUri: string; used: boolean };
type Token = { accountId: string; expiresAt: number };

/** Keeps the keys of `object` that the query names (a GraphQL answer carries only what was asked). */
function pick(object: Record<string, unknown>, query: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => new RegExp(`\\b${key}\\b`).test(query)));
}

export async function startFakeSubscribeStar(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeSubscribeStar> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Map<string, string>();
  const token = () => randomBytes(16).toString("hex");

  const fake: FakeSubscribeStar = {
    url: "",
    clientId: options.clientId ?? "fake-client",
    clientSecret: options.clientSecret ?? "fake-secret",
    mode: "ok",
    accounts: new Map(),
    current: null,
    tokenTtlSeconds: 3600,
    requests: [],
    setAccount(account) {
      fake.accounts.set(account.id, account);
    },
    issueCode(accountId, redirectUri) {
      const code = token();
      codes.set(code, { accountId, redirectUri, used: false });
      return code;
    },
    revoke(accountId) {
      for (const [key, value] of tokens) if (value.accountId === accountId) tokens.delete(key);
      for (const [key, value] of refreshTokens) if (value === accountId) refreshTokens.delete(key);
    },
    close: async () => {},
  };

  function issueTokens(accountId: string) {
    const access = token();
    const refresh = token();
    tokens.set(access, { accountId, expiresAt: Date.now() + fake.tokenTtlSeconds * 1000 });
    refreshTokens.set(refresh, accountId);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: fake.tokenTtlSeconds,
      refresh_token: refresh,
      scope: "subscriber.read user.read user.email.read",
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const raw = await readBody(request);

    if (url.pathname === "/__fake/health") return json(response, 200, { ok: true });
    if (url.pathname.startsWith("/__fake/") && request.method === "POST") {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      if (url.pathname === "/__fake/accounts") fake.setAccount(body as FakeAccount);
      else if (url.pathname === "/__fake/current")
        fake.current = typeof body.id === "string" ? body.id : null;
      else if (url.pathname === "/__fake/mode") fake.mode = body.mode as FakeSubscribeStarMode;
      else return json(response, 404, { error: "not_found" });
      return json(response, 200, { ok: true });
    }

    if (url.pathname === "/oauth2/authorize" && request.method === "GET") {
      fake.requests.push({ path: url.pathname });
      const redirectUri = url.searchParams.get("redirect_uri");
      const scopes = (url.searchParams.get("scope") ?? "").split(/[ +]/);
      if (
        url.searchParams.get("client_id") !== fake.clientId ||
        url.searchParams.get("response_type") !== "code" ||
        !redirectUri ||
        !scopes.includes("subscriber.read")
      ) {
        response.writeHead(400, { "content-type": "text/html" });
        response.end("<h1>Invalid authorization request</h1>");
        return;
      }
      const target = new URL(redirectUri);
      const state = url.searchParams.get("state");
      if (fake.current && fake.accounts.has(fake.current)) {
        target.searchParams.set("code", fake.issueCode(fake.current, redirectUri));
      } else target.searchParams.set("error", "access_denied");
      if (state) target.searchParams.set("state", state);
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }

    if (url.pathname === "/oauth2/token" && request.method === "POST") {
      const params = new URLSearchParams(raw);
      for (const [key, value] of url.searchParams) if (!params.has(key)) params.set(key, value);
      const grantType = params.get("grant_type") ?? "";
      fake.requests.push({ path: url.pathname, grantType });
      if (fake.mode === "token-500") return json(response, 500, { error: "server_error" });
      if (params.get("client_id") !== fake.clientId || params.get("client_secret") !== fake.clientSecret) {
        return json(response, 401, { error: "invalid_client" });
      }
      if (grantType === "authorization_code") {
        const grant = codes.get(params.get("code") ?? "");
        if (!grant || grant.used || grant.redirectUri !== params.get("redirect_uri")) {
          return json(response, 400, { error: "invalid_grant" });
        }
        grant.used = true;
        return json(response, 200, issueTokens(grant.accountId));
      }
      if (grantType === "refresh_token") {
        const accountId = refreshTokens.get(params.get("refresh_token") ?? "");
        if (!accountId) return json(response, 400, { error: "invalid_grant" });
        fake.requests.push({ path: "refreshed", accountId });
        refreshTokens.delete(params.get("refresh_token") ?? "");
        return json(response, 200, issueTokens(accountId));
      }
      return json(response, 400, { error: "unsupported_grant_type" });
    }

    if (url.pathname === "/api/graphql/v1" && request.method === "POST") {
      const body = JSON.parse(raw || "{}") as { query?: string };
      const query = body.query ?? "";
      fake.requests.push({ path: url.pathname, query });
      if (fake.mode === "api-500") return json(response, 500, { errors: [{ message: "Internal error" }] });
      if (fake.mode === "api-malformed")
        return json(response, 200, { data: null, errors: [{ message: "Boom" }] });
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      const access = tokens.get(bearer);
      if (!access || access.expiresAt <= Date.now()) return json(response, 401, { error: "invalid_token" });
      const account = fake.accounts.get(access.accountId);
      if (!account) return json(response, 401, { error: "invalid_token" });
      const data: Record<string, unknown> = {};
      if (/\buser\s*\{/.test(query))
        data.user = pick({ ...account, pledge: undefined }, query.split("subscriber")[0] ?? "");
      if (/\bsubscriber\s*\{/.test(query)) {
        const part = query.slice(query.indexOf("subscriber"));
        data.subscriber = { subscription: account.pledge ? pick(account.pledge, part) : null };
      }
      return json(response, 200, { data });
    }

    return json(response, 404, { error: "not_found" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 400, { error: "invalid_request" });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clientId = cliOption("client-id");
  const clientSecret = cliOption("client-secret");
  const fake = await startFakeSubscribeStar({
    port: Number(cliOption("port") ?? 0),
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
  });
  console.log(`Fake SubscribeStar on ${fake.url}`);
}
