// Lorebook files to Hearth's form and back, without loss: a card's character_book (V2 and V3),
// standalone V3 lorebooks ({spec: "lorebook_v3", data}) and SillyTavern world info files.
//
// Each format field maps to Hearth fields through a codec (read and write). What a format has that Hearth
// has no place for (unknown fields, the original of a value Hearth had to change: a null, a float, a
// SillyTavern position Hearth only approximates) is kept in the book's and each entry's `extensions`
// under LOREBOOK_SOURCE_KEY, with the format's key order. A writer for the same format puts those
// originals back as long as the Hearth fields they map to are unchanged, so writing what was read gives
// the file back; a changed field is written from Hearth's value.

import {
  LOREBOOK_DEFAULTS,
  LOREBOOK_LIMITS,
  type Lorebook,
  type LorebookEntry,
  type LorePosition,
  lorebookSchema,
  type SelectiveLogic,
} from "@hearth/contracts";
import { isJsonObject, setField } from "../cards/validate";
import { REGEX_KEY } from "./matcher";

type JsonObject = Record<string, unknown>;

export type LorebookFormat = "sillytavern" | "lorebook_v3" | "character_book";

/** A file is not a lorebook Hearth can read; `message` is written for the person who picked the file. */
export class LorebookFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LorebookFormatError";
  }
}

/** The key, in a book's and each entry's `extensions`, under which what a format had beyond Hearth is kept. */
export const LOREBOOK_SOURCE_KEY = "hearth/source";

/** What is kept of an object read from a format (a book, an entry or a file's envelope). */
type SourceRecord = {
  format: LorebookFormat;
  /** The object's keys in their order. */
  order: string[];
  /** Fields no codec reads, as they were. */
  unknown: JsonObject;
  /** Per codec whose write would not give back the original: the original values and the Hearth values they gave. */
  saved: Record<string, { values: ([] | [unknown])[]; hearth: unknown }>;
  /** A SillyTavern entry's key in the file's entries object, when it is not its uid. */
  dictKey?: string;
  /** A standalone V3 lorebook's envelope fields beside spec and data. */
  envelope?: JsonObject;
};

type Path = readonly [string] | readonly [string, string];

type Codec<H> = {
  name: string;
  /** The format fields it reads and writes (top-level, or one level into an object such as extensions). */
  paths: readonly Path[];
  /** The Hearth fields it gives. */
  hearth: readonly (keyof H)[];
  read: (raw: JsonObject) => Partial<H>;
  /** One value per path; undefined leaves the field out. */
  write: (value: H) => unknown[];
};

// ----- small helpers -----

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
    );
  }
  return false;
}

/** [] when absent, [value] when present. */
function lookup(raw: JsonObject, path: Path): [] | [unknown] {
  const [first, second] = path;
  if (!Object.hasOwn(raw, first)) return [];
  const value = raw[first];
  if (second === undefined) return [value];
  return isJsonObject(value) && Object.hasOwn(value, second) ? [value[second]] : [];
}

/** Writes (or, for undefined, removes) a field; a nested object is copied before it changes. */
function put(target: JsonObject, path: Path, value: unknown): void {
  const [first, second] = path;
  if (second === undefined) {
    if (value === undefined) delete target[first];
    else setField(target, first, value);
    return;
  }
  const current = target[first];
  if (!isJsonObject(current) && value === undefined) return;
  const copy: JsonObject = isJsonObject(current) ? { ...current } : {};
  if (value === undefined) delete copy[second];
  else setField(copy, second, value);
  setField(target, first, copy);
}

/** The Hearth values a codec gives (extensions without the source record). */
function pick<H>(value: H, keys: readonly (keyof H)[]): unknown[] {
  return keys.map((key) => {
    const field = value[key];
    return key === "extensions" && isJsonObject(field) ? ownExtensions(field) : field;
  });
}

const text = (value: unknown, max: number, fallback = ""): string =>
  typeof value === "string" ? value.slice(0, max) : fallback;

const integer = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.round(value)))
    : fallback;

/** Insertion orders and priorities: any safe integer a file may hold, rounded. */
const order = (value: unknown, fallback: number): number => integer(value, -1e9, 1e9, fallback);

function keyList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, LOREBOOK_LIMITS.keysMax)
    .map((key) => (typeof key === "string" ? key : typeof key === "number" ? String(key) : ""))
    .map((key) => key.slice(0, LOREBOOK_LIMITS.keyMax));
}

/** Hearth's `extensions` without the source record. */
function ownExtensions(extensions: JsonObject): JsonObject {
  if (!Object.hasOwn(extensions, LOREBOOK_SOURCE_KEY)) return extensions;
  const copy: JsonObject = {};
  for (const key of Object.keys(extensions)) {
    if (key !== LOREBOOK_SOURCE_KEY) setField(copy, key, extensions[key]);
  }
  return copy;
}

function sourceRecord(extensions: JsonObject, format: LorebookFormat): SourceRecord | undefined {
  const record = extensions[LOREBOOK_SOURCE_KEY];
  if (!isJsonObject(record) || record.format !== format) return undefined;
  return record as unknown as SourceRecord;
}

/** Reads an object with codecs; returns the Hearth fields and the record of what they do not give back. */
function readWith<H>(
  raw: JsonObject,
  codecs: readonly Codec<H>[],
  format: LorebookFormat,
): { value: Partial<H>; record: SourceRecord } {
  const value: Partial<H> = {};
  for (const codec of codecs) Object.assign(value, codec.read(raw));
  const complete = value as H;
  const saved: SourceRecord["saved"] = {};
  const claimed = new Set<string>();
  for (const codec of codecs) {
    const written = codec.write(complete);
    let same = true;
    codec.paths.forEach((path, index) => {
      claimed.add(path[0]);
      const original = lookup(raw, path);
      const mine = written[index] === undefined ? [] : [written[index]];
      if (original.length !== mine.length || !deepEqual(original[0], mine[0])) same = false;
    });
    if (!same) {
      saved[codec.name] = {
        values: codec.paths.map((path) => lookup(raw, path)),
        hearth: pick(complete, codec.hearth),
      };
    }
  }
  const unknown: JsonObject = {};
  for (const key of Object.keys(raw)) if (!claimed.has(key)) setField(unknown, key, raw[key]);
  return { value, record: { format, order: Object.keys(raw), unknown, saved } };
}

/** Writes an object with codecs, putting back the originals of `record` where the Hearth values are unchanged. */
function writeWith<H>(value: H, codecs: readonly Codec<H>[], record: SourceRecord | undefined): JsonObject {
  const out: JsonObject = {};
  for (const codec of codecs) {
    const saved = record?.saved[codec.name];
    if (saved && deepEqual(pick(value, codec.hearth), saved.hearth)) {
      codec.paths.forEach((path, index) => {
        const original = saved.values[index] ?? [];
        put(out, path, original.length === 0 ? undefined : original[0]);
      });
    } else {
      const written = codec.write(value);
      codec.paths.forEach((path, index) => {
        put(out, path, written[index]);
      });
    }
  }
  if (record) for (const key of Object.keys(record.unknown)) setField(out, key, record.unknown[key]);
  return reorder(out, record?.order);
}

/** An entry's extensions with the source record added (only when there is something to keep). */
function withRecord(extensions: JsonObject, record: SourceRecord): JsonObject {
  const result: JsonObject = { ...extensions };
  setField(result, LOREBOOK_SOURCE_KEY, record);
  return result;
}

/** Gives every entry an id of its own: a repeated or empty id gets a suffix (the original is kept). */
function uniqueIds(entries: LorebookEntry[]): void {
  const used = new Set<string>();
  entries.forEach((entry, index) => {
    let id = entry.id.length > 0 ? entry.id : String(index + 1);
    for (let suffix = 2; used.has(id); suffix++) id = `${entry.id.slice(0, 90)}~${suffix}`;
    used.add(id);
    entry.id = id;
  });
}

function validated(book: Lorebook): Lorebook {
  const result = lorebookSchema.safeParse(book);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new LorebookFormatError(
      `This lorebook cannot be used: ${issue ? issue.message : "it is invalid"}.`,
    );
  }
  return book;
}

// ----- codecs shared by the formats -----

type EntryCodec = Codec<LorebookEntry>;
type BookFields = Omit<Lorebook, "entries">;
type BookCodec = Codec<BookFields>;

const simple = <H, K extends keyof H>(
  name: string,
  path: Path,
  field: K,
  read: (value: unknown, raw: JsonObject) => H[K],
  write: (value: H[K]) => unknown = (value) => value,
): Codec<H> => ({
  name,
  paths: [path],
  hearth: [field],
  read: (raw) => ({ [field]: read(lookup(raw, path)[0], raw) }) as unknown as Partial<H>,
  write: (value) => [write(value[field])],
});

const LOGIC_NUMBERS: Record<SelectiveLogic, number> = { and_any: 0, not_all: 1, not_any: 2, and_all: 3 };
const LOGICS_BY_NUMBER: readonly SelectiveLogic[] = ["and_any", "not_all", "not_any", "and_all"];
const logicOf = (value: unknown): SelectiveLogic =>
  (typeof value === "number" ? LOGICS_BY_NUMBER[value] : undefined) ?? "and_any";

/** SillyTavern's positions: 0 before the character, 1 after, 2/3 around the author's note, 4 at a depth, 5/6 around the examples, 7 an outlet. */
function positionOfNumber(value: unknown): LorePosition {
  if (value === 0) return "before_char";
  if (value === 4 || value === 2 || value === 3) return "at_depth";
  return "after_char";
}
const POSITION_NUMBERS: Record<LorePosition, number> = { before_char: 0, after_char: 1, at_depth: 4 };

const idFrom = (value: unknown): string =>
  typeof value === "number" && Number.isFinite(value)
    ? String(value)
    : typeof value === "string"
      ? value.slice(0, 100)
      : "";
/** The key a SillyTavern entry gets in the file's entries object: its uid, or its index without one. */
const uidKey = (uid: unknown, index: number): string =>
  typeof uid === "string" || typeof uid === "number" ? String(uid) : String(index);

/** An id made of digits goes back as the number it came from. */
const idTo = (id: string): unknown => (/^(0|[1-9]\d{0,14})$/.test(id) ? Number(id) : id);

// ----- character_book (V2 and V3) -----

/** SillyTavern's keys in a card entry's extensions that Hearth reads into its own fields (and writes back). */
const MAPPED_EXTENSIONS = [
  "position",
  "depth",
  "probability",
  "useProbability",
  "selectiveLogic",
  "match_whole_words",
];

function unmappedExtensions(value: unknown): JsonObject {
  const extensions: JsonObject = {};
  if (!isJsonObject(value)) return extensions;
  for (const key of Object.keys(value)) {
    if (!MAPPED_EXTENSIONS.includes(key)) setField(extensions, key, value[key]);
  }
  return extensions;
}

const cardEntryCodecs: readonly EntryCodec[] = [
  simple("id", ["id"], "id", idFrom, idTo),
  simple("keys", ["keys"], "keys", keyList),
  simple("content", ["content"], "content", (value) => text(value, LOREBOOK_LIMITS.contentMax)),
  // Extensions first: the codecs after it write SillyTavern's keys into it.
  simple("extensions", ["extensions"], "extensions", unmappedExtensions, ownExtensions),
  simple("enabled", ["enabled"], "enabled", (value) => value !== false),
  simple("insertion_order", ["insertion_order"], "insertion_order", (value) =>
    order(value, LOREBOOK_DEFAULTS.insertionOrder),
  ),
  simple("case_sensitive", ["case_sensitive"], "case_sensitive", (value, raw) =>
    typeof value === "boolean" ? value : lookup(raw, ["extensions", "case_sensitive"])[0] === true,
  ),
  simple(
    "name",
    ["name"],
    "name",
    (value, raw) =>
      typeof value === "string" && value.length > 0
        ? value.slice(0, LOREBOOK_LIMITS.entryNameMax)
        : text(raw.comment, LOREBOOK_LIMITS.entryNameMax),
    (value) => (value.length > 0 ? value : undefined),
  ),
  simple("priority", ["priority"], "priority", (value, raw) => order(value, order(raw.insertion_order, 10))),
  {
    name: "selective",
    paths: [["selective"], ["secondary_keys"], ["extensions", "selectiveLogic"]],
    hearth: ["secondary_keys", "selective_logic"],
    read: (raw) => ({
      secondary_keys: raw.selective === true ? keyList(raw.secondary_keys) : [],
      selective_logic: logicOf(lookup(raw, ["extensions", "selectiveLogic"])[0]),
    }),
    write: (entry) => [
      entry.secondary_keys.length > 0,
      entry.secondary_keys,
      LOGIC_NUMBERS[entry.selective_logic],
    ],
  },
  simple("constant", ["constant"], "constant", (value) => value === true),
  {
    name: "position",
    paths: [["position"], ["extensions", "position"]],
    hearth: ["position"],
    read: (raw) => {
      const numbered = lookup(raw, ["extensions", "position"]);
      if (numbered.length === 1 && typeof numbered[0] === "number")
        return { position: positionOfNumber(numbered[0]) };
      return { position: raw.position === "after_char" ? "after_char" : "before_char" };
    },
    write: (entry) => [
      entry.position === "after_char" ? "after_char" : "before_char",
      POSITION_NUMBERS[entry.position],
    ],
  },
  // V3 has it on every entry (a V2 book read earlier gets back without it).
  simple("use_regex", ["use_regex"], "use_regex", (value) => value === true),
  simple(
    "match_whole_words",
    ["extensions", "match_whole_words"],
    "match_whole_words",
    (value) => value === true,
    (value) => (value ? true : undefined),
  ),
  simple("depth", ["extensions", "depth"], "depth", (value) =>
    integer(value, 0, LOREBOOK_LIMITS.depthMax, LOREBOOK_DEFAULTS.depth),
  ),
  {
    name: "probability",
    paths: [
      ["extensions", "probability"],
      ["extensions", "useProbability"],
    ],
    hearth: ["probability"],
    read: (raw) => ({
      probability:
        lookup(raw, ["extensions", "useProbability"])[0] === false
          ? 100
          : integer(lookup(raw, ["extensions", "probability"])[0], 0, 100, 100),
    }),
    write: (entry) => (entry.probability === 100 ? [undefined, undefined] : [entry.probability, true]),
  },
];

const cardBookCodecs: readonly BookCodec[] = [
  simple("name", ["name"], "name", (value) => text(value, LOREBOOK_LIMITS.nameMax)),
  simple("description", ["description"], "description", (value) =>
    text(value, LOREBOOK_LIMITS.descriptionMax),
  ),
  simple("scan_depth", ["scan_depth"], "scan_depth", (value) =>
    integer(value, 0, LOREBOOK_LIMITS.scanDepthMax, LOREBOOK_DEFAULTS.scanDepth),
  ),
  simple("token_budget", ["token_budget"], "token_budget", (value) =>
    integer(value, 0, LOREBOOK_LIMITS.tokenBudgetMax, LOREBOOK_DEFAULTS.tokenBudget),
  ),
  simple("recursive_scanning", ["recursive_scanning"], "recursive_scanning", (value) => value === true),
  simple(
    "extensions",
    ["extensions"],
    "extensions",
    (value) => (isJsonObject(value) ? value : {}),
    ownExtensions,
  ),
];

function readEntries(
  rawEntries: readonly unknown[],
  codecs: readonly EntryCodec[],
  format: LorebookFormat,
  dictKeys?: readonly string[],
): LorebookEntry[] {
  if (rawEntries.length > LOREBOOK_LIMITS.entriesMax) {
    throw new LorebookFormatError(
      `This lorebook has ${rawEntries.length} entries; Hearth takes at most ${LOREBOOK_LIMITS.entriesMax}.`,
    );
  }
  const idCodec = codecs.find((codec) => codec.name === "id") as EntryCodec;
  const entries = rawEntries.map((raw, index) => {
    if (!isJsonObject(raw))
      throw new LorebookFormatError(`Entry ${index + 1} of this lorebook is not an object.`);
    const { value, record } = readWith(raw, codecs, format);
    const entry = value as LorebookEntry;
    const dictKey = dictKeys?.[index];
    // The writer keys an entry by its uid (its index without one): keep a key that is not that.
    if (dictKey !== undefined && dictKey !== uidKey(lookup(raw, idCodec.paths[0] as Path)[0], index)) {
      record.dictKey = dictKey;
    }
    if (entry.id.length === 0) entry.id = dictKey ?? String(index + 1);
    return { entry, record, raw };
  });
  uniqueIds(entries.map(({ entry }) => entry));
  return entries.map(({ entry, record, raw }) => {
    // The id may have been made up or made unique here: keep the file's own unless it writes back as it was.
    const original = idCodec.paths.map((path) => lookup(raw, path));
    const written = idCodec.write(entry)[0];
    const first = original[0] ?? [];
    if (first.length === 1 && deepEqual(first[0], written)) delete record.saved.id;
    else record.saved.id = { values: original, hearth: [entry.id] };
    const keep =
      Object.keys(record.unknown).length > 0 ||
      Object.keys(record.saved).length > 0 ||
      record.dictKey !== undefined ||
      !isSameOrder(record.order, codecs);
    return { ...entry, extensions: keep ? withRecord(entry.extensions, record) : entry.extensions };
  });
}

/** Whether a key order is the one a writer gives without a record (codec order), so it need not be kept. */
function isSameOrder<H>(keys: readonly string[], codecs: readonly Codec<H>[]): boolean {
  const natural: string[] = [];
  for (const codec of codecs) {
    for (const path of codec.paths) if (!natural.includes(path[0])) natural.push(path[0]);
  }
  const present = natural.filter((key) => keys.includes(key));
  return present.length === keys.length && present.every((key, index) => keys[index] === key);
}

function readBook(
  raw: JsonObject,
  codecs: readonly BookCodec[],
  entries: LorebookEntry[],
  format: LorebookFormat,
  envelope?: JsonObject,
): Lorebook {
  const { value, record } = readWith(raw, codecs, format);
  if (envelope) record.envelope = envelope;
  const fields = value as BookFields;
  return validated({ ...fields, entries, extensions: withRecord(fields.extensions, record) });
}

function writeEntries(
  book: Lorebook,
  codecs: readonly EntryCodec[],
  format: LorebookFormat,
): { entry: JsonObject; record: SourceRecord | undefined }[] {
  return book.entries.map((entry) => {
    const record = sourceRecord(entry.extensions, format);
    return { entry: writeWith(entry, codecs, record), record };
  });
}

function bookFields(book: Lorebook): BookFields {
  const { entries: _entries, ...fields } = book;
  return fields;
}

/** A file's book around its entries read already, keeping the file's key order (`entries` included). */
function readBookAround(
  raw: JsonObject,
  entries: LorebookEntry[],
  codecs: readonly BookCodec[],
  format: LorebookFormat,
): Lorebook {
  const { entries: _entries, ...rest } = raw;
  const book = readBook(rest, codecs, entries, format);
  const record = sourceRecord(book.extensions, format);
  if (record) record.order = Object.keys(raw);
  return book;
}

/** A file's book from Hearth's form with its entries written already, in the order it was read in. */
function writeBookAround(
  book: Lorebook,
  entries: JsonObject[] | JsonObject,
  codecs: readonly BookCodec[],
  format: LorebookFormat,
): JsonObject {
  const record = sourceRecord(book.extensions, format);
  const out = writeWith(bookFields(book), codecs, record);
  setField(out, "entries", entries);
  return reorder(out, record?.order);
}

/** Hearth's form of a card's `character_book` (V2 or V3). */
export function fromCharacterBook(raw: unknown): Lorebook {
  if (!isJsonObject(raw) || !Array.isArray(raw.entries)) {
    throw new LorebookFormatError("This is not a character book: it needs an entries list.");
  }
  const entries = readEntries(raw.entries, cardEntryCodecs, "character_book");
  return readBookAround(raw, entries, cardBookCodecs, "character_book");
}

/** A card's `character_book` from Hearth's form (V3 fields; a V2 book read earlier comes back as it was). */
export function toCharacterBook(book: Lorebook): JsonObject {
  const entries = writeEntries(book, cardEntryCodecs, "character_book").map(({ entry }) => entry);
  return writeBookAround(book, entries, cardBookCodecs, "character_book");
}

/** `out` in the original key order `keys` (none: as it is); fields that were not there go last. */
function reorder(out: JsonObject, keys: readonly string[] | undefined): JsonObject {
  if (!keys) return out;
  const ordered: JsonObject = {};
  for (const key of keys) if (Object.hasOwn(out, key)) setField(ordered, key, out[key]);
  for (const key of Object.keys(out)) if (!Object.hasOwn(ordered, key)) setField(ordered, key, out[key]);
  return ordered;
}

// ----- standalone V3 lorebooks -----

/** Hearth's form of a standalone V3 lorebook, `{spec: "lorebook_v3", data: <character_book>}`. */
export function fromV3Lorebook(raw: unknown): Lorebook {
  if (!isJsonObject(raw) || raw.spec !== "lorebook_v3" || !isJsonObject(raw.data)) {
    throw new LorebookFormatError(
      'This is not a V3 lorebook: it needs spec "lorebook_v3" and a data object.',
    );
  }
  const book = fromCharacterBook(raw.data);
  const record = sourceRecord(book.extensions, "character_book") as SourceRecord;
  record.format = "lorebook_v3";
  record.envelope = { ...raw, data: null };
  for (const entry of book.entries) {
    const entryRecord = sourceRecord(entry.extensions, "character_book");
    if (entryRecord) entryRecord.format = "lorebook_v3";
  }
  return book;
}

/** A standalone V3 lorebook from Hearth's form. */
export function toV3Lorebook(book: Lorebook): JsonObject {
  const asCardBook = (extensions: JsonObject): JsonObject => {
    const record = sourceRecord(extensions, "lorebook_v3");
    return record ? withRecord(extensions, { ...record, format: "character_book" }) : extensions;
  };
  const data = toCharacterBook({
    ...book,
    extensions: asCardBook(book.extensions),
    entries: book.entries.map((entry) => ({ ...entry, extensions: asCardBook(entry.extensions) })),
  });
  const envelope = sourceRecord(book.extensions, "lorebook_v3")?.envelope ?? {
    spec: "lorebook_v3",
    data: null,
  };
  const out: JsonObject = {};
  for (const key of Object.keys(envelope)) setField(out, key, key === "data" ? data : envelope[key]);
  if (!Object.hasOwn(out, "spec")) setField(out, "spec", "lorebook_v3");
  if (!Object.hasOwn(out, "data")) setField(out, "data", data);
  return out;
}

// ----- SillyTavern world info -----

const stEntryCodecs: readonly EntryCodec[] = [
  simple("id", ["uid"], "id", idFrom, idTo),
  simple("keys", ["key"], "keys", keyList),
  {
    name: "selective",
    paths: [["keysecondary"], ["selective"], ["selectiveLogic"]],
    hearth: ["secondary_keys", "selective_logic"],
    read: (raw) => ({
      secondary_keys: raw.selective === false ? [] : keyList(raw.keysecondary),
      selective_logic: logicOf(raw.selectiveLogic),
    }),
    write: (entry) => [entry.secondary_keys, true, LOGIC_NUMBERS[entry.selective_logic]],
  },
  simple("name", ["comment"], "name", (value) => text(value, LOREBOOK_LIMITS.entryNameMax)),
  simple("content", ["content"], "content", (value) => text(value, LOREBOOK_LIMITS.contentMax)),
  simple("constant", ["constant"], "constant", (value) => value === true),
  simple("insertion_order", ["order"], "insertion_order", (value) =>
    order(value, LOREBOOK_DEFAULTS.insertionOrder),
  ),
  {
    name: "position",
    paths: [["position"], ["depth"]],
    hearth: ["position", "depth"],
    read: (raw) => ({
      position: positionOfNumber(raw.position ?? 0),
      depth: integer(raw.depth, 0, LOREBOOK_LIMITS.depthMax, LOREBOOK_DEFAULTS.depth),
    }),
    write: (entry) => [POSITION_NUMBERS[entry.position], entry.depth],
  },
  simple(
    "enabled",
    ["disable"],
    "enabled",
    (value) => value !== true,
    (value) => !value,
  ),
  {
    name: "probability",
    paths: [["probability"], ["useProbability"]],
    hearth: ["probability"],
    read: (raw) => ({
      probability: raw.useProbability === false ? 100 : integer(raw.probability, 0, 100, 100),
    }),
    write: (entry) => [entry.probability, true],
  },
  simple("case_sensitive", ["caseSensitive"], "case_sensitive", (value) => value === true),
  simple("match_whole_words", ["matchWholeWords"], "match_whole_words", (value) => value === true),
  {
    // SillyTavern has no priority of its own (the order decides) nor a regex switch (a /key/ is one).
    name: "hearth",
    paths: [["hearth_priority"]],
    hearth: ["priority"],
    read: (raw) => ({
      priority: order(raw.hearth_priority, order(raw.order, LOREBOOK_DEFAULTS.insertionOrder)),
      use_regex: [...keyList(raw.key), ...keyList(raw.keysecondary)].some((key) => REGEX_KEY.test(key)),
    }),
    write: (entry) => [entry.priority === entry.insertion_order ? undefined : entry.priority],
  },
  simple(
    "extensions",
    ["extensions"],
    "extensions",
    (value) => (isJsonObject(value) ? value : {}),
    (value) => {
      const own = ownExtensions(value);
      return Object.keys(own).length > 0 ? own : undefined;
    },
  ),
];

/** SillyTavern keeps scan depth, budget and recursion as app settings; Hearth writes its own when not the defaults. */
const stBookCodecs: readonly BookCodec[] = [
  simple(
    "name",
    ["name"],
    "name",
    (value) => text(value, LOREBOOK_LIMITS.nameMax),
    (value) => value || undefined,
  ),
  simple(
    "description",
    ["description"],
    "description",
    (value) => text(value, LOREBOOK_LIMITS.descriptionMax),
    (value) => value || undefined,
  ),
  simple(
    "scan_depth",
    ["scan_depth"],
    "scan_depth",
    (value) => integer(value, 0, LOREBOOK_LIMITS.scanDepthMax, LOREBOOK_DEFAULTS.scanDepth),
    (value) => (value === LOREBOOK_DEFAULTS.scanDepth ? undefined : value),
  ),
  simple(
    "token_budget",
    ["token_budget"],
    "token_budget",
    (value) => integer(value, 0, LOREBOOK_LIMITS.tokenBudgetMax, LOREBOOK_DEFAULTS.tokenBudget),
    (value) => (value === LOREBOOK_DEFAULTS.tokenBudget ? undefined : value),
  ),
  // SillyTavern scans recursively unless told not to.
  simple(
    "recursive_scanning",
    ["recursive_scanning"],
    "recursive_scanning",
    (value) => value !== false,
    (value) => (value ? undefined : false),
  ),
  simple(
    "extensions",
    ["extensions"],
    "extensions",
    (value) => (isJsonObject(value) ? value : {}),
    (value) => {
      const own = ownExtensions(value);
      return Object.keys(own).length > 0 ? own : undefined;
    },
  ),
];

/** Hearth's form of a SillyTavern world info file, `{entries: {"0": {uid, key, ...}, ...}}`. */
export function fromSillyTavernWorldInfo(raw: unknown): Lorebook {
  if (!isJsonObject(raw) || !isJsonObject(raw.entries)) {
    throw new LorebookFormatError("This is not a SillyTavern world info file: it needs an entries object.");
  }
  const dict = raw.entries;
  const dictKeys = Object.keys(dict);
  const entries = readEntries(
    dictKeys.map((key) => dict[key]),
    stEntryCodecs,
    "sillytavern",
    dictKeys,
  );
  return readBookAround(raw, entries, stBookCodecs, "sillytavern");
}

/** A SillyTavern world info file from Hearth's form. */
export function toSillyTavernWorldInfo(book: Lorebook): JsonObject {
  const dict: JsonObject = {};
  writeEntries(book, stEntryCodecs, "sillytavern").forEach(({ entry, record: entryRecord }, index) => {
    let key = entryRecord?.dictKey ?? uidKey(entry.uid, index);
    if (Object.hasOwn(dict, key)) key = String(index);
    while (Object.hasOwn(dict, key)) key = `${key}_`;
    setField(dict, key, entry);
  });
  return writeBookAround(book, dict, stBookCodecs, "sillytavern");
}

// ----- any file -----

/** Reads a lorebook file of any format Hearth knows (a whole character card gives its book). */
export function parseLorebookFile(json: unknown): { format: LorebookFormat; book: Lorebook } {
  if (!isJsonObject(json))
    throw new LorebookFormatError("This file is not a lorebook: it is not a JSON object.");
  if (json.spec === "lorebook_v3") return { format: "lorebook_v3", book: fromV3Lorebook(json) };
  if (json.spec === "chara_card_v2" || json.spec === "chara_card_v3") {
    const book = isJsonObject(json.data) ? json.data.character_book : undefined;
    if (!isJsonObject(book)) throw new LorebookFormatError("This character card has no lorebook.");
    return { format: "character_book", book: fromCharacterBook(book) };
  }
  if (isJsonObject(json.entries)) return { format: "sillytavern", book: fromSillyTavernWorldInfo(json) };
  if (Array.isArray(json.entries)) return { format: "character_book", book: fromCharacterBook(json) };
  throw new LorebookFormatError(
    "This file is not a lorebook Hearth can read: expected a SillyTavern world info file, a V3 lorebook or a character book.",
  );
}
