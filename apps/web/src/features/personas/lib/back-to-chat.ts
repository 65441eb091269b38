/**
 * Where "Go Back to {character name}" leads. The chat page links to the personas pages with the query
 * `?from=chat&character_id=ID&character_name=NAME` (optionally `&conversation_id=ID`); query parameters
 * rather than router state so the link survives a reload and the create/edit round trip.
 */
export type BackToChat = { characterName: string; href: string; query: string };

export function backToChatFrom(params: URLSearchParams): BackToChat | null {
  if (params.get("from") !== "chat") return null;
  const characterId = params.get("character_id")?.trim();
  const characterName = params.get("character_name")?.trim();
  if (!characterId || !characterName) return null;
  const conversationId = params.get("conversation_id")?.trim();
  const path = `/chat/${encodeURIComponent(characterId)}`;
  const query = new URLSearchParams({
    from: "chat",
    character_id: characterId,
    character_name: characterName,
  });
  if (conversationId) query.set("conversation_id", conversationId);
  return {
    characterName,
    href: conversationId ? `${path}/${encodeURIComponent(conversationId)}` : path,
    query: `?${query.toString()}`,
  };
}
