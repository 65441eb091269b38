/** Lorebooks (world info): a member's books, the books of each chat, and what a reply's prompt drew on. */
export { can } from "./policy";
export { findAllChatsBooks, type LoreBookRow } from "./repository";
export { registerLorebookRoutes } from "./routes";
export {
  activateChatLore,
  buildPromptReport,
  loadLoreSources,
  loreSeed,
  newChatLoreSources,
} from "./sources";
