import {
  characterListSchema,
  characterSchema,
  errorBodySchema,
  meSchema,
  type OwnCharacter,
  type PublicCharacter,
} from "@hearth/contracts";
import Fastify, { type FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentMe } from "../modules/users/index";
import { memberRow } from "../policy-fixtures";
import { handleError, notFound } from "./errors";
import { noContent, registerResponseSchemas, serializerCompiler } from "./response-schemas";

const USER = memberRow({
  id: "9b2f3c1e-0000-4000-8000-000000000001",
  passwordHash: "$argon2id$v=19$secret-hash",
  openaiApiKeyEncrypted: "encrypted-key",
  openaiApiKeyHint: "sk-…abcd",
});

const ME_EXTRAS = { defaultPersonaId: null, onboardingStep: "done", needsEmailUpdate: false } as const;

const CHARACTER: PublicCharacter = {
  id: "9b2f3c1e-0000-4000-8000-000000000002",
  name: "Ada",
  title: "",
  avatar_url: null,
  avatar_is_nsfw: false,
  creator_user_id: USER.id,
  creator_username: "member",
  tags: [],
  greeting: "Hello",
  visibility: "public",
  definition_visible: false,
  num_messages: 0,
  num_favorites: 0,
  rating_score: null,
  rating_count: 0,
  token_count: 10,
  language: "en",
  is_nsfw: false,
  lora_status: null,
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
  is_favorite: false,
  my_rating: null,
  is_creator_blocked: false,
};
const MODERATION = { moderation_status: null, reason_for_moderation: [], action_taken_description: null };
const DEFINITION = { persona: "A bard.", scenario: "", dialogue: "", card_extras: {} };
const OWN: OwnCharacter = {
  ...CHARACTER,
  ...DEFINITION,
  moderationReport: MODERATION,
  reportsType: [],
  tag_suggestions: [],
};

/** A presenter that hands back more than the contract names, as a careless one might. */
const leakyMe = () => ({ ...presentMe(USER, ME_EXTRAS), password_hash: USER.passwordHash, user: USER });

/** The app's serializer, error handler and response-schema hooks, with routes that misbehave on purpose. */
async function buildLeakyApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerResponseSchemas(app);
  app.get("/api/leaky-me", { schema: { response: { 200: meSchema } } }, async () => leakyMe());
  // The public view of a character whose definition is not visible, with what only its creator may see.
  app.get("/api/leaky-character", { schema: { response: { 200: characterSchema } } }, async () => ({
    ...CHARACTER,
    persona: "hidden definition",
    persona_secret: "hidden definition",
    moderationReport: { ...MODERATION, reviewer_email: "mod@example.com" },
  }));
  app.get("/api/own-character", { schema: { response: { 200: characterSchema } } }, async () => ({
    ...OWN,
    moderationReport: { ...MODERATION, reviewer_email: "mod@example.com" },
  }));
  app.get("/api/leaky-list", { schema: { response: { 200: characterListSchema } } }, async () => ({
    data: [OWN],
    next_cursor: null,
  }));
  // A wrong type (a Date where the contract has a string) fails the answer instead of sending it.
  app.get("/api/wrong-type", { schema: { response: { 200: meSchema } } }, async () => ({
    ...presentMe(USER, ME_EXTRAS),
    created_at: USER.createdAt as unknown as string,
  }));
  // Declares 200 but answers 201 (the types refuse it too, hence the cast): no schema would check it, so
  // the guard refuses it.
  app.post("/api/undeclared-status", { schema: { response: { 200: meSchema } } }, async (_request, reply) =>
    (reply as FastifyReply).status(201).send(leakyMe()),
  );
  app.get("/api/no-schema", async () => leakyMe());
  app.get("/api/missing", { schema: { response: { 200: meSchema } } }, async () => {
    throw notFound();
  });
  app.delete("/api/thing", { schema: { response: { 204: noContent } } }, async (_request, reply) =>
    reply.status(204).send(),
  );
  app.get("/not-api", async () => ({ anything: true }));
  await app.ready();
  return app;
}

describe("response schemas", () => {
  let app: Awaited<ReturnType<typeof buildLeakyApp>>;
  beforeAll(async () => {
    app = await buildLeakyApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("strip every field the contract does not name, nested ones too", async () => {
    const me = await app.inject({ method: "GET", url: "/api/leaky-me" });
    expect(me.statusCode).toBe(200);
    expect(me.body).not.toContain("argon2");
    expect(me.body).not.toContain("encrypted-key");
    expect(Object.keys(me.json()).sort()).toEqual(Object.keys(meSchema.shape).sort());

    const character = await app.inject({ method: "GET", url: "/api/leaky-character" });
    expect(character.statusCode).toBe(200);
    expect(character.body).not.toContain("hidden definition");
    expect(character.body).not.toContain("mod@example.com");
    expect(character.json()).toEqual(CHARACTER);
  });

  it("send the creator's view whole, the public view by definition_visible, and lists as cards", async () => {
    const own = await app.inject({ method: "GET", url: "/api/own-character" });
    expect(own.json()).toEqual(OWN);
    expect(own.body).not.toContain("mod@example.com");

    const list = await app.inject({ method: "GET", url: "/api/leaky-list" });
    expect(list.json()).toEqual({ data: [CHARACTER], next_cursor: null });

    expect(characterSchema.parse({ ...CHARACTER, definition_visible: true, ...DEFINITION })).toEqual({
      ...CHARACTER,
      definition_visible: true,
      ...DEFINITION,
    });
    expect(characterSchema.safeParse({ ...CHARACTER, definition_visible: true }).success).toBe(false);
  });

  it("refuse an answer of the wrong type with a 500, never sending it", async () => {
    const response = await app.inject({ method: "GET", url: "/api/wrong-type" });
    expect(response.statusCode).toBe(500);
    expect(errorBodySchema.parse(response.json()).error.code).toBe("internal_error");
    expect(response.body).not.toContain("member@example.com");
  });

  it("refuse a success answer whose status has no schema, or a route without any", async () => {
    for (const request of [
      { method: "POST", url: "/api/undeclared-status" },
      { method: "GET", url: "/api/no-schema" },
    ] as const) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(500);
      expect(response.body).not.toContain("argon2");
      expect(errorBodySchema.parse(response.json()).error.code).toBe("internal_error");
    }
  });

  it("let errors through as the error body, and empty answers as they are", async () => {
    const missing = await app.inject({ method: "GET", url: "/api/missing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: "Not found." } });

    const removed = await app.inject({ method: "DELETE", url: "/api/thing" });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
  });

  it("leave routes outside /api alone", async () => {
    const response = await app.inject({ method: "GET", url: "/not-api" });
    expect(response.json()).toEqual({ anything: true });
  });
});
