/** Users: the account rows, their OpenAI key and `Me` as it is presented. */
export { emailTaken, usernameTaken } from "./errors";
export { createMemberCache, type MemberCache } from "./member-cache";
export { decryptOpenAiKey, encryptOpenAiKey, openAiKeyHint } from "./openai-key";
export { setMemberPlan } from "./plan";
export { presentGuestMe, presentMe } from "./presenter";
export {
  deleteUser,
  findUserByEmail,
  findUserByExternalId,
  findUserById,
  findUserForUpdate,
  insertExternalMember,
  insertMember,
  isActiveUser,
  isUniqueViolation,
  isUsernameTaken,
  lockUser,
  markSessionsRevoked,
  setUserRestriction,
  type UserUpdate,
  updateUser,
} from "./repository";
export { registerUserRoutes, type UserRouteCommands } from "./routes";
