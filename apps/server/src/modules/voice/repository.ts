import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { characters, conversations, messages, personas, voiceRatings, voiceSettings } from "../../db/schema";

export type VoiceScope = (typeof voiceSettings.$inferSelect)["scope"];

/** One of the member's messages with what speaking it needs; null when it is not theirs or is gone. */
export async function findOwnedMessage(db: Database, userId: string, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      content: messages.content,
      conversationId: messages.conversationId,
      characterId: conversations.characterId,
      characterName: characters.name,
      personaName: personas.name,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .leftJoin(personas, eq(personas.id, conversations.userPersonaId))
    .where(and(eq(messages.id, messageId), eq(conversations.userId, userId)));
  return row ?? null;
}

/** The member's conversation (its character), or null when it is not theirs. */
export async function findOwnedConversation(db: Database, userId: string, conversationId: string) {
  const [row] = await db
    .select({ id: conversations.id, characterId: conversations.characterId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  return row ?? null;
}

/** The member's voices for a conversation, its character and their default, whichever are set. */
export function voiceSettingsFor(
  db: Database,
  userId: string,
  subjects: { conversationId: string; characterId: string },
) {
  return db
    .select({ scope: voiceSettings.scope, voiceId: voiceSettings.voiceId })
    .from(voiceSettings)
    .where(
      and(
        eq(voiceSettings.userId, userId),
        or(
          and(eq(voiceSettings.scope, "conversation"), eq(voiceSettings.subjectId, subjects.conversationId)),
          and(eq(voiceSettings.scope, "character"), eq(voiceSettings.subjectId, subjects.characterId)),
          and(eq(voiceSettings.scope, "default"), eq(voiceSettings.subjectId, userId)),
        ),
      ),
    );
}

export async function saveVoiceSettings(
  db: Database,
  userId: string,
  voiceId: string,
  scopes: { scope: VoiceScope; subjectId: string }[],
): Promise<void> {
  if (scopes.length === 0) return;
  await db
    .insert(voiceSettings)
    .values(scopes.map(({ scope, subjectId }) => ({ userId, scope, subjectId, voiceId })))
    .onConflictDoUpdate({
      target: [voiceSettings.userId, voiceSettings.scope, voiceSettings.subjectId],
      set: { voiceId, updatedAt: sql`now()` },
    });
}

/** Rates a message's voice; a second rating of the same message replaces the first. */
export async function saveVoiceRating(
  db: Database,
  rating: { userId: string; messageId: string; voiceId: string; engine: string; rating: number },
): Promise<void> {
  await db
    .insert(voiceRatings)
    .values(rating)
    .onConflictDoUpdate({
      target: [voiceRatings.userId, voiceRatings.messageId],
      set: { voiceId: rating.voiceId, engine: rating.engine, rating: rating.rating, updatedAt: sql`now()` },
    });
}

/** The member's voice ratings of these messages (tests and the admin's reading of voice quality). */
export function voiceRatingsOf(db: Database, userId: string, messageIds: string[]) {
  return db
    .select()
    .from(voiceRatings)
    .where(and(eq(voiceRatings.userId, userId), inArray(voiceRatings.messageId, messageIds)));
}
