/** One file per domain; drizzle-kit reads this folder. */
export * from "./characters";
export * from "./platform";
