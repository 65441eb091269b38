import type { Message, MessageReportResult } from "@hearth/contracts";
import type { Database } from "../../../db/client";
import { AppError, notFound } from "../../../http/errors";
import { openMessageReportReview } from "../../moderation/index";
import { findOwnMessage, type RatedMessage, updateMessage } from "../conversations/repository";
import { presentMessage, presentMessageReport } from "./presenter";
import { addRatingLabel, insertRating, insertReport } from "./repository";

const invalid = (message: string, field: string) =>
  new AppError(400, "validation_error", message, { [field]: message });

async function ownMessage(db: Database, userId: string, id: string) {
  const found = await findOwnMessage(db, id, userId);
  if (!found) throw notFound();
  return found;
}

const withRating = (message: RatedMessage, row: Parameters<typeof presentMessage>[0]): Message =>
  presentMessage({ ...row, rating: message.rating, ratingLabel: message.ratingLabel });

/** Edits the text; for a bot message with versions, the version shown. */
export async function editMessage(
  db: Database,
  userId: string,
  id: string,
  content: string,
): Promise<Message> {
  const { message } = await ownMessage(db, userId, id);
  const alternates = message.alternates.map((version, index) =>
    index === message.alternateIndex ? content : version,
  );
  return withRating(message, await updateMessage(db, id, { content, alternates }));
}

/** Shows another version of a regenerated bot message. */
export async function chooseAlternate(
  db: Database,
  userId: string,
  id: string,
  index: number,
): Promise<Message> {
  const { message } = await ownMessage(db, userId, id);
  const content = message.alternates[index];
  if (content === undefined) invalidIndex(message.alternates.length);
  return withRating(
    message,
    await updateMessage(db, id, { content, alternateIndex: index, status: "complete" }),
  );
}

function invalidIndex(count: number): never {
  throw invalid(
    count > 0 ? `Choose a version from 0 to ${count - 1}.` : "This message has no other versions.",
    "index",
  );
}

export async function rateMessage(
  db: Database,
  userId: string,
  id: string,
  body: { rating?: number; label?: string },
): Promise<Message> {
  const { message } = await ownMessage(db, userId, id);
  if (message.role !== "bot") throw invalid("Only the character's messages can be rated.", "rating");
  const rating = body.rating ?? null;
  const label = body.label ?? null;
  if (await insertRating(db, { messageId: id, userId, rating, label })) {
    return presentMessage({ ...message, rating, ratingLabel: label });
  }
  const followUp =
    label === null ? undefined : await addRatingLabel(db, { messageId: id, userId, rating, label });
  if (!followUp) throw new AppError(409, "already_rated");
  return presentMessage({ ...message, rating: followUp.rating, ratingLabel: label });
}

/**
 * Reports a message of the member's own conversation: stored once per member (a repeat answers the same
 * report) with its text as it was, and opened as a `message_report` review for the admins.
 */
export async function reportMessage(
  db: Database,
  userId: string,
  id: string,
  body: { conversation_id: string; character_id: string; label: string; comment: string },
): Promise<MessageReportResult> {
  const found = await ownMessage(db, userId, id);
  if (found.message.conversationId !== body.conversation_id) {
    throw invalid("This message is not part of the conversation.", "conversation_id");
  }
  if (found.characterId !== body.character_id) {
    throw invalid("This message is not from this character.", "character_id");
  }
  const report = await db.transaction(async (tx) => {
    const stored = await insertReport(tx, {
      messageId: id,
      reporterUserId: userId,
      conversationId: body.conversation_id,
      characterId: body.character_id,
      label: body.label,
      comment: body.comment,
      content: found.message.content,
    });
    // A new report lands in the admins' review queue with the message and its context; a repeat does not.
    if (stored.created) {
      await openMessageReportReview(tx, {
        characterId: body.character_id,
        messageReportId: stored.id,
        label: body.label,
        comment: body.comment,
      });
    }
    return stored;
  });
  return presentMessageReport(report.id);
}
