import { describe, expect, it } from "vitest";
import type { MessageRow } from "../../../db/schema";
import {
  groupStops,
  promptCharacter,
  promptHistory,
  type ReplySpeaker,
  standsForConversation,
  withSpeaker,
} from "./generation";

const facts = {
  id: "c",
  name: "Cleo",
  persona: "Cleo's persona",
  scenario: "A tavern.",
  dialogue: "",
} as ReplySpeaker["facts"];

const speaker: ReplySpeaker = {
  facts,
  groupSpeakerId: "c",
  names: new Map([
    ["a", "Aria"],
    ["c", "Cleo"],
    ["x", "Xan"],
  ]),
  others: ["Aria"],
};

const message = (id: string, role: "user" | "bot", content: string, characterId: string | null) =>
  ({ id, role, content, characterId }) as MessageRow;

describe("group prompts", () => {
  it("names the other characters' lines, never the speaker's own or the member's", () => {
    const history = [
      message("1", "bot", "Hello.", "a"),
      message("2", "bot", "Hi there.", "c"),
      message("3", "user", "Hey all", null),
      message("4", "bot", "Old words.", "x"),
    ];
    expect(promptHistory(history, speaker).map((m) => m.content)).toEqual([
      "Aria: Hello.",
      "Hi there.",
      "Hey all",
      "Xan: Old words.",
    ]);
  });

  it("keeps a one-character chat's history and card as they are", () => {
    const sole: ReplySpeaker = { facts, groupSpeakerId: null, names: new Map(), others: [] };
    const history = [message("1", "bot", "Hello.", null), message("2", "user", "Hi", null)];
    expect(promptHistory(history, sole).map((m) => m.content)).toEqual(["Hello.", "Hi"]);
    expect(promptCharacter(sole)).toEqual({
      name: "Cleo",
      persona: "Cleo's persona",
      scenario: "A tavern.",
      dialogue: "",
    });
    expect(groupStops(sole)).toEqual([]);
  });

  it("tells the speaker who else is there, and stops at another character's line", () => {
    expect(promptCharacter(speaker).scenario).toBe(
      "A tavern.\n\n[Group chat: Cleo is talking with {{user}}, Aria. Other characters' lines are prefixed with their names. Write only Cleo's next reply.]",
    );
    expect(groupStops(speaker)).toEqual(["\nAria:"]);
  });

  it("labels a group reply's write with its speaker and lets any member stand for the chat", () => {
    const write = withSpeaker("c", () => ({
      content: "x",
      status: "complete",
      alternates: [],
      alternateIndex: 0,
    }));
    expect(write(null)).toMatchObject({ characterId: "c" });
    const plain = withSpeaker(null, () => ({
      content: "x",
      status: "complete",
      alternates: [],
      alternateIndex: 0,
    }));
    expect(plain(null)).not.toHaveProperty("characterId");
    const group = {
      mode: "natural" as const,
      members: [{ id: "b", name: "Bo", muted: false, talkativeness: 0.5 }],
    };
    expect(standsForConversation(group, "a", "b")).toBe(true);
    expect(standsForConversation(null, "a", "b")).toBe(false);
    expect(standsForConversation(null, "a", "a")).toBe(true);
  });
});
