/** Prompt assembly, token budgeting, macros and character cards live here (pure code, no I/O). */
export * from "./assembly";
export * from "./cards";
export * from "./chats";
export * from "./lorebook";
