import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { messages } from "../src/db/schema";
import { createLlmRegistry, type LlmRegistry } from "../src/modules/llm/index";
import { insertCharacter } from "./characters-fixtures";
import { startServer, type TestServer } from "./harness";
import { generate } from "./support/chat";
import { type FakeOpenAi, startFakeOpenAi } from "./support/fake-openai";
import { type SignedUp, signUp } from "./support/members";
import { freePort } from "./support/ports";

const SERVER_ENV = { MODEL_REF: "none", AUTH_RATE_LIMIT_MAX: "1000", GENERATE_RATE_LIMIT_MAX: "1000" };

let fake: FakeOpenAi;
let server: TestServer;
let unreachableServer: TestServer;
/** For each request the model got: whether the user's message was already saved when it went out. */
const savedWhenSent: boolean[] = [];

const userMessageSaved = async (database: TestServer["database"], text: string) =>
  (await database.db.select({ id: messages.id }).from(messages).where(eq(messages.content, text))).length > 0;

/**
 * The platform's engine, with a look at the database as each request leaves: the request's `onSent` is
 * passed on once the look is done, so the server cannot save the turn in between.
 */
function watchedRegistry(real: LlmRegistry): LlmRegistry {
  return {
    ...real,
    providerFor(model, user) {
      const provider = real.providerFor(model, user);
      return {
        ...provider,
        stream: (request) =>
          provider.stream({
            ...request,
            onSent: () => {
              const text = request.messages.findLast((message) => message.role === "user")?.content ?? "";
              void userMessageSaved(server.database, text).then((saved) => {
                savedWhenSent.push(saved);
                request.onSent?.();
              });
            },
          }),
      };
    },
  };
}

async function chatSetup(target: TestServer): Promise<{ member: SignedUp; characterId: string }> {
  const member = await signUp(target);
  const creator = await signUp(target);
  const character = await insertCharacter(target, { creatorUserId: creator.user.id, name: "Mara" });
  return { member, characterId: character.id };
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const registry = createLlmRegistry(loadConfig({ LLM_BASE_URL: fake.url, ...SERVER_ENV }));
  server = await startServer({ LLM_BASE_URL: fake.url, ...SERVER_ENV }, watchedRegistry(registry));
  const nobody = `http://127.0.0.1:${await freePort()}/v1`;
  unreachableServer = await startServer(
    { LLM_BASE_URL: nobody, LLM_MODEL: "fake-model", ...SERVER_ENV },
    createLlmRegistry(loadConfig({ LLM_BASE_URL: nobody, LLM_MODEL: "fake-model", ...SERVER_ENV })),
  );
});

afterAll(async () => {
  await server?.close();
  await unreachableServer?.close();
  await fake?.close();
});

describe("the user's turn and the model's request", () => {
  it("saves the user's message once the model's request is out, before any token is relayed", async () => {
    const { member, characterId } = await chatSetup(server);
    const text = "who keeps the light tonight?";
    const result = await generate(server, member.token, { character_id: characterId, message: text });
    expect(result.error).toBeNull();
    expect(savedWhenSent).toEqual([false]);
    expect(result.start?.user_message?.content).toBe(text);
    expect(result.tokens.join("")).toContain(text);
    expect(await userMessageSaved(server.database, text)).toBe(true);
  });

  it("still saves the user's message when the model cannot be reached, and answers the error", async () => {
    const { member, characterId } = await chatSetup(unreachableServer);
    const text = "is anyone out there?";
    const result = await generate(unreachableServer, member.token, {
      character_id: characterId,
      message: text,
    });
    expect(result.error?.code).toBe("llm_unavailable");
    expect(result.start?.user_message?.content).toBe(text);
    expect(result.tokens).toEqual([]);
    expect(await userMessageSaved(unreachableServer.database, text)).toBe(true);
  });
});
