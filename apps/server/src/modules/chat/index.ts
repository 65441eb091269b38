/**
 * Chat: conversations, their messages and memories, and generation (the model's replies), one bounded
 * module. Other code reaches it only through this file.
 */
export { type ChatReaders, registerChatRoutes } from "./routes";
