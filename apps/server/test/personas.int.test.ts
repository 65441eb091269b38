import {
  type Me,
  PERSONA_CAPS,
  PERSONA_MESSAGES,
  type Persona,
  personaListSchema,
  personaSchema,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personas } from "../src/db/schema";
import { updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, guestToken, signUp } from "./support/members";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await server?.close();
});

async function list(token: string, search?: string): Promise<Persona[]> {
  const query = search === undefined ? "" : `?search=${encodeURIComponent(search)}`;
  const response = await call(server, `/api/personas${query}`, { token });
  expect(response.status).toBe(200);
  return personaListSchema.parse(response.body).data;
}

async function create(token: string, body: Record<string, unknown>): Promise<Persona> {
  const response = await call(server, "/api/personas", { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return personaSchema.parse(response.body);
}

describe("personas", () => {
  it("gives every new member a default persona, shown in Me", async () => {
    const member = await signUp(server);
    const [persona, ...rest] = await list(member.token);
    expect(rest).toEqual([]);
    expect(persona).toMatchObject({ name: "You", is_default: true, highlights: "", avatar_url: null });
    expect(member.user.default_persona_id).toBe(persona?.id);
    const me = await call<Me>(server, "/api/me", { token: member.token });
    expect(me.body.default_persona_id).toBe(persona?.id);
  });

  it("creates, reads, updates and searches by name prefix, case-insensitive", async () => {
    const { token, user } = await signUp(server);
    await updateUser(server, user.id, { role: "basic" });
    const knight = await create(token, {
      name: "Sir Galahad",
      highlights: "A knight of the round table.",
      avatar_url: "/uploads/avatars/knight.webp",
    });
    expect(knight).toMatchObject({ name: "Sir Galahad", is_default: false });
    await create(token, { name: "Silvia" });
    // Wildcards in the search are taken literally.
    await create(token, { name: "100%_real" });

    const names = async (search: string) => (await list(token, search)).map((p) => p.name).sort();
    expect(await names("si")).toEqual(["Silvia", "Sir Galahad"]);
    expect(await names("SIR")).toEqual(["Sir Galahad"]);
    expect(await names("galahad")).toEqual([]);
    expect(await names("100%")).toEqual(["100%_real"]);
    expect(await names("1%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect((await list(token, "")).length).toBe(4);

    const fetched = await call(server, `/api/personas/${knight.id}`, { token });
    expect(personaSchema.parse(fetched.body)).toEqual(knight);

    const updated = await call(server, `/api/personas/${knight.id}`, {
      method: "PUT",
      token,
      body: { name: "  Lancelot ", highlights: "", avatar_url: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Lancelot",
      highlights: "",
      avatar_url: null,
      is_default: false,
    });
  });

  it("keeps exactly one default: setting another unsets the previous", async () => {
    const { token } = await signUp(server);
    const [first] = await list(token);
    const second = await create(token, { name: "Second", is_default: true });
    expect(second.is_default).toBe(true);
    let all = await list(token);
    expect(all.filter((p) => p.is_default).map((p) => p.id)).toEqual([second.id]);
    expect(all[0]?.id).toBe(second.id);

    const back = await call(server, `/api/personas/${first?.id}`, {
      method: "PUT",
      token,
      body: { name: "You", is_default: true },
    });
    expect(back.status).toBe(200);
    all = await list(token);
    expect(all.filter((p) => p.is_default).map((p) => p.id)).toEqual([first?.id]);

    // Left out, is_default keeps the default a default; false on it is refused.
    const rename = await call(server, `/api/personas/${first?.id}`, {
      method: "PUT",
      token,
      body: { name: "Me" },
    });
    expect(rename.body).toMatchObject({ name: "Me", is_default: true });
    const unset = await call(server, `/api/personas/${first?.id}`, {
      method: "PUT",
      token,
      body: { name: "Me", is_default: false },
    });
    expect(expectError(unset, 400, "default_persona").message).toBe(PERSONA_MESSAGES.defaultPersonaUnset);
  });

  it("refuses to delete the default persona with the spec's message, deletes others", async () => {
    const { token } = await signUp(server);
    const [first] = await list(token);
    const response = await call(server, `/api/personas/${first?.id}`, { method: "DELETE", token });
    expect(expectError(response, 400, "default_persona").message).toBe(
      "You cannot delete the default persona, please set another persona as the default or create a new one first.",
    );
    const other = await create(token, { name: "Other" });
    expect((await call(server, `/api/personas/${other.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await list(token)).map((p) => p.id)).toEqual([first?.id]);
    const again = await call(server, `/api/personas/${other.id}`, { method: "DELETE", token });
    expectError(again, 404, "not_found");
  });

  it("makes the first persona the default when a member has none", async () => {
    const member = await signUp(server);
    await server.database.db.delete(personas).where(eq(personas.userId, member.user.id));
    const persona = await create(member.token, { name: "Fresh", is_default: false });
    expect(persona.is_default).toBe(true);
  });

  it("enforces the plan's cap with persona_limit", async () => {
    const member = await signUp(server);
    const cap = PERSONA_CAPS.free;
    for (let i = 1; i < cap; i++) await create(member.token, { name: `Extra ${i}` });
    const over = await call(server, "/api/personas", { token: member.token, body: { name: "One too many" } });
    expect(expectError(over, 403, "persona_limit").message).toBe(PERSONA_MESSAGES.personaLimit(cap));
    expect((await list(member.token)).length).toBe(cap);

    await updateUser(server, member.user.id, { role: "minimal" });
    await create(member.token, { name: "Now allowed" });
  });

  it("validates the body whatever the client sends", async () => {
    const { token } = await signUp(server);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name can't be empty"],
      [{ name: "   " }, "name", "Name can't be empty"],
      [{}, "name", "Name can't be empty"],
      [{ name: "x".repeat(41) }, "name", "Name should be less than 40 characters"],
      [
        { name: "Ok", highlights: "h".repeat(501) },
        "highlights",
        "Highlights should be less than 500 characters",
      ],
      [
        { name: "Ok", avatar_url: "javascript:alert(1)" },
        "avatar_url",
        "Avatar must be an uploaded image or an http(s) address",
      ],
      [{ name: "Ok", is_default: "yes" }, "is_default", "Invalid input: expected boolean, received string"],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(server, "/api/personas", { token, body });
      const error = expectError(response, 400, "validation_error");
      expect(error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expectError(await call(server, "/api/personas/not-a-uuid", { token }), 400, "validation_error");
  });

  it("is private to its owner and closed to guests and visitors", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const persona = await create(owner.token, { name: "Private" });
    const path = `/api/personas/${persona.id}`;
    expectError(await call(server, path, { token: stranger.token }), 404, "not_found");
    expectError(
      await call(server, path, { method: "PUT", token: stranger.token, body: { name: "Stolen" } }),
      404,
      "not_found",
    );
    expectError(await call(server, path, { method: "DELETE", token: stranger.token }), 404, "not_found");
    expect((await list(stranger.token)).map((p) => p.name)).toEqual(["You"]);
    expect((await call(server, path, { token: owner.token })).body).toMatchObject({ name: "Private" });

    expectError(await call(server, "/api/personas"), 401, "unauthenticated");
    const guest = await guestToken(server);
    expectError(await call(server, "/api/personas", { token: guest }), 403, "forbidden");
    expectError(await call(server, "/api/personas", { token: guest, body: { name: "G" } }), 403, "forbidden");
  });
});
