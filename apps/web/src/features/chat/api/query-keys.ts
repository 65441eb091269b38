/**
 * Query keys of the chat page. The conversation lists live under ["conversations"] (features/conversations);
 * chat invalidates that literal prefix after changes without importing the other feature.
 */
export const chatKeys = {
  character: (id: string) => ["chat", "character", id] as const,
  conversation: (id: string) => ["chat", "conversation", id] as const,
  memories: (conversationId: string) => ["chat", "memories", conversationId] as const,
  models: ["chat", "inference-models"] as const,
  personas: ["chat", "personas"] as const,
  conversationLists: ["conversations"] as const,
};
