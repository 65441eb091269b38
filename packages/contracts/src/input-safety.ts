/**
 * Checks every request's decoded input (JSON body, query, params) before its schema does, so no endpoint
 * can forget it: PostgreSQL cannot store NUL, lone UTF-16 surrogates cannot be encoded, other control
 * characters have no place in text, and deeply nested JSON would exhaust recursive code further on.
 */
export const INPUT_MAX_DEPTH = 32;

export const INPUT_MESSAGES = {
  controlCharacters: "Text must not contain control characters.",
  invalidUnicode: "Text must be valid Unicode.",
  tooDeep: `The request is nested too deeply (at most ${INPUT_MAX_DEPTH} levels).`,
} as const;

export type UnsafeInput = { path: (string | number)[]; message: string };

/** C0 controls and DEL, except tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTERS_GLOBAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE.source, "g");

/** Why a piece of text is refused, or null when it is fine. */
export function unsafeTextReason(text: string): string | null {
  if (CONTROL_CHARACTERS.test(text)) return INPUT_MESSAGES.controlCharacters;
  if (LONE_SURROGATE.test(text)) return INPUT_MESSAGES.invalidUnicode;
  return null;
}

/** The text with control characters dropped and unpaired surrogates replaced by U+FFFD. */
export function cleanText(text: string): string {
  return text.replace(CONTROL_CHARACTERS_GLOBAL, "").replace(LONE_SURROGATE_GLOBAL, "\ufffd");
}

/**
 * A JSON-like value with every string and key cleaned (for files from elsewhere, such as character cards,
 * which are kept rather than refused). Recursive: bound the depth before calling it.
 */
export function cleanJsonText<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((item) => cleanJsonText(item)) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [cleanText(key), cleanJsonText(item)]),
  ) as T;
}

/** The first unsafe string, key or nesting level in a decoded value (walked without recursion). */
export function findUnsafeInput(value: unknown, maxDepth = INPUT_MAX_DEPTH): UnsafeInput | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: current, path } = next;
    if (typeof current === "string") {
      const reason = unsafeTextReason(current);
      if (reason) return { path, message: reason };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= maxDepth) return { path, message: INPUT_MESSAGES.tooDeep };
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries) {
      const keyReason = typeof key === "string" ? unsafeTextReason(key) : null;
      if (keyReason) return { path: [...path, key], message: keyReason };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
