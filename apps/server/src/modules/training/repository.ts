import { and, count, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type CharacterRow,
  characters,
  type TrainingRequestRow,
  trainingRequests,
  users,
} from "../../db/schema";

const ACTIVE = ["queued", "training"] as const;

export async function findCharacter(db: Database, id: string): Promise<CharacterRow | null> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id)).limit(1);
  return row ?? null;
}

export async function findRequest(db: Database, id: string): Promise<TrainingRequestRow | null> {
  const [row] = await db.select().from(trainingRequests).where(eq(trainingRequests.id, id)).limit(1);
  return row ?? null;
}

/** Locks the member's row, so two requests of one member are counted one after the other. */
export async function lockMember(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export async function countRequestsSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainingRequests)
    .where(and(eq(trainingRequests.userId, userId), gte(trainingRequests.createdAt, since)));
  return row?.n ?? 0;
}

/** The character's newest request. */
export async function latestRequest(db: Database, characterId: string): Promise<TrainingRequestRow | null> {
  const [row] = await db
    .select()
    .from(trainingRequests)
    .where(eq(trainingRequests.characterId, characterId))
    .orderBy(desc(trainingRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** Queued and training requests of everyone. */
export async function queueLength(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainingRequests)
    .where(inArray(trainingRequests.status, [...ACTIVE]));
  return row?.n ?? 0;
}

/** A waiting request's 1-based place: the active requests made before it, and itself. */
export async function queuePosition(db: Database, request: TrainingRequestRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainingRequests)
    .where(
      and(
        inArray(trainingRequests.status, [...ACTIVE]),
        or(
          lt(trainingRequests.createdAt, request.createdAt),
          and(
            eq(trainingRequests.createdAt, request.createdAt),
            sql`${trainingRequests.id} <= ${request.id}`,
          ),
        ),
      ),
    );
  return row?.n ?? 1;
}

export async function insertRequest(
  db: Database,
  values: { userId: string; characterId: string; loraName: string; createdAt: Date },
): Promise<TrainingRequestRow> {
  const [row] = await db
    .insert(trainingRequests)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error("training request not inserted");
  return row;
}

export async function updateRequest(
  db: Database,
  id: string,
  values: Partial<Omit<typeof trainingRequests.$inferInsert, "id">>,
): Promise<void> {
  await db
    .update(trainingRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trainingRequests.id, id));
}

export async function setLoraStatus(
  db: Database,
  characterId: string,
  loraStatus: CharacterRow["loraStatus"],
): Promise<void> {
  await db.update(characters).set({ loraStatus }).where(eq(characters.id, characterId));
}

export async function activeRequests(db: Database): Promise<Pick<TrainingRequestRow, "id" | "status">[]> {
  return db
    .select({ id: trainingRequests.id, status: trainingRequests.status })
    .from(trainingRequests)
    .where(inArray(trainingRequests.status, [...ACTIVE]))
    .orderBy(trainingRequests.createdAt);
}

/** The character's newest finished LoRA. */
export async function latestReadyRequest(
  db: Database,
  characterId: string,
): Promise<TrainingRequestRow | null> {
  const [row] = await db
    .select()
    .from(trainingRequests)
    .where(and(eq(trainingRequests.characterId, characterId), eq(trainingRequests.status, "ready")))
    .orderBy(desc(trainingRequests.finishedAt))
    .limit(1);
  return row ?? null;
}
