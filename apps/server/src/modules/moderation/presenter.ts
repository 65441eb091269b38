import {
  type AdminReview,
  type AdminReviewList,
  type CharacterReportResult,
  REPORT_PROMISE_DAYS,
  REVIEW_REPORTS_MAX,
  type ReviewCharacter,
  type ReviewMessage,
  type ReviewReport,
} from "@hearth/contracts";
import type { ReviewRow } from "../../db/schema";
import type { ContextMessageRow, ReviewCharacterRow, ReviewReportRow } from "./repository";

const DAY_MS = 86_400_000;

/** Reviews opened before this moment and still open are overdue (the 7-day promise, account spec 9). */
export const overdueBefore = (now: Date) => new Date(now.getTime() - REPORT_PROMISE_DAYS * DAY_MS);

export function presentReviewCharacter(row: ReviewCharacterRow): ReviewCharacter {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    avatar_url: row.avatarUrl,
    creator_user_id: row.creatorUserId,
    creator_username: row.creatorUsername,
    visibility: row.visibility,
    is_nsfw: row.isNsfw,
    is_underage: row.isUnderage,
    is_deleted: row.isDeleted,
    moderation_status: row.moderationStatus,
    tags: row.tags,
    greeting: row.greeting,
    persona: row.persona,
    scenario: row.scenario,
  };
}

export function presentReviewMessage(row: ContextMessageRow, reported: boolean): ReviewMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    reported,
  };
}

export function presentReviewReport(row: ReviewReportRow): ReviewReport {
  return {
    id: row.id,
    reporter_user_id: row.reporterUserId,
    reporter_username: row.reporterUsername,
    issue: row.issueType,
    resolution: row.expectedResolution,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ReviewExtras = {
  character: ReviewCharacter | null;
  reportCount: number;
  /** The members' reports that joined the review (character reports), oldest first. */
  reports: readonly ReviewReportRow[];
  messages: ReviewMessage[];
};

export function presentReview(row: ReviewRow, extras: ReviewExtras, now: Date): AdminReview {
  return {
    id: row.id,
    character_id: row.characterId,
    source: row.source,
    issue: row.issue,
    resolution: row.resolution,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    action_taken: row.actionTaken,
    overdue: row.status === "open" && row.createdAt.getTime() < overdueBefore(now).getTime(),
    report_count: extras.reportCount,
    reports: extras.reports.slice(0, REVIEW_REPORTS_MAX).map(presentReviewReport),
    character: extras.character,
    messages: extras.messages,
  };
}

/** `GET /api/admin/reviews`: one page of the table with the open and overdue counts of every open review. */
export function presentReviewList(
  reviews: AdminReview[],
  counts: { open: number; overdue: number },
): AdminReviewList {
  return { data: reviews, open_count: counts.open, overdue_count: counts.overdue };
}

export const presentReportResult = (reviewId: string): CharacterReportResult => ({ id: reviewId });
