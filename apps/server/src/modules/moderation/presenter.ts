import {
  type AdminReview,
  type CharacterReportResult,
  REPORT_PROMISE_DAYS,
  type ReviewCharacter,
  type ReviewMessage,
} from "@hearth/contracts";
import type { ReviewRow } from "../../db/schema";
import type { ContextMessageRow, ReviewCharacterRow } from "./repository";

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

export type ReviewExtras = {
  character: ReviewCharacter | null;
  reportCount: number;
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
    character: extras.character,
    messages: extras.messages,
  };
}

export const presentReportResult = (reviewId: string): CharacterReportResult => ({ id: reviewId });
