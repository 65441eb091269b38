import { ChatFileError, nextTimestamp, type TranscriptLimits, type TranscriptMessage } from "./transcript";

/**
 * SillyTavern's chat files (JSONL): a header line `{user_name, character_name, create_date, chat_metadata}`
 * then one line per message `{name, is_user, is_system, send_date, mes, swipes?, swipe_id?, swipe_info?,
 * extra}`. Reading keeps every field Hearth has no column for, in order, as JSON text (PostgreSQL's jsonb
 * would reorder keys), so that writing the messages back gives the same lines.
 */

/** Where a message line's own fields are kept (`extras.sillytavern`): the line with `mes` (and long swipes) blanked. */
const MESSAGE_KEY = "sillytavern";
/** Where the header and the file's layout are kept (`import_meta.sillytavern`). */
const META_KEY = "sillytavern";

type JsonObject = Record<string, unknown>;

export type SillyTavernChat = {
  /** The header's names, when the file has them. */
  userName: string | null;
  characterName: string | null;
  /** For the conversation's `import_meta`: the header line and the file's layout. */
  meta: JsonObject;
  messages: TranscriptMessage[];
};

export type SillyTavernExport = {
  /** Used when the chat was not imported from SillyTavern (no header kept). */
  userName: string;
  characterName: string;
  createdAt: Date;
  /** The conversation's `import_meta`, when it was imported. */
  meta: JsonObject | null;
  messages: TranscriptMessage[];
};

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

function validDate(ms: number): Date | null {
  // Years 1970 to 2200: anything else is a misread, not a date of a chat.
  return Number.isFinite(ms) && ms >= 0 && ms < 7_258_118_400_000 ? new Date(ms) : null;
}

/**
 * A `send_date` or `create_date` as SillyTavern has written them over the years: epoch milliseconds (a
 * number or digits), ISO 8601, "April 1, 2024 3:04pm", and "2024-4-1@15h04m05s" (optionally "123ms").
 * Dates without a zone are read as UTC. Null when it is none of these.
 */
export function parseSillyTavernDate(value: unknown): Date | null {
  if (typeof value === "number") return validDate(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (/^\d{10,14}$/.test(text)) return validDate(Number(text));
  const human =
    /^([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(text);
  if (human) {
    const [, monthName = "", day, year, hour, minute, second, half] = human;
    const month = MONTHS.findIndex(
      (name) => name.startsWith(monthName.toLowerCase()) && monthName.length >= 3,
    );
    if (month < 0) return null;
    let hours = Number(hour);
    if (half) {
      if (hours < 1 || hours > 12) return null;
      hours = (hours % 12) + (half.toLowerCase().startsWith("p") ? 12 : 0);
    }
    return validDate(Date.UTC(Number(year), month, Number(day), hours, Number(minute), Number(second ?? 0)));
  }
  const humanized =
    /^(\d{4})-(\d{1,2})-(\d{1,2})\s*@\s*(\d{1,2})h\s*(\d{1,2})m\s*(\d{1,2})s(?:\s*(\d{1,3})ms)?$/.exec(text);
  if (humanized) {
    const [, year, month, day, hours, minutes, seconds, ms] = humanized;
    return validDate(
      Date.UTC(
        Number(year),
        Number(month) - 1,
        Number(day),
        Number(hours),
        Number(minutes),
        Number(seconds),
        Number(ms ?? 0),
      ),
    );
  }
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) || text.length === 10;
    return validDate(Date.parse(zoned ? text.replace(" ", "T") : `${text.replace(" ", "T")}Z`));
  }
  return null;
}

/** SillyTavern's `create_date` form: "2024-04-01@15h04m05s". */
export function formatSillyTavernCreateDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}@${pad(
    date.getUTCHours(),
  )}h${pad(date.getUTCMinutes())}m${pad(date.getUTCSeconds())}s`;
}

function isHeader(line: JsonObject): boolean {
  return !("mes" in line) && ("user_name" in line || "character_name" in line || "chat_metadata" in line);
}

function readLine(text: string, number: number): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ChatFileError(
      `Line ${number} is not valid JSON: this is not a SillyTavern chat file (.jsonl).`,
    );
  }
  if (!isObject(value)) throw new ChatFileError(`Line ${number} is not a chat message.`);
  return value;
}

function checkText(value: string, number: number, limits: TranscriptLimits): string {
  if (value.length > limits.maxChars) {
    throw new ChatFileError(
      `The message on line ${number} is too long (${value.length} characters; the limit is ${limits.maxChars}).`,
    );
  }
  return value;
}

function shortName(value: unknown, limits: TranscriptLimits): string | null {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, limits.maxNameChars) : null;
}

/** Reads a SillyTavern chat file; throws ChatFileError (with the line) for anything it cannot read. */
export function parseSillyTavernChat(
  text: string,
  limits: TranscriptLimits,
  now = new Date(),
): SillyTavernChat {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rawLines = body.split("\n");
  const lines = rawLines
    .map((line, index) => ({ text: line.endsWith("\r") ? line.slice(0, -1) : line, number: index + 1 }))
    .filter((line) => line.text.trim() !== "");
  if (lines.length === 0) throw new ChatFileError("The file is empty.");
  const first = lines[0] ? readLine(lines[0].text, lines[0].number) : null;
  const header = first && isHeader(first) ? first : null;
  const messageLines = header ? lines.slice(1) : lines;
  if (messageLines.length > limits.maxMessages) {
    throw new ChatFileError(
      `This chat has ${messageLines.length} messages; a chat may hold at most ${limits.maxMessages}.`,
    );
  }
  const fallbackStart = parseSillyTavernDate(header?.create_date) ?? now;
  let previous: Date | null = null;
  const messages = messageLines.map((line): TranscriptMessage => {
    const object = line === lines[0] && first ? first : readLine(line.text, line.number);
    if (isHeader(object)) throw new ChatFileError(`Line ${line.number} is a second chat header.`);
    const { mes, swipes, swipe_id: swipeId, is_user: isUser, name } = object;
    if (typeof mes !== "string") {
      throw new ChatFileError(`Line ${line.number} has no message text ("mes").`);
    }
    const content = checkText(mes, line.number, limits);
    let alternates: string[] = [];
    if (swipes !== undefined && swipes !== null) {
      if (!Array.isArray(swipes) || swipes.some((swipe) => typeof swipe !== "string")) {
        throw new ChatFileError(`Line ${line.number}: "swipes" must be a list of texts.`);
      }
      if (swipes.length > limits.maxAlternates) {
        throw new ChatFileError(
          `The message on line ${line.number} has ${swipes.length} swipes; the limit is ${limits.maxAlternates}.`,
        );
      }
      const texts = swipes as string[];
      for (const swipe of texts) checkText(swipe, line.number, limits);
      if (texts.length >= 2) alternates = texts;
    }
    const alternateIndex =
      alternates.length > 0 && typeof swipeId === "number" && Number.isInteger(swipeId)
        ? Math.min(Math.max(swipeId, 0), alternates.length - 1)
        : 0;
    const role = isUser === true ? "user" : "bot";
    const createdAt = nextTimestamp(parseSillyTavernDate(object.send_date), previous, fallbackStart);
    previous = createdAt;
    // The line itself, its big texts blanked, as JSON text: the order of its keys survives storage.
    const skeleton: JsonObject = { ...object, mes: null };
    if (alternates.length > 0) skeleton.swipes = null;
    return {
      role,
      content,
      alternates,
      alternateIndex,
      createdAt,
      personaName: role === "user" ? shortName(name, limits) : null,
      speakerName: role === "bot" ? shortName(name, limits) : null,
      extras: { [MESSAGE_KEY]: JSON.stringify(skeleton) },
    };
  });
  return {
    userName: typeof header?.user_name === "string" ? header.user_name : null,
    characterName: typeof header?.character_name === "string" ? header.character_name : null,
    meta: {
      [META_KEY]: {
        header: header ? JSON.stringify(header) : null,
        trailing_newline: /\n\s*$/.test(body),
      },
    },
    messages,
  };
}

function kept(source: JsonObject | null, key: string): JsonObject | null {
  const value = source?.[key];
  if (typeof value !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function messageLine(message: TranscriptMessage, chat: SillyTavernExport): JsonObject {
  const skeleton = kept(message.extras, MESSAGE_KEY);
  if (skeleton) {
    const line: JsonObject = { ...skeleton, mes: message.content };
    if ("swipes" in line) {
      const empty = Array.isArray(line.swipes) && line.swipes.length === 0;
      line.swipes = message.alternates.length > 0 ? message.alternates : empty ? [] : [message.content];
    }
    if ("swipe_id" in line)
      line.swipe_id = message.alternates.length > 0 ? message.alternateIndex : line.swipe_id;
    return line;
  }
  const isUser = message.role === "user";
  const line: JsonObject = {
    name: isUser ? (message.personaName ?? chat.userName) : (message.speakerName ?? chat.characterName),
    is_user: isUser,
    is_system: false,
    send_date: message.createdAt.toISOString(),
    mes: message.content,
  };
  if (!isUser) {
    line.swipes = message.alternates.length > 0 ? message.alternates : [message.content];
    line.swipe_id = message.alternates.length > 0 ? message.alternateIndex : 0;
  }
  line.extra = {};
  return line;
}

/** Writes a chat as SillyTavern JSONL; a chat imported from it gives back the lines it came from. */
export function serializeSillyTavernChat(chat: SillyTavernExport): string {
  const meta = isObject(chat.meta?.[META_KEY]) ? (chat.meta[META_KEY] as JsonObject) : null;
  const header = kept(meta, "header") ?? {
    user_name: chat.userName,
    character_name: chat.characterName,
    create_date: formatSillyTavernCreateDate(chat.createdAt),
    chat_metadata: {},
  };
  const lines = [header, ...chat.messages.map((message) => messageLine(message, chat))].map((line) =>
    JSON.stringify(line),
  );
  return lines.join("\n") + (meta?.trailing_newline === true ? "\n" : "");
}
