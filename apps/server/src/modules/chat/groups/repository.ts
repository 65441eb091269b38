import type { GroupMode } from "@hearth/contracts";
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  type ConversationRow,
  characters,
  conversationCharacters,
  conversations,
  type MessageRow,
  messages,
} from "../../../db/schema";
import { contentVisibleFilter } from "../../characters/index";
import type { HistoryOwner } from "../conversations/repository";

/** A character of a group chat as the group calls read it (list order). */
export type GroupMemberRow = {
  id: string;
  name: string;
  avatarUrl: string | null;
  avatarIsNsfw: boolean;
  creatorUserId: string;
  muted: boolean;
  position: number;
  cardExtras: Record<string, unknown>;
};
/** A removed character whose messages remain in the group chat. */
export type GroupFormerRow = Pick<
  GroupMemberRow,
  "id" | "name" | "avatarUrl" | "avatarIsNsfw" | "creatorUserId"
>;

export type GroupRows = {
  conversation: ConversationRow;
  mode: GroupMode;
  members: GroupMemberRow[];
  former: GroupFormerRow[];
};

const memberColumns = {
  id: characters.id,
  name: characters.name,
  avatarUrl: characters.avatarUrl,
  avatarIsNsfw: characters.avatarIsNsfw,
  creatorUserId: characters.creatorUserId,
  muted: conversationCharacters.muted,
  position: conversationCharacters.position,
  cardExtras: characters.cardExtras,
};

/** The characters of a group chat, in list order. */
export function listMembers(db: Database, conversationId: string): Promise<GroupMemberRow[]> {
  return db
    .select(memberColumns)
    .from(conversationCharacters)
    .innerJoin(characters, eq(characters.id, conversationCharacters.characterId))
    .where(eq(conversationCharacters.conversationId, conversationId))
    .orderBy(asc(conversationCharacters.position));
}

/** Characters who wrote messages in the conversation and are no longer among `memberIds`. */
export function listFormerSpeakers(
  db: Database,
  conversationId: string,
  memberIds: readonly string[],
): Promise<GroupFormerRow[]> {
  const speakers = db
    .selectDistinct({ id: messages.characterId })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        isNotNull(messages.characterId),
        memberIds.length > 0 ? notInArray(messages.characterId, [...memberIds]) : undefined,
      ),
    );
  return db
    .select({
      id: characters.id,
      name: characters.name,
      avatarUrl: characters.avatarUrl,
      avatarIsNsfw: characters.avatarIsNsfw,
      creatorUserId: characters.creatorUserId,
    })
    .from(characters)
    .where(inArray(characters.id, speakers))
    .orderBy(asc(characters.name));
}

/**
 * A group chat of the member's (the owner is part of the query, conversations' `manage` rule), with its
 * characters and former speakers; null when it is not theirs, hidden from them by its first character's
 * content, or not a group chat.
 */
export async function findOwnGroup(
  db: Database,
  conversationId: string,
  owner: HistoryOwner,
  options: { former: boolean } = { former: true },
): Promise<GroupRows | null> {
  const [conversation] = await db
    .select({ row: conversations })
    .from(conversations)
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.userId, owner.userId),
        contentVisibleFilter(owner),
      ),
    );
  if (!conversation?.row.groupMode) return null;
  const members = await listMembers(db, conversationId);
  const former = options.former
    ? await listFormerSpeakers(
        db,
        conversationId,
        members.map((member) => member.id),
      )
    : [];
  return { conversation: conversation.row, mode: conversation.row.groupMode, members, former };
}

/**
 * A new group chat with its characters (in order; the first is the conversation's character) and their
 * greetings, in one transaction.
 */
export async function insertGroupConversation(
  db: Database,
  values: { userId: string; characterIds: string[]; mode: GroupMode; userPersonaId: string | null },
  greetings: MessageRow[],
): Promise<string> {
  const [first] = values.characterIds;
  if (!first) throw new Error("A group needs characters");
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        userId: values.userId,
        characterId: first,
        userPersonaId: values.userPersonaId,
        groupMode: values.mode,
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error("Conversation insert returned nothing");
    await tx.insert(conversationCharacters).values(
      values.characterIds.map((characterId, position) => ({
        conversationId: conversation.id,
        characterId,
        position,
      })),
    );
    if (greetings.length > 0) {
      await tx
        .insert(messages)
        .values(greetings.map((message) => ({ ...message, conversationId: conversation.id })));
    }
    return conversation.id;
  });
}

/**
 * Writes the list order (positions 0..n-1 in `orderedIds`' order) and keeps the conversation's character
 * the first of them, so every read that knows only conversations.character_id stays right.
 */
async function writeOrder(
  db: Database,
  conversationId: string,
  orderedIds: readonly string[],
): Promise<void> {
  for (const [position, characterId] of orderedIds.entries()) {
    await db
      .update(conversationCharacters)
      .set({ position })
      .where(
        and(
          eq(conversationCharacters.conversationId, conversationId),
          eq(conversationCharacters.characterId, characterId),
        ),
      );
  }
  const [first] = orderedIds;
  if (first)
    await db.update(conversations).set({ characterId: first }).where(eq(conversations.id, conversationId));
}

export function reorderMembers(
  db: Database,
  conversationId: string,
  orderedIds: readonly string[],
): Promise<void> {
  return db.transaction((tx) => writeOrder(tx, conversationId, orderedIds));
}

export async function setGroupMode(db: Database, conversationId: string, mode: GroupMode): Promise<void> {
  await db.update(conversations).set({ groupMode: mode }).where(eq(conversations.id, conversationId));
}

export async function addMember(db: Database, conversationId: string, characterId: string): Promise<void> {
  await db.insert(conversationCharacters).values({
    conversationId,
    characterId,
    position: sql`(select coalesce(max(position) + 1, 0) from ${conversationCharacters} cc where cc.conversation_id = ${conversationId})`,
  });
}

/** Removes a character (its messages stay, labelled with it) and closes the gap in the list order. */
export function removeMember(
  db: Database,
  conversationId: string,
  characterId: string,
  remainingIds: readonly string[],
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx
      .delete(conversationCharacters)
      .where(
        and(
          eq(conversationCharacters.conversationId, conversationId),
          eq(conversationCharacters.characterId, characterId),
        ),
      );
    await writeOrder(tx, conversationId, remainingIds);
  });
}

export async function setMuted(
  db: Database,
  conversationId: string,
  characterId: string,
  muted: boolean,
): Promise<void> {
  await db
    .update(conversationCharacters)
    .set({ muted })
    .where(
      and(
        eq(conversationCharacters.conversationId, conversationId),
        eq(conversationCharacters.characterId, characterId),
      ),
    );
}

/** A clone of a group chat gets the same characters, order, mutes and mode. */
export async function copyGroup(
  db: Database,
  fromConversationId: string,
  toConversationId: string,
): Promise<void> {
  await db.execute(sql`
    update conversations set group_mode = (select group_mode from conversations where id = ${fromConversationId}::uuid)
    where id = ${toConversationId}::uuid`);
  await db.execute(sql`
    insert into conversation_characters (conversation_id, character_id, position, muted)
    select ${toConversationId}::uuid, character_id, position, muted from conversation_characters
    where conversation_id = ${fromConversationId}::uuid`);
}
