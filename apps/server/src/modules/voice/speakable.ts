import { VOICE_LIMITS } from "@hearth/contracts";

/**
 * What is read aloud of a message: the names for `{{char}}` and `{{user}}`, without markdown's markup
 * (asterisks of roleplay actions, emphasis, code fences, links' addresses), cut at the engine's limit.
 */
export function speakableText(content: string, names: { char: string; user: string }): string {
  const text = content
    .replace(/\{\{char\}\}/gi, names.char)
    .replace(/\{\{user\}\}/gi, names.user)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[*_~`#>|]+/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, VOICE_LIMITS.speechTextMax);
}
