import { type Me, meSchema, PROFILE_LIMITS } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { decryptOpenAiKey } from "../src/modules/users/index";
import { resolveSecrets } from "../src/secrets";
import { call, startServer, type TestServer } from "./harness";
import { expectError, expectInvalid, guestToken, signUp, uniqueUsername } from "./support/members";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await server?.close();
});

const putProfile = (token: string, body: unknown) =>
  call<Me>(server, "/api/users/profile", { method: "PUT", token, body });

const valid = () => ({ username: uniqueUsername(), name: "Robin" });

describe("PUT /api/users/profile", () => {
  it("saves the profile, lower-cases the username and answers Me", async () => {
    const { token } = await signUp(server);
    const username = uniqueUsername("Mixed_Case-");
    const response = await putProfile(token, {
      username: `  ${username.toUpperCase()} `,
      name: " Robin Hood ",
      highlights: "Archer of Sherwood.",
      openai_mode: "hybrid",
      avatar_url: "https://cdn.example.test/robin.png",
      show_nsfw: true,
      blur_nsfw_avatars: false,
    });
    expect(response.status).toBe(200);
    expect(meSchema.parse(response.body)).toMatchObject({
      username: username.toLowerCase(),
      name: "Robin Hood",
      highlights: "Archer of Sherwood.",
      openai_mode: "hybrid",
      avatar_url: "https://cdn.example.test/robin.png",
      show_nsfw: true,
      blur_nsfw_avatars: false,
      onboarding_step: "done",
    });
    // Optional fields left out keep their values; null removes the avatar.
    const again = await putProfile(token, { username, name: "Robin Hood", avatar_url: null });
    expect(again.body).toMatchObject({
      highlights: "Archer of Sherwood.",
      openai_mode: "hybrid",
      avatar_url: null,
    });
  });

  it("enforces every username rule with the spec's message", async () => {
    const { token } = await signUp(server);
    const cases: [unknown, string][] = [
      ["", "Username can't be empty"],
      ["   ", "Username can't be empty"],
      [undefined, "Username can't be empty"],
      [null, "Username can't be empty"],
      [42, "Username can't be empty"],
      ["ab", "Username is too short"],
      ["a".repeat(21), "Username should be less then 20 characters"],
      ["has space", "Username contain invalid characters"],
      ["dots.not.ok", "Username contain invalid characters"],
      ["émile", "Username contain invalid characters"],
      ["<script>", "Username contain invalid characters"],
    ];
    for (const [username, message] of cases) {
      expectInvalid(await putProfile(token, { username, name: "Robin" }), "username", message);
    }
  });

  it("enforces the name, highlights, key and mode rules", async () => {
    const { token } = await signUp(server);
    const username = uniqueUsername();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name can't be empty"],
      [{ name: undefined }, "name", "Name can't be empty"],
      [{ name: "Al" }, "name", "Name should be of atleast 3 characters"],
      [{ name: "n".repeat(21) }, "name", "Name should be less than 20 characters"],
      [
        { name: "Robin", highlights: "h".repeat(PROFILE_LIMITS.highlightsMax + 1) },
        "highlights",
        `Highlights should be less than ${PROFILE_LIMITS.highlightsMax} characters`,
      ],
      [
        { name: "Robin", openai_api_key: "k".repeat(201) },
        "openai_api_key",
        "OpenAI key should be less than 200 characters",
      ],
      [
        { name: "Robin", avatar_url: "javascript:alert(1)" },
        "avatar_url",
        "Avatar must be an uploaded image or an http(s) address",
      ],
      [
        { name: "Robin", avatar_url: "//evil.test/x.png" },
        "avatar_url",
        "Avatar must be an uploaded image or an http(s) address",
      ],
    ];
    for (const [fields, field, message] of cases) {
      expectInvalid(await putProfile(token, { username, ...fields }), field, message);
    }
    const mode = await putProfile(token, { username, name: "Robin", openai_mode: "always" });
    expect(expectError(mode, 400, "validation_error").fields).toHaveProperty("openai_mode");
    expectError(await putProfile(token, "not an object"), 400, "validation_error");
    // Exactly at the limits is fine.
    const atLimits = await putProfile(token, {
      username: uniqueUsername().padEnd(20, "x"),
      name: "n".repeat(20),
      highlights: "h".repeat(PROFILE_LIMITS.highlightsMax),
      openai_api_key: "k".repeat(200),
    });
    expect(atLimits.status).toBe(200);
  });

  it("answers 409 username_taken for another member's username, in any case", async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const { username } = valid();
    expect((await putProfile(first.token, { username, name: "First" })).status).toBe(200);
    const taken = await putProfile(second.token, { username: username.toUpperCase(), name: "Second" });
    const error = expectError(taken, 409, "username_taken");
    expect(error.message).toBe("Username is not available");
    expect(error.fields?.username).toBe("Username is not available");
    // Saving one's own username again is fine.
    expect((await putProfile(first.token, { username, name: "First again" })).status).toBe(200);
  });

  it("keeps names that other addresses use (/api/creators/leaderboard) from members", async () => {
    const member = await signUp(server);
    const reserved = await putProfile(member.token, { username: "Leaderboard", name: "Board" });
    expect(expectError(reserved, 409, "username_taken").message).toBe("Username is not available");
  });

  it("stores the OpenAI key encrypted and never sends it back", async () => {
    const member = await signUp(server);
    const secret = "sk-test-0123456789abcdefSECRETvalue";
    const seen: string[] = [];
    const record = async <T>(promise: Promise<{ status: number; body: T; headers: Headers }>) => {
      const response = await promise;
      seen.push(JSON.stringify(response.body), JSON.stringify([...response.headers]));
      return response;
    };
    const saved = await record(
      putProfile(member.token, { ...valid(), openai_api_key: secret, openai_mode: "enabled" }),
    );
    expect(saved.body).toMatchObject({ has_openai_api_key: true, openai_api_key_hint: "sk-…alue" });

    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row?.openaiApiKeyEncrypted).toBeTruthy();
    expect(row?.openaiApiKeyEncrypted).not.toContain(secret);
    expect(
      decryptOpenAiKey(row?.openaiApiKeyEncrypted ?? "", resolveSecrets(server.config).encryptionKey),
    ).toBe(secret);

    // Every answer of the session afterwards: the key is never in it.
    await record(call(server, "/api/me", { token: member.token }));
    const login = await record(
      call(server, "/api/auth/login", { body: { email: member.email, password: "correct horse battery" } }),
    );
    expect(login.status).toBe(200);
    await record(call(server, "/api/auth/refresh", { method: "POST", cookie: member.cookie }));
    await record(call(server, "/api/users/onboarding", { token: member.token }));
    await record(call(server, "/api/personas", { token: member.token }));
    await record(call(server, "/api/users/removal-check", { token: member.token }));
    const username = saved.body.username ?? "";
    await record(putProfile(member.token, { username, name: "Keeps key" }));
    await record(
      call(server, `/api/users/username-availability?username=${username}`, { token: member.token }),
    );
    for (const text of seen) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(row?.openaiApiKeyEncrypted);
      expect(text).not.toContain("0123456789abcdef");
    }
    const me = await call<Me>(server, "/api/me", { token: member.token });
    expect(me.body.has_openai_api_key).toBe(true);

    // An empty string removes it.
    const cleared = await putProfile(member.token, { username, name: "No key", openai_api_key: "" });
    expect(cleared.body).toMatchObject({ has_openai_api_key: false, openai_api_key_hint: null });
  });

  it("is for members only", async () => {
    expectError(await putProfile("", valid()), 401, "unauthenticated");
    expectError(await putProfile(await guestToken(server), valid()), 403, "forbidden");
  });
});

describe("adult-content toggles", () => {
  it("are ignored on the safe-for-work brand", async () => {
    const sfw = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", BRAND: "sfw" });
    try {
      const member = await signUp(sfw);
      const response = await call<Me>(sfw, "/api/users/profile", {
        method: "PUT",
        token: member.token,
        body: { ...valid(), show_nsfw: true, blur_nsfw_avatars: false },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ show_nsfw: false, blur_nsfw_avatars: true });
    } finally {
      await sfw.close();
    }
  });
});

describe("GET /api/users/username-availability", () => {
  const check = (username: string, token?: string) =>
    call<{ isAvailable: boolean }>(
      server,
      `/api/users/username-availability?username=${encodeURIComponent(username)}`,
      token ? { token } : {},
    );

  it("answers isAvailable, case-insensitively, own username included", async () => {
    const member = await signUp(server);
    const { username } = valid();
    expect((await check(username)).body).toEqual({ isAvailable: true });
    await putProfile(member.token, { username, name: "Owner" });
    expect((await check(username)).body).toEqual({ isAvailable: false });
    expect((await check(username.toUpperCase())).body).toEqual({ isAvailable: false });
    expect((await check(username, member.token)).body).toEqual({ isAvailable: true });
    expect((await check("admin")).body).toEqual({ isAvailable: false });
  });

  it("validates the format with the spec's messages", async () => {
    expectInvalid(await check("ab"), "username", "Username is too short");
    expectInvalid(await check("bad name"), "username", "Username contain invalid characters");
    expectInvalid(await check("a".repeat(21)), "username", "Username should be less then 20 characters");
    expectInvalid(await check(""), "username", "Username can't be empty");
  });
});
