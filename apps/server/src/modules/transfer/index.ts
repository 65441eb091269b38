/**
 * Chats that move between apps: a conversation exported as SillyTavern's chat JSONL or Hearth's JSON,
 * either imported into a new conversation, and the member's whole data as one archive.
 */
export { registerTransferRoutes } from "./routes";
