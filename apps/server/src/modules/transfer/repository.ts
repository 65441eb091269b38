import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type CharacterRow,
  type ConversationRow,
  characters,
  conversationCharacters,
  conversations,
  lorebooks,
  type MessageRow,
  messages,
  type PersonaRow,
  personas,
  users,
} from "../../db/schema";
import { contentVisibleFilter, type Viewer } from "../characters/index";

/** Whose data is read: the member (the owner is part of every query below), and the brand's content rules. */
export type TransferOwner = Pick<Viewer, "brand"> & { userId: string };

export type ExportedMessage = Pick<
  MessageRow,
  | "role"
  | "content"
  | "alternates"
  | "alternateIndex"
  | "personaName"
  | "characterId"
  | "extras"
  | "createdAt"
>;

export type ConversationForExport = {
  conversation: ConversationRow;
  character: { id: string; name: string };
  persona: PersonaRow | null;
  /** A group chat's characters in list order (empty for one character). */
  members: { id: string; name: string }[];
};

/**
 * One of the member's conversations with its character, persona (its own or the member's default) and
 * group members; null for anyone else's, or when its character's content hides it (as the chat reads do).
 */
export async function findConversationForExport(
  db: Database,
  id: string,
  owner: TransferOwner,
): Promise<ConversationForExport | null> {
  const [row] = await db
    .select({ conversation: conversations, character: { id: characters.id, name: characters.name } })
    .from(conversations)
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .where(
      and(eq(conversations.id, id), eq(conversations.userId, owner.userId), contentVisibleFilter(owner)),
    );
  if (!row) return null;
  const [persona, members] = await Promise.all([
    personaFor(db, owner.userId, row.conversation.userPersonaId),
    db
      .select({ id: characters.id, name: characters.name })
      .from(conversationCharacters)
      .innerJoin(characters, eq(characters.id, conversationCharacters.characterId))
      .where(eq(conversationCharacters.conversationId, id))
      .orderBy(asc(conversationCharacters.position)),
  ]);
  return { ...row, persona, members };
}

async function personaFor(
  db: Database,
  userId: string,
  personaId: string | null,
): Promise<PersonaRow | null> {
  const [row] = await db
    .select()
    .from(personas)
    .where(
      and(eq(personas.userId, userId), personaId ? eq(personas.id, personaId) : eq(personas.isDefault, true)),
    )
    .limit(1);
  return row ?? null;
}

/** A conversation's messages in order (the caller has found the conversation as its owner's). */
export function listMessagesForExport(db: Database, conversationId: string): Promise<ExportedMessage[]> {
  return db
    .select({
      role: messages.role,
      content: messages.content,
      alternates: messages.alternates,
      alternateIndex: messages.alternateIndex,
      personaName: messages.personaName,
      characterId: messages.characterId,
      extras: messages.extras,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
}

/** Names of characters (group speakers), by id. */
export async function characterNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: characters.id, name: characters.name })
    .from(characters)
    .where(inArray(characters.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export type ImportedMessage = Pick<
  MessageRow,
  "role" | "content" | "alternates" | "alternateIndex" | "personaName" | "extras" | "createdAt"
>;

const INSERT_CHUNK = 500;

/** A new conversation with all its messages, in one transaction: nothing is written when any part fails. */
export function insertImportedConversation(
  db: Database,
  values: {
    userId: string;
    characterId: string;
    label: string | null;
    importMeta: Record<string, unknown> | null;
    messages: ImportedMessage[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        userId: values.userId,
        characterId: values.characterId,
        userPersonaId: null,
        label: values.label,
        importMeta: values.importMeta,
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error("Conversation insert returned nothing");
    for (let start = 0; start < values.messages.length; start += INSERT_CHUNK) {
      await tx.insert(messages).values(
        values.messages.slice(start, start + INSERT_CHUNK).map((message) => ({
          ...message,
          conversationId: conversation.id,
          status: "complete" as const,
        })),
      );
    }
    return conversation.id;
  });
}

/** The member's account row, for the archive's profile.json (the presenter leaves secrets out). */
export async function findAccount(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export function listOwnPersonas(db: Database, userId: string): Promise<PersonaRow[]> {
  return db.select().from(personas).where(eq(personas.userId, userId)).orderBy(asc(personas.createdAt));
}

/** Characters the member created (not removed). */
export function listCreatedCharacters(db: Database, userId: string): Promise<CharacterRow[]> {
  return db
    .select()
    .from(characters)
    .where(and(eq(characters.creatorUserId, userId), eq(characters.isDeleted, false)))
    .orderBy(asc(characters.createdAt));
}

export function listOwnLorebooks(db: Database, userId: string) {
  return db
    .select({ id: lorebooks.id, name: lorebooks.name, book: lorebooks.book })
    .from(lorebooks)
    .where(eq(lorebooks.userId, userId))
    .orderBy(asc(lorebooks.createdAt));
}

/** Ids of the member's conversations, newest activity first, leaving out those their content hides. */
export async function listOwnConversationIds(db: Database, owner: TransferOwner): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .where(and(eq(conversations.userId, owner.userId), contentVisibleFilter(owner)))
    .orderBy(desc(conversations.updatedAt));
  return rows.map((row) => row.id);
}
