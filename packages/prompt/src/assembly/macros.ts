export type MacroNames = { char: string; user: string };

const CHAR_MACRO = /\{\{char\}\}|<bot>/gi;
const USER_MACRO = /\{\{user\}\}|<user>/gi;

/**
 * Characters remembered, texts and results together (a few MB of heap at most); past this the memory
 * starts over. A longer text is replaced each time.
 */
const REMEMBERED_CHARS = 2 * 1024 * 1024;

/**
 * character name → user name → text → the text with the names in it. A chat's character definition and memories are the
 * same strings on every turn (the server caches them), so each turn gets back the same result string:
 * no regular-expression pass over kilobytes of definition, and a string whose hash V8 has already
 * computed, for the token-count cache that looks it up next.
 */
const remembered = new Map<string, Map<string, Map<string, string>>>();
let rememberedChars = 0;

/** Replaces {{char}} and {{user}} (any case) and the legacy <BOT> and <USER> with the names. */
export function applyMacros(text: string, names: MacroNames): string {
  if (!text.includes("{{") && !text.includes("<")) return text;
  // Maps by name, not one key built from both: building it (JSON.stringify, about 4% of a relayed reply's
  // CPU when it was done on every call) cost more than the lookups it saved.
  const known = remembered.get(names.char)?.get(names.user)?.get(text);
  if (known !== undefined) return known;
  const replaced = text.replace(CHAR_MACRO, () => names.char).replace(USER_MACRO, () => names.user);
  const size = text.length + replaced.length;
  if (size > REMEMBERED_CHARS) return replaced;
  if (rememberedChars + size > REMEMBERED_CHARS) {
    remembered.clear();
    rememberedChars = 0;
  }
  let byUser = remembered.get(names.char);
  if (!byUser) {
    byUser = new Map();
    remembered.set(names.char, byUser);
  }
  let byText = byUser.get(names.user);
  if (!byText) {
    byText = new Map();
    byUser.set(names.user, byText);
  }
  byText.set(text, replaced);
  rememberedChars += size;
  return replaced;
}
