/** One file per domain; drizzle-kit reads this folder. */
export * from "./account";
export * from "./ads";
export * from "./billing";
export * from "./characters";
export * from "./chat";
export * from "./inference-models";
export * from "./leaderboard";
export * from "./lorebooks";
export * from "./moderation";
export * from "./personas";
export * from "./platform";
export * from "./social";
export * from "./subscribestar";
export * from "./training";
export * from "./voice";
