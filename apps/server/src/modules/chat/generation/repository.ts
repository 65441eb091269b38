import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  blockedCreators,
  characters,
  chatUsage,
  conversations,
  type InferenceModelRow,
  inferenceModels,
  personas,
} from "../../../db/schema";

export type PersonaChoice = { id: string; name: string; highlights: string; isDefault: boolean };

/**
 * What a generation needs about its character and member, in one round trip: the character's access
 * facts and definition, whether the member blocked its creator, and the personas the member may speak as
 * (the requested one, the conversation's own, the default one; the caller picks in that order).
 * Null when the character does not exist. The subqueries compare with parameters, never with the outer
 * query's columns: Drizzle writes those unqualified, and a subquery would read them as its own.
 */
export async function findGenerationFacts(
  db: Database,
  characterId: string,
  member: { userId: string; requestedPersonaId: string | null; conversationId: string | null } | null,
) {
  const personaFilter = member
    ? sql`p.user_id = ${member.userId} and (p.is_default
        or p.id = ${member.requestedPersonaId}
        or p.id = (select c.user_persona_id from ${conversations} c where c.id = ${member.conversationId} and c.user_id = ${member.userId}))`
    : sql`false`;
  const [row] = await db
    .select({
      id: characters.id,
      name: characters.name,
      greeting: characters.greeting,
      persona: characters.persona,
      scenario: characters.scenario,
      dialogue: characters.dialogue,
      creatorUserId: characters.creatorUserId,
      isDeleted: characters.isDeleted,
      isUnderage: characters.isUnderage,
      isNsfw: characters.isNsfw,
      visibility: characters.visibility,
      moderationStatus: characters.moderationStatus,
      definitionVisible: characters.definitionVisible,
      creatorBlocked: member
        ? sql<boolean>`exists (select 1 from ${blockedCreators} b join ${characters} c on c.creator_user_id = b.creator_user_id where b.user_id = ${member.userId} and c.id = ${characterId})`
        : sql<boolean>`false`,
      personas: sql<
        PersonaChoice[]
      >`coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'highlights', p.highlights, 'isDefault', p.is_default)) from ${personas} p where ${personaFilter}), '[]'::json)`,
    })
    .from(characters)
    .where(eq(characters.id, characterId))
    .limit(1);
  return row ?? null;
}

/** What a reply needs of its character (and its embedded book), whoever chats; kept in memory (facts-cache.ts). */
export type CharacterFacts = NonNullable<Awaited<ReturnType<typeof findCharacterFacts>>>;

export async function findCharacterFacts(db: Database, characterId: string) {
  const [row] = await db
    .select({
      id: characters.id,
      name: characters.name,
      greeting: characters.greeting,
      persona: characters.persona,
      scenario: characters.scenario,
      dialogue: characters.dialogue,
      creatorUserId: characters.creatorUserId,
      isDeleted: characters.isDeleted,
      isUnderage: characters.isUnderage,
      isNsfw: characters.isNsfw,
      visibility: characters.visibility,
      moderationStatus: characters.moderationStatus,
      definitionVisible: characters.definitionVisible,
      updatedAt: characters.updatedAt,
      characterBook: sql<unknown>`${characters.cardExtras}->'character_book'`,
    })
    .from(characters)
    .where(eq(characters.id, characterId))
    .limit(1);
  return row ?? null;
}

/** A member's side of every reply: the personas they may speak as and the creators they blocked. */
export type MemberChatFacts = { personas: PersonaChoice[]; blockedCreatorIds: string[] };

export async function findMemberChatFacts(db: Database, userId: string): Promise<MemberChatFacts> {
  const [personaRows, blockRows] = await Promise.all([
    db
      .select({
        id: personas.id,
        name: personas.name,
        highlights: personas.highlights,
        isDefault: personas.isDefault,
      })
      .from(personas)
      .where(eq(personas.userId, userId)),
    db
      .select({ creatorUserId: blockedCreators.creatorUserId })
      .from(blockedCreators)
      .where(eq(blockedCreators.userId, userId)),
  ]);
  return { personas: personaRows, blockedCreatorIds: blockRows.map((row) => row.creatorUserId) };
}

/**
 * The inference models, read once: they are seeded at startup and never change while the server runs,
 * so a generation does not query them again (the LLM registry is handed the row it serves).
 */
export function inferenceModelCache(db: Database): () => Promise<Map<string, InferenceModelRow>> {
  let rows: Promise<Map<string, InferenceModelRow>> | null = null;
  return () => {
    rows ??= db
      .select()
      .from(inferenceModels)
      .then((list) => new Map(list.map((row) => [row.id, row])));
    rows.catch(() => {
      rows = null;
    });
    return rows;
  };
}

/**
 * Counts one message for today (UTC) unless the member already reached `limit`; answers whether it was
 * counted. One statement, so parallel requests cannot both pass the last free slot.
 */
export async function consumeDailyMessage(db: Database, userId: string, limit: number): Promise<boolean> {
  const rows = await db
    .insert(chatUsage)
    .values({ userId, day: sql`(now() at time zone 'utc')::date`, messages: 1 })
    .onConflictDoUpdate({
      target: [chatUsage.userId, chatUsage.day],
      set: { messages: sql`${chatUsage.messages} + 1` },
      setWhere: sql`${chatUsage.messages} < ${limit}`,
    })
    .returning({ messages: chatUsage.messages });
  return rows.length > 0;
}
