import { describe, expect, it } from "vitest";
import {
  formatSillyTavernCreateDate,
  parseSillyTavernChat,
  parseSillyTavernDate,
  serializeSillyTavernChat,
} from "./sillytavern";
import { ChatFileError, type TranscriptLimits } from "./transcript";

const LIMITS: TranscriptLimits = { maxMessages: 100, maxChars: 10_000, maxAlternates: 10, maxNameChars: 50 };

/** Lines as SillyTavern writes them (JSON.stringify of each object), with fields Hearth has no column for. */
const LINES = [
  {
    user_name: "Ann",
    character_name: "Seraphina",
    create_date: "2024-4-1@15h04m05s",
    chat_metadata: { note_prompt: "", note_interval: 1, tainted: true, timedWorldInfo: { sticky: {} } },
    unknown_header_field: [1, "two"],
  },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "April 1, 2024 3:04pm",
    mes: "*She smiles.* Welcome to the glade.",
    swipes: ["*She smiles.* Welcome to the glade.", "Hello, traveller."],
    swipe_id: 0,
    swipe_info: [{ send_date: "April 1, 2024 3:04pm", extra: {} }],
    extra: { zeta: 1, alpha: 2 },
  },
  {
    name: "Ann",
    is_user: true,
    send_date: "April 1, 2024 3:04pm",
    mes: "Hi! Where am I?",
    extra: { isSmallSys: false },
    force_avatar: "User Avatars/ann.png",
  },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "2024-04-01T15:06:10.123Z",
    mes: "Second take.",
    swipes: ["First take.", "Second take.", "Third take."],
    swipe_id: 1,
    gen_started: "2024-04-01T15:06:00.000Z",
    gen_finished: "2024-04-01T15:06:10.000Z",
    extra: { api: "openai", model: "gpt-4o", token_count: 12 },
  },
  {
    name: "System",
    is_user: false,
    is_system: true,
    send_date: 1711983900000,
    mes: "A note from the narrator.",
    swipes: ["A note from the narrator."],
    swipe_id: 0,
    extra: { type: "narrator" },
  },
];
const FILE = LINES.map((line) => JSON.stringify(line)).join("\n");

describe("SillyTavern chat files", () => {
  it("read messages, roles, names, alternates and timestamps", () => {
    const chat = parseSillyTavernChat(FILE, LIMITS);
    expect(chat.userName).toBe("Ann");
    expect(chat.characterName).toBe("Seraphina");
    expect(chat.messages.map((m) => [m.role, m.content, m.alternates.length, m.alternateIndex])).toEqual([
      ["bot", "*She smiles.* Welcome to the glade.", 2, 0],
      ["user", "Hi! Where am I?", 0, 0],
      ["bot", "Second take.", 3, 1],
      ["bot", "A note from the narrator.", 0, 0],
    ]);
    expect(chat.messages[1]?.personaName).toBe("Ann");
    expect(chat.messages[0]?.speakerName).toBe("Seraphina");
    const times = chat.messages.map((m) => m.createdAt.toISOString());
    expect(times[0]).toBe("2024-04-01T15:04:00.000Z");
    // Same minute as the greeting: moved 1 ms later so the order holds.
    expect(times[1]).toBe("2024-04-01T15:04:00.001Z");
    expect(times[2]).toBe("2024-04-01T15:06:10.123Z");
    // Epoch ms before the previous message: kept after it.
    expect(times[3]).toBe("2024-04-01T15:06:10.124Z");
  });

  it("write back the same file, unknown fields and key order included", () => {
    const chat = parseSillyTavernChat(FILE, LIMITS);
    // Through storage: jsonb reorders keys, so what is kept must survive a JSON round trip with sorted keys.
    const stored = JSON.parse(JSON.stringify(chat, sortKeys)) as typeof chat;
    const out = serializeSillyTavernChat({
      userName: "someone else",
      characterName: "another name",
      createdAt: new Date(),
      meta: chat.meta,
      messages: stored.messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
    });
    expect(out).toBe(FILE);
    expect(
      serializeSillyTavernChat({ ...exportOf(FILE), meta: parseSillyTavernChat(`${FILE}\n`, LIMITS).meta }),
    ).toBe(`${FILE}\n`);
  });

  it("write a changed alternate and edited text into the kept lines", () => {
    const chat = parseSillyTavernChat(FILE, LIMITS);
    const messages = chat.messages.map((m, i) =>
      i === 2 ? { ...m, alternates: [...m.alternates, "Fourth."], alternateIndex: 3, content: "Fourth." } : m,
    );
    const lines = serializeSillyTavernChat({ ...exportOf(FILE), messages })
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[3]).toMatchObject({
      mes: "Fourth.",
      swipe_id: 3,
      swipes: ["First take.", "Second take.", "Third take.", "Fourth."],
    });
    expect(lines[3]?.gen_started).toBe("2024-04-01T15:06:00.000Z");
  });

  it("write chats that were never in SillyTavern in its shape", () => {
    const out = serializeSillyTavernChat({
      userName: "Ann",
      characterName: "Aria",
      createdAt: new Date("2025-01-02T03:04:05Z"),
      meta: null,
      messages: [
        {
          role: "bot",
          content: "b",
          alternates: ["a", "b"],
          alternateIndex: 1,
          createdAt: new Date("2025-01-02T03:04:05Z"),
          personaName: null,
          speakerName: null,
          extras: null,
        },
        {
          role: "user",
          content: "hi",
          alternates: [],
          alternateIndex: 0,
          createdAt: new Date("2025-01-02T03:05:00Z"),
          personaName: "Annie",
          speakerName: null,
          extras: null,
        },
      ],
    });
    const [header, bot, user] = out.split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toEqual({
      user_name: "Ann",
      character_name: "Aria",
      create_date: "2025-01-02@03h04m05s",
      chat_metadata: {},
    });
    expect(bot).toEqual({
      name: "Aria",
      is_user: false,
      is_system: false,
      send_date: "2025-01-02T03:04:05.000Z",
      mes: "b",
      swipes: ["a", "b"],
      swipe_id: 1,
      extra: {},
    });
    expect(user).toMatchObject({ name: "Annie", is_user: true, mes: "hi" });
    // And it reads back into the same messages.
    const back = parseSillyTavernChat(out, LIMITS);
    expect(back.messages.map((m) => [m.role, m.content, m.alternates, m.createdAt.toISOString()])).toEqual([
      ["bot", "b", ["a", "b"], "2025-01-02T03:04:05.000Z"],
      ["user", "hi", [], "2025-01-02T03:05:00.000Z"],
    ]);
  });

  it("read files without a header, with CRLF line ends and a byte order mark", () => {
    const text = `\ufeff${JSON.stringify(LINES[2])}\r\n${JSON.stringify(LINES[3])}\r\n`;
    const chat = parseSillyTavernChat(text, LIMITS);
    expect(chat.userName).toBeNull();
    expect(chat.messages).toHaveLength(2);
  });

  it("refuse what is not a chat, with the line", () => {
    const refusal = (text: string, limits = LIMITS) => {
      try {
        parseSillyTavernChat(text, limits);
      } catch (error) {
        expect(error).toBeInstanceOf(ChatFileError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refusal("")).toMatch(/empty/);
    expect(refusal(`${JSON.stringify(LINES[0])}\nnot json`)).toMatch(/Line 2 is not valid JSON/);
    expect(refusal(`${JSON.stringify(LINES[0])}\n[1,2]`)).toMatch(/Line 2 is not a chat message/);
    expect(refusal(`${JSON.stringify(LINES[0])}\n{"name":"x","is_user":true}`)).toMatch(
      /Line 2 has no message text/,
    );
    expect(refusal(`${JSON.stringify(LINES[0])}\n{"mes":"x","swipes":"no"}`)).toMatch(/swipes/);
    expect(refusal(FILE, { ...LIMITS, maxMessages: 3 })).toMatch(/4 messages; a chat may hold at most 3/);
    expect(refusal(FILE, { ...LIMITS, maxChars: 10 })).toMatch(/line 2 is too long/);
    expect(refusal(FILE, { ...LIMITS, maxAlternates: 2 })).toMatch(/line 4 has 3 swipes/);
  });
});

describe("SillyTavern dates", () => {
  it.each([
    ["April 1, 2024 3:04pm", "2024-04-01T15:04:00.000Z"],
    ["April 1, 2024 12:04am", "2024-04-01T00:04:00.000Z"],
    ["December 31, 2023 11:59 PM", "2023-12-31T23:59:00.000Z"],
    ["Jan 5, 2024 09:15", "2024-01-05T09:15:00.000Z"],
    ["2024-04-01T15:04:05.678Z", "2024-04-01T15:04:05.678Z"],
    ["2024-04-01T17:04:05+02:00", "2024-04-01T15:04:05.000Z"],
    ["2024-04-01 15:04:05", "2024-04-01T15:04:05.000Z"],
    ["2024-4-1@15h04m05s", "2024-04-01T15:04:05.000Z"],
    ["2024-04-01 @15h 04m 05s 678ms", "2024-04-01T15:04:05.678Z"],
    [1711983845678, "2024-04-01T15:04:05.678Z"],
    ["1711983845678", "2024-04-01T15:04:05.678Z"],
  ])("%s", (input, expected) => {
    expect(parseSillyTavernDate(input)?.toISOString()).toBe(expected);
  });

  it.each([["yesterday"], [""], [null], [{}], ["Smarch 1, 2024 3:04pm"], ["April 1, 2024 13:04pm"], [-5]])(
    "%s is no date",
    (input) => {
      expect(parseSillyTavernDate(input)).toBeNull();
    },
  );

  it("format create dates", () => {
    expect(formatSillyTavernCreateDate(new Date("2024-04-01T05:04:03Z"))).toBe("2024-04-01@05h04m03s");
  });
});

function exportOf(file: string) {
  const chat = parseSillyTavernChat(file, LIMITS);
  return {
    userName: "x",
    characterName: "y",
    createdAt: new Date(),
    meta: chat.meta,
    messages: chat.messages,
  };
}

function sortKeys(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key]]),
  );
}
