import type { Message } from "@hearth/contracts";

/**
 * The name `{{user}}` takes when nobody gave one (a guest, a member without a name or persona): the same
 * fallback the server writes into a saved greeting, so a guest's greeting reads the same before and after
 * it is saved.
 */
export const FALLBACK_USER_NAME = "User";

/** The name the member writes as now: the conversation's persona, else their name, username, or the fallback. */
export function currentUserName(
  persona: { name: string } | null,
  user: { name: string | null; username: string | null } | null,
): string {
  return persona?.name || user?.name || user?.username || FALLBACK_USER_NAME;
}

/**
 * The name a message is shown under: the character's, or the persona the member wrote it as (kept with the
 * message, so changing persona later does not relabel it); messages saved before names were kept show the
 * current one.
 */
export function authorName(
  message: Pick<Message, "role" | "persona_name">,
  names: { character: string; user: string },
): string {
  if (message.role === "bot") return names.character;
  return message.persona_name || names.user;
}
