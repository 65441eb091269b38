export type MacroNames = { char: string; user: string };

const CHAR_MACRO = /\{\{char\}\}|<bot>/gi;
const USER_MACRO = /\{\{user\}\}|<user>/gi;

/** Replaces {{char}} and {{user}} (any case) and the legacy <BOT> and <USER> with the names. */
export function applyMacros(text: string, names: MacroNames): string {
  if (!text.includes("{{") && !text.includes("<")) return text;
  return text.replace(CHAR_MACRO, () => names.char).replace(USER_MACRO, () => names.user);
}
