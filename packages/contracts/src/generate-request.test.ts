import { describe, expect, it } from "vitest";
import {
  type GenerateRequest,
  type GenerationMode,
  generateRequestSchema,
  parseGenerateEvent,
  parseGenerationMode,
} from "./chat";

const CHARACTER = "0d5f8c1e-6a53-4d8f-9f7e-2f1c6a0b3c4d";
const CONVERSATION = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const parse = (body: Partial<GenerateRequest>) =>
  generateRequestSchema.safeParse({ character_id: CHARACTER, type: "text", ...body });

describe("generateRequestSchema", () => {
  it.each<[Partial<GenerateRequest>, GenerationMode]>([
    [{ message: "  Hello  " }, { kind: "message", text: "Hello" }],
    [
      { message: "Hi", conversation_id: CONVERSATION },
      { kind: "message", text: "Hi" },
    ],
    [{ regenerate: true, conversation_id: CONVERSATION }, { kind: "regenerate" }],
    [
      { regenerate: true, conversation_id: CONVERSATION, target_message_id: CONVERSATION },
      { kind: "regenerate", messageId: CONVERSATION },
    ],
    [{ continue_chat: true, conversation_id: CONVERSATION }, { kind: "continue" }],
    [{ resubmit: true, conversation_id: CONVERSATION }, { kind: "resubmit" }],
    [{ autopilot: true }, { kind: "autopilot" }],
    [{ autopilot: true, conversation_id: CONVERSATION, regenerate: false }, { kind: "autopilot" }],
  ])("parses the flags %j into one mode", (body, mode) => {
    const parsed = parse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.mode).toEqual(mode);
  });

  it("keeps the other fields and drops the wire flags", () => {
    const parsed = parse({
      message: "Hi",
      conversation_id: CONVERSATION,
      persona_id: CONVERSATION,
      generation_settings: { temperature: 0.5 },
    });
    expect(parsed.data).toEqual({
      character_id: CHARACTER,
      conversation_id: CONVERSATION,
      persona_id: CONVERSATION,
      generation_settings: { temperature: 0.5 },
      shared_link: false,
      mode: { kind: "message", text: "Hi" },
    });
  });

  it.each<[Partial<GenerateRequest>, string[], string]>([
    [{}, ["message"], "Message can't be empty"],
    [{ regenerate: false, autopilot: false }, ["message"], "Message can't be empty"],
    [
      { message: "Hi", regenerate: true, conversation_id: CONVERSATION },
      [],
      "Choose one of message, regenerate, continue_chat, resubmit, autopilot",
    ],
    [{ regenerate: true, continue_chat: true, conversation_id: CONVERSATION }, [], "Choose one of"],
    [{ regenerate: true }, ["conversation_id"], "This needs an existing conversation"],
    [{ continue_chat: true }, ["conversation_id"], "This needs an existing conversation"],
    [{ resubmit: true }, ["conversation_id"], "This needs an existing conversation"],
    [
      { continue_chat: true, conversation_id: CONVERSATION, target_message_id: CONVERSATION },
      ["target_message_id"],
      "Only a regenerated reply can name its message",
    ],
    [
      { message: "Hi", conversation_id: CONVERSATION, target_message_id: CONVERSATION },
      ["target_message_id"],
      "Only a regenerated reply",
    ],
  ])("refuses %j on %j", (body, path, message) => {
    const parsed = parse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toHaveLength(1);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });

  it("checks the fields before the mode", () => {
    const parsed = parse({ message: "   " });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["Message can't be empty"]);
    expect(parse({ message: "Hi", type: "image" as "text" }).success).toBe(false);
  });
});

describe("parseGenerationMode", () => {
  it("answers a mode or an issue, never both", () => {
    expect(parseGenerationMode({ autopilot: true })).toEqual({ mode: { kind: "autopilot" } });
    expect(parseGenerationMode({ regenerate: true })).toEqual({
      issue: { path: ["conversation_id"], message: "This needs an existing conversation" },
    });
  });
});

describe("parseGenerateEvent", () => {
  it("reads each event of the stream by its name", () => {
    expect(parseGenerateEvent("token", '{"text":"Hi"}')).toEqual({ event: "token", data: { text: "Hi" } });
    expect(
      parseGenerateEvent("start", '{"stream_id":"s1","conversation_id":"c1","user_message":null}'),
    ).toEqual({
      event: "start",
      data: { stream_id: "s1", conversation_id: "c1", user_message: null },
    });
    expect(parseGenerateEvent("error", '{"error":{"code":"llm_unavailable","message":"Down"}}')).toEqual({
      event: "error",
      data: { error: { code: "llm_unavailable", message: "Down" } },
    });
  });

  it("skips a name the stream does not send, and throws on data that breaks the contract", () => {
    expect(parseGenerateEvent("message", "{}")).toBeNull();
    expect(() => parseGenerateEvent("token", "{}")).toThrow();
    expect(() => parseGenerateEvent("done", "not json")).toThrow();
  });
});
