import { z } from "zod";
import { moderationStatusSchema, visibilitySchema } from "./characters";
import { LIMITS } from "./constants";
import { restrictionSchema } from "./permissions";
import { roleSchema } from "./roles";

/** Report a character (account spec 2.8, 3, 5). Labels are the spec's, sent as they are. */
export const REPORT_ISSUE_TYPES = [
  "Guidelines",
  "Categorization",
  "Incorrect Authorization",
  "Invalid",
] as const;
export const reportIssueTypeSchema = z.enum(REPORT_ISSUE_TYPES);
export type ReportIssueType = z.infer<typeof reportIssueTypeSchema>;
export const REPORT_RESOLUTIONS = ["private", "modified", "deleted"] as const;
export const reportResolutionSchema = z.enum(REPORT_RESOLUTIONS);
export type ReportResolution = z.infer<typeof reportResolutionSchema>;

/** The report page's fixed texts (account spec 2.8, 5, 8). */
export const REPORT_TEXTS = {
  idRequired: "You must provide an id",
  idTooLong: `The id should be at most ${LIMITS.chatbotIdMax} characters`,
  issueRequired: "Choose the issue type",
  resolutionRequired: "Choose the resolution you expect",
  detailsRequired: "Details are required",
  fillAll: "Fill all fields to submit.",
  submitted: "Report submitted successfully",
  promise: "We review every report within 7 days.",
} as const;
/** 'Report submitted successfully' shows this long (account spec 2.8). */
export const REPORT_SUCCESS_MS = 3000;
/** Reports are handled within this many days; older open ones are overdue (account spec 9). */
export const REPORT_PROMISE_DAYS = 7;
/** Character reports per member per hour (each member's repeated reports of one character count once). */
export const REPORT_RATE_LIMIT = { max: 10, timeWindowMs: 60 * 60_000 } as const;

/** `POST /api/reportCharacter` (account spec 7): the spec's payload names. */
export const characterReportSchema = z.object({
  character_id: z
    .string({ error: REPORT_TEXTS.idRequired })
    .trim()
    .min(1, REPORT_TEXTS.idRequired)
    .max(LIMITS.chatbotIdMax, REPORT_TEXTS.idTooLong),
  userIssueType: reportIssueTypeSchema,
  userReportDetails: z
    .string({ error: REPORT_TEXTS.detailsRequired })
    .trim()
    .min(1, REPORT_TEXTS.detailsRequired)
    .max(LIMITS.reportDetailsMax, `Details should be at most ${LIMITS.reportDetailsMax} characters`),
  userExpectedResolution: reportResolutionSchema,
});
export type CharacterReport = z.infer<typeof characterReportSchema>;
/** The review the report was filed under; a repeated report by the same member answers the same one. */
export const characterReportResultSchema = z.object({ id: z.string() });
export type CharacterReportResult = z.infer<typeof characterReportResultSchema>;

/** Admin review (account spec 3): open to closed, with the action taken. */
export const REVIEW_STATUSES = ["open", "closed"] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;
/**
 * The spec's five actions, plus fix_required: the admin asked the creator to fix the character (chat
 * spec 3, moderationReport), which the spec names but does not list among action_taken values.
 */
export const REVIEW_ACTIONS = [
  "none",
  "deleted",
  "made_private",
  "set_nsfw",
  "reset_underage",
  "fix_required",
] as const;
export const reviewActionSchema = z.enum(REVIEW_ACTIONS);
export type ReviewAction = z.infer<typeof reviewActionSchema>;
/** Where a review came from: a member's character report, a message report from the chat, or the automatic check. */
export const REVIEW_SOURCES = ["character_report", "message_report", "automatic"] as const;
export const reviewSourceSchema = z.enum(REVIEW_SOURCES);
export type ReviewSource = z.infer<typeof reviewSourceSchema>;

/** The reported character as an admin sees it beside a review (definition included). */
export const reviewCharacterSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  avatar_url: z.string().nullable(),
  creator_user_id: z.string(),
  creator_username: z.string().nullable(),
  visibility: visibilitySchema,
  is_nsfw: z.boolean(),
  is_underage: z.boolean(),
  is_deleted: z.boolean(),
  moderation_status: moderationStatusSchema.nullable(),
  tags: z.array(z.string()),
  greeting: z.string(),
  persona: z.string(),
  scenario: z.string(),
});
export type ReviewCharacter = z.infer<typeof reviewCharacterSchema>;

/** A message report's message and the messages around it, as they were when reported. */
export const reviewMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "bot"]),
  content: z.string(),
  createdAt: z.string(),
  /** The reported message itself (the others are its context). */
  reported: z.boolean(),
});
export type ReviewMessage = z.infer<typeof reviewMessageSchema>;

/** One member's report of a character, as the admin reads it beside the review it joined. */
export const reviewReportSchema = z.object({
  id: z.string(),
  reporter_user_id: z.string(),
  reporter_username: z.string().nullable(),
  issue: reportIssueTypeSchema,
  resolution: reportResolutionSchema,
  details: z.string(),
  createdAt: z.string(),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;
/** Reports listed beside one review (the oldest first); report_count still counts them all. */
export const REVIEW_REPORTS_MAX = 50;

/** One row of the admin review table (account spec 2.9, 3), with what the admin needs beside it. */
export const adminReviewSchema = z.object({
  id: z.string(),
  character_id: z.string(),
  source: reviewSourceSchema,
  /** userIssueType for character reports; the reason label for message reports; the check's finding. */
  issue: z.string(),
  resolution: z.string().nullable(),
  details: z.string(),
  createdAt: z.string(),
  status: reviewStatusSchema,
  action_taken: reviewActionSchema,
  /** Open and older than REPORT_PROMISE_DAYS. */
  overdue: z.boolean(),
  /** Distinct members who reported it (one member's repeated reports count once). */
  report_count: z.number().int(),
  /** Character reports: every member's report (issue, resolution, details), oldest first. */
  reports: z.array(reviewReportSchema),
  character: reviewCharacterSchema.nullable(),
  messages: z.array(reviewMessageSchema),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const REVIEW_FILTERS = ["open", "closed", "all"] as const;
/** `GET /api/admin/reviews?status=open` */
export const adminReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_FILTERS).default("open"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Cursor: the id of the last review of the previous page. */
  last_id: z.uuid("last_id must be a review id").optional(),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;
export const adminReviewListSchema = z.object({
  data: z.array(adminReviewSchema),
  open_count: z.number().int(),
  overdue_count: z.number().int(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;
export const reviewIdParamsSchema = z.object({ id: z.uuid("Review id must be a UUID") });

/** `PUT /api/admin/reviews/{id}`: close it, with the action taken (account spec 7). */
export const adminReviewUpdateSchema = z.object({
  status: z.literal("closed"),
  action_taken: reviewActionSchema.default("none"),
});
export type AdminReviewUpdate = z.infer<typeof adminReviewUpdateSchema>;

/** Most reasons an admin may give when requiring a fix, and each one's length. */
export const MODERATION_LIMITS = { reasonsMax: 10, reasonMax: 200, descriptionMax: 1000 } as const;

/**
 * `PUT /api/admin/characters/{id}` (account spec 7): one change at a time — visibility private, is_nsfw
 * true, is_underage false — or require a fix with reasons. With review_id, that review is closed with the
 * matching action_taken.
 */
export const adminCharacterUpdateSchema = z.union([
  z.object({ visibility: z.literal("private"), review_id: z.uuid().optional() }).strict(),
  z.object({ is_nsfw: z.literal(true), review_id: z.uuid().optional() }).strict(),
  z.object({ is_underage: z.literal(false), review_id: z.uuid().optional() }).strict(),
  z
    .object({
      moderation_status: z.literal("fix_required"),
      reason_for_moderation: z
        .array(z.string().trim().min(1, "A reason can't be empty").max(MODERATION_LIMITS.reasonMax))
        .min(1, "Give at least one reason")
        .max(MODERATION_LIMITS.reasonsMax),
      action_taken_description: z
        .string()
        .trim()
        .min(1, "Say what the creator must change")
        .max(MODERATION_LIMITS.descriptionMax),
      review_id: z.uuid().optional(),
    })
    .strict(),
]);
export type AdminCharacterUpdate = z.infer<typeof adminCharacterUpdateSchema>;
/** `DELETE /api/admin/characters/{id}?review_id=` */
export const adminCharacterDeleteQuerySchema = z.object({ review_id: z.uuid().optional() });
/** What an admin action answers: the character as it now is. */
export const adminCharacterResultSchema = reviewCharacterSchema;

/** Admin user management: find a member by email or username. */
export const adminUserSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type an email or a username").max(254),
});
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  /** Null for members who came through a partner host (they have no email). */
  email: z.string().nullable(),
  role: roleSchema,
  restriction: restrictionSchema.nullable(),
  /** When a temporary restriction ends (ISO); null otherwise. */
  restriction_ends_at: z.string().nullable(),
  created_at: z.string(),
  character_count: z.number().int(),
  /** Reports this member filed. */
  report_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ data: z.array(adminUserSchema) });
export const adminUserIdParamsSchema = z.object({ id: z.uuid("User id must be a UUID") });
/** One member with their characters and the reviews about those characters. */
export const adminUserDetailSchema = adminUserSchema.extend({
  characters: z.array(reviewCharacterSchema),
  reviews: z.array(adminReviewSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** `PUT /api/admin/users/{id}/restriction`: set one (a temporary one needs its end) or lift it (null). */
export const adminRestrictionUpdateSchema = z.discriminatedUnion("restriction", [
  z.object({ restriction: z.literal("limited_access") }),
  z.object({ restriction: z.literal("complete_restriction") }),
  z.object({
    restriction: z.literal("temporary_restriction"),
    ends_at: z.iso
      .datetime({ offset: true, error: "Choose when the restriction ends" })
      .refine((value) => Date.parse(value) > Date.now(), "The end must be in the future"),
  }),
  z.object({ restriction: z.null() }),
]);
export type AdminRestrictionUpdate = z.infer<typeof adminRestrictionUpdateSchema>;

/** The audit log: every admin action, who, what, when, before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor_user_id: z.string().nullable(),
  actor_username: z.string().nullable(),
  /** e.g. review.close, character.set_nsfw, character.delete, user.restrict */
  action: z.string(),
  subject_type: z.enum(["review", "character", "user", "feature_flag", "ad"]),
  subject_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  last_id: z.uuid("last_id must be an audit entry id").optional(),
});
export const auditListSchema = z.object({ data: z.array(auditEntrySchema) });
export type AuditList = z.infer<typeof auditListSchema>;

/** Days the admin console's charts cover. */
export const ADMIN_STATS_DAYS = 30;
/** `GET /api/admin/stats`: one point per UTC day, oldest first, over the last ADMIN_STATS_DAYS days. */
export const adminStatsDaySchema = z.object({
  date: z.string(),
  signups: z.number().int(),
  messages: z.number().int(),
  /** Conversations with at least one message that day. */
  active_chats: z.number().int(),
  /** Reviews open at the end of that day, and how many of those were overdue. */
  open_reports: z.number().int(),
  overdue_reports: z.number().int(),
});
export const adminStatsSchema = z.object({
  days: z.array(adminStatsDaySchema),
  /** Present once billing exists. */
  revenue: z
    .array(
      z.object({ date: z.string(), active_subscriptions: z.number().int(), revenue_cents: z.number().int() }),
    )
    .nullable(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
