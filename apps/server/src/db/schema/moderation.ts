import {
  REPORT_ISSUE_TYPES,
  REPORT_RESOLUTIONS,
  REVIEW_ACTIONS,
  REVIEW_SOURCES,
  REVIEW_STATUSES,
} from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { characters } from "./characters";
import { messageReports } from "./chat";
import { createdAt, users } from "./platform";

/**
 * One row of the admin review table (account spec 3, Admin review): opened by a member's character
 * report, a message report from the chat, or the automatic check; closed by an admin with action_taken.
 * At most one open review per character and source, so repeated reports gather on one row.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    source: text("source", { enum: REVIEW_SOURCES }).notNull(),
    /** userIssueType of the first report; a message report's label; the automatic check's finding. */
    issue: text("issue").notNull(),
    resolution: text("resolution", { enum: REPORT_RESOLUTIONS }),
    details: text("details").notNull().default(""),
    /** For message reports: the reported message's report (its text and context live there). */
    messageReportId: uuid("message_report_id").references(() => messageReports.id, { onDelete: "set null" }),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("open"),
    actionTaken: text("action_taken", { enum: REVIEW_ACTIONS }).notNull().default("none"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedByUserId: uuid("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    index("reviews_character_idx").on(t.characterId),
    uniqueIndex("reviews_open_character_source_idx")
      .on(t.characterId, t.source)
      .where(sql`status = 'open' and source <> 'message_report'`),
  ],
);

/** A member's report of a character; one per member and review, so repeats count once. */
export const characterReports = pgTable(
  "character_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    reporterUserId: uuid("reporter_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issueType: text("issue_type", { enum: REPORT_ISSUE_TYPES }).notNull(),
    details: text("details").notNull(),
    expectedResolution: text("expected_resolution", { enum: REPORT_RESOLUTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("character_reports_review_reporter_idx").on(t.reviewId, t.reporterUserId),
    index("character_reports_reporter_idx").on(t.reporterUserId),
  ],
);

/** Every admin action: who, what, when, before and after. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    // A text column (no check constraint): a new subject type needs no migration.
    subjectType: text("subject_type", {
      enum: ["review", "character", "user", "feature_flag", "ad"],
    }).notNull(),
    /** The subject's id; a subject named by a text key (a feature flag) by its name-based UUID (auditSubjectIdOf). */
    subjectId: uuid("subject_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_subject_idx").on(t.subjectId)],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type CharacterReportRow = typeof characterReports.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
