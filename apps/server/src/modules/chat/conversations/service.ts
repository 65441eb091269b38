import {
  CHAT_LIMITS,
  type ConversationDetail,
  type ConversationSummary,
  type ConversationUpdate,
  type MessagePage,
  type MessagePageQuery,
} from "@hearth/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { MessageRow } from "../../../db/schema";
import { AppError, notFound } from "../../../http/errors";
import type { Viewer } from "../../characters/index";
import { can as canSeeCharacter, findCharacterById } from "../../characters/index";
import { findDefaultPersonaId, findPersona, presentPersona } from "../../personas/index";
import type { GuestStore } from "../generation/chat-store";
import type { ConversationLock } from "../generation/conversation-lock";
import { presentFormerMember } from "../groups/presenter";
import { copyGroup, listFormerSpeakers } from "../groups/repository";
import { presentMessagePage } from "../messages/presenter";
import { can } from "./policy";
import {
  presentConversationDetail,
  presentConversationSummary,
  presentGuestConversationDetail,
} from "./presenter";
import {
  copyMessages,
  countMessages,
  deleteConversation,
  deleteMessagesFrom,
  findOwnConversation,
  type HistoryOwner,
  insertConversation,
  listConversations,
  listMessagePage,
  listMessages,
  updateConversation,
} from "./repository";

/** The member asking as a characters viewer (`memberViewer(requireMember(request.auth), config)`). */
export type ConversationMember = Viewer & { userId: string };

export async function listOwnConversations(
  db: Database,
  viewer: ConversationMember,
  options: { limit: number; lastId?: string; characterId?: string },
): Promise<ConversationSummary[]> {
  const rows = await listConversations(db, { userId: viewer.userId, brand: viewer.brand, ...options });
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  return page.map((row, index) =>
    presentConversationSummary(row, viewer, !hasMore && index === page.length - 1),
  );
}

async function summaryOf(db: Database, viewer: ConversationMember, id: string): Promise<ConversationSummary> {
  const [row] = await listConversations(db, { userId: viewer.userId, brand: viewer.brand, limit: 1, id });
  if (!row) throw notFound();
  return presentConversationSummary(row, viewer, false);
}

async function personaOf(db: Database, userId: string, personaId: string | null) {
  const id = personaId ?? (await findDefaultPersonaId(db, userId));
  const persona = id ? await findPersona(db, id) : null;
  return persona && can({ userId }, "attach_persona", persona) ? presentPersona(persona) : null;
}

/** A member's conversation with its newest page of messages and the effective persona. */
export async function getOwnConversation(
  db: Database,
  viewer: ConversationMember,
  id: string,
): Promise<ConversationDetail> {
  const userId = viewer.userId;
  const summary = await summaryOf(db, viewer, id);
  const conversation = await findOwnConversation(db, id, viewer);
  if (!conversation) throw notFound();
  const [page, count, persona, former] = await Promise.all([
    listMessagePage(db, id, { limit: CHAT_LIMITS.messagePageSize }),
    countMessages(db, id),
    personaOf(db, userId, conversation.userPersonaId),
    summary.group
      ? listFormerSpeakers(
          db,
          id,
          summary.group.members.map((member) => member.id),
        )
      : [],
  ]);
  // A group chat names every message's speaker: the characters removed since come with the detail.
  if (summary.group) {
    summary.group.former = former.map((row) => presentFormerMember(row, viewer));
  }
  return presentConversationDetail(
    summary,
    presentMessagePage(page?.rows ?? [], page?.hasMoreBefore ?? false, false),
    {
      messageCount: count,
      oldestIncludedMessageId: conversation.oldestIncludedMessageId,
      persona,
    },
  );
}

/** One page of a member's conversation, before or after a message of it. */
export async function getOwnMessagePage(
  db: Database,
  owner: HistoryOwner,
  id: string,
  query: MessagePageQuery,
): Promise<MessagePage> {
  if (!(await findOwnConversation(db, id, owner))) throw notFound();
  const page = await listMessagePage(db, id, {
    beforeId: query.before_id,
    afterId: query.after_id,
    limit: query.limit,
  });
  if (!page) throw notFound();
  return presentMessagePage(page.rows, page.hasMoreBefore, page.hasMoreAfter);
}

/** The same page over a guest's messages from the guest store (already in order). */
export function pageOfMessages(all: MessageRow[], query: MessagePageQuery): MessagePage | null {
  const cursorId = query.before_id ?? query.after_id;
  const at = cursorId === undefined ? all.length : all.findIndex((message) => message.id === cursorId);
  if (at < 0) return null;
  const [start, end] =
    query.after_id !== undefined
      ? [at + 1, Math.min(all.length, at + 1 + query.limit)]
      : [Math.max(0, at - query.limit), at];
  return presentMessagePage(all.slice(start, end), start > 0, end < all.length);
}

/** A guest's conversation from the guest store, with its character, unless that is hidden by its content. */
async function guestConversation(
  db: Database,
  guests: GuestStore,
  viewer: Viewer,
  guestId: string,
  id: string,
) {
  const conversation = await guests.conversation(guestId, id);
  const character = conversation ? await findCharacterById(db, conversation.characterId) : null;
  if (!conversation || !character || !canSeeCharacter(viewer, "see_chat", character)) throw notFound();
  return { conversation, character };
}

/** One page of a guest's conversation. */
export async function getGuestMessagePage(
  db: Database,
  guests: GuestStore,
  viewer: Viewer,
  guestId: string,
  id: string,
  query: MessagePageQuery,
): Promise<MessagePage> {
  const { conversation } = await guestConversation(db, guests, viewer, guestId, id);
  const page = pageOfMessages(conversation.messages, query);
  if (!page) throw notFound();
  return page;
}

/** A guest's conversation from the guest store (guests have nothing in the database). */
export async function getGuestConversation(
  db: Database,
  guests: GuestStore,
  viewer: Viewer,
  guestId: string,
  id: string,
): Promise<ConversationDetail> {
  const { conversation, character } = await guestConversation(db, guests, viewer, guestId, id);
  const newest = pageOfMessages(conversation.messages, { limit: CHAT_LIMITS.messagePageSize }) ?? {
    messages: [],
    has_more_before: false,
  };
  return presentGuestConversationDetail(conversation, character, newest, new Date());
}

export async function removeOwnConversation(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteConversation(db, id, userId))) throw notFound();
}

export async function updateOwnConversation(
  db: Database,
  viewer: ConversationMember,
  id: string,
  body: ConversationUpdate,
): Promise<ConversationSummary> {
  if (!(await findOwnConversation(db, id, viewer))) throw notFound();
  if (body.user_persona_id) {
    const persona = await findPersona(db, body.user_persona_id);
    if (!persona || !can(viewer, "attach_persona", persona)) {
      throw new AppError(400, "validation_error", "This persona does not exist.", {
        user_persona_id: "This persona does not exist.",
      });
    }
  }
  await updateConversation(db, id, {
    ...(body.label !== undefined ? { label: body.label } : {}),
    ...(body.user_persona_id !== undefined ? { userPersonaId: body.user_persona_id } : {}),
  });
  return summaryOf(db, viewer, id);
}

const messageNotInConversation = (field: string) =>
  new AppError(400, "validation_error", "This message is not part of the conversation.", {
    [field]: "This message is not part of the conversation.",
  });

/** Full clone, or partial up to and including a chosen message; memories come along. */
export async function cloneOwnConversation(
  db: Database,
  viewer: ConversationMember,
  id: string,
  body: { title: string; up_to_message_id?: string },
): Promise<ConversationSummary> {
  const userId = viewer.userId;
  const source = await findOwnConversation(db, id, viewer);
  if (!source) throw notFound();
  let upTo: Date | null = null;
  if (body.up_to_message_id) {
    const message = (await listMessages(db, id)).find((m) => m.id === body.up_to_message_id);
    if (!message) throw messageNotInConversation("up_to_message_id");
    upTo = message.createdAt;
  }
  const cloneId = await db.transaction(async (tx) => {
    const clone = await insertConversation(tx, {
      userId,
      characterId: source.characterId,
      userPersonaId: source.userPersonaId,
      label: body.title,
      // An imported chat's file fields (its messages' are copied with them), so the clone exports alike.
      importMeta: source.importMeta,
    });
    await copyMessages(tx, id, clone.id, upTo);
    if (source.groupMode) await copyGroup(tx, id, clone.id);
    await tx.execute(sql`
      insert into memories (conversation_id, content, pinned, source, created_at, updated_at)
      select ${clone.id}::uuid, content, pinned, source, created_at, updated_at from memories where conversation_id = ${id}::uuid`);
    return clone.id;
  });
  return summaryOf(db, viewer, cloneId);
}

/** Removal mode: the chosen message and everything after it; refused while a reply is being written. */
export async function removeMessagesFrom(
  db: Database,
  lock: ConversationLock,
  owner: HistoryOwner,
  id: string,
  fromMessageId: string,
): Promise<number> {
  const conversation = await findOwnConversation(db, id, owner);
  if (!conversation) throw notFound();
  const release = await lock.acquire(id);
  if (!release) throw new AppError(409, "generation_in_progress");
  try {
    const messages = await listMessages(db, id);
    const index = messages.findIndex((m) => m.id === fromMessageId);
    const from = messages[index];
    if (!from) throw messageNotInConversation("from_message_id");
    return await db.transaction(async (tx) => {
      const removed = await deleteMessagesFrom(tx, id, from.createdAt);
      const marker = conversation.oldestIncludedMessageId;
      const markerGone = marker !== null && messages.findIndex((m) => m.id === marker) >= index;
      if (markerGone) await updateConversation(tx, id, { oldestIncludedMessageId: null });
      return removed;
    });
  } finally {
    release();
  }
}
