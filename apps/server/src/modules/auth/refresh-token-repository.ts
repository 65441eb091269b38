import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refreshTokens } from "../../db/schema";

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The first key of the two-key advisory locks taken on refresh token families ("hrtf"). */
const FAMILY_LOCK_NAMESPACE = 0x68727466;

export async function insertRefreshToken(
  db: Database,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Serializes every change to one family until the transaction ends: rotations, reuse revocations and
 * logouts of a family run one after the other, so a token is never inserted into a family being revoked.
 * Row locks alone cannot do this (a rotation and a reuse lock different rows, and an UPDATE does not see
 * rows inserted after it started). Take it before any row lock of the family, so waits never form a cycle.
 */
export async function lockRefreshTokenFamily(tx: Database, familyId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(FAMILY_LOCK_NAMESPACE))}, hashtext(${familyId}))`,
  );
}

/** Reads one token and locks its row until the transaction ends. */
export async function findRefreshTokenForUpdate(tx: Database, id: string): Promise<RefreshTokenRow | null> {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, id)).for("update");
  return row ?? null;
}

export async function isRefreshTokenFamilyRevoked(tx: Database, familyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

export async function markRefreshTokenUsed(tx: Database, id: string, usedAt: Date): Promise<void> {
  await tx.update(refreshTokens).set({ usedAt }).where(eq(refreshTokens.id, id));
}

/** Revokes every token of the family; call it holding the family lock, or a concurrent insert escapes. */
export async function revokeRefreshTokenFamily(tx: Database, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * The member's families that still hold a token neither revoked nor expired, in a fixed order (the order
 * their locks are taken in when all of them are ended at once).
 */
export async function findLiveRefreshTokenFamilies(tx: Database, userId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(refreshTokens.familyId));
  return rows.map((row) => row.familyId);
}
