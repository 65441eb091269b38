/**
 * Moderation: members' character reports, the admin review table (reports of characters and of chat
 * messages, and the automatic check's holds), the admins' actions on characters (make private, mark
 * NSFW, reset underage, require a fix, delete) and how moderation statuses move. Builds on characters;
 * characters reaches `requestReview` only through the port app.ts passes it.
 */
export { registerModerationRoutes } from "./routes";
export {
  listCharactersForAdmin,
  listReviewsAboutCreator,
  openMessageReportReview,
  requestReview,
} from "./service";
