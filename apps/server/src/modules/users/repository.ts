import type { Restriction } from "@hearth/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type UserRow, users } from "../../db/schema";
import { announceChange } from "../../kernel/change-feed";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserByExternalId(db: Database, externalId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.externalId, externalId)).limit(1);
  return row ?? null;
}

/** Whether another account already has this (lower-cased) username. */
/**
 * Names no member may take, because an address under /api/creators/ means something else
 * (`/api/creators/leaderboard`); they answer as taken.
 */
const RESERVED_USERNAMES = new Set(["leaderboard"]);

export async function isUsernameTaken(db: Database, username: string, exceptUserId: string | null) {
  if (RESERVED_USERNAMES.has(username.toLowerCase())) return true;
  const condition = exceptUserId
    ? and(eq(users.username, username), ne(users.id, exceptUserId))
    : eq(users.username, username);
  const rows = await db.select({ id: users.id }).from(users).where(condition).limit(1);
  return rows.length > 0;
}

/** Inserts a member; answers null when the email is already taken. */
export async function insertMember(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash, role: "free" })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/** A member from a partner host: no email or password, known by the partner's id. */
export async function insertExternalMember(
  db: Database,
  values: { externalId: string; username: string | null; name: string | null },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: "free" })
    .returning();
  if (!row) throw new Error("Inserting an external member returned no row");
  return row;
}

export type UserUpdate = Partial<
  Pick<
    UserRow,
    | "username"
    | "name"
    | "highlights"
    | "avatarUrl"
    | "openaiApiKeyEncrypted"
    | "openaiApiKeyHint"
    | "openaiMode"
    | "showNsfw"
    | "blurNsfwAvatars"
    | "email"
  >
>;

export async function updateUser(db: Database, id: string, values: UserUpdate): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`User ${id} vanished during an update`);
  announceChange("users", id);
  return row;
}

/** Locks the member's row until the transaction ends, so their concurrent writes run one after another. */
export async function lockUser(db: Database, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
}

/**
 * Reads the member's row and locks it until the transaction ends against other changes of the row
 * (`FOR NO KEY UPDATE`): inserts that reference it (a refresh token being issued) only need a key share,
 * so they do not wait for this lock, and a transaction that holds it may wait for theirs without deadlock.
 */
export async function findUserForUpdate(db: Database, id: string): Promise<UserRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).for("no key update");
  return row ?? null;
}

/**
 * Records that every session of the member ended at `at` (access tokens issued before it are refused),
 * with a new password hash when the password changed too.
 */
export async function markSessionsRevoked(
  db: Database,
  id: string,
  at: Date,
  passwordHash?: string,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ sessionsRevokedAt: at, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`User ${id} vanished while ending its sessions`);
  announceChange("users", id);
  return row;
}

/**
 * Sets a member's restriction (admin user management), or lifts it with null; `endsAt` only for a
 * temporary restriction. Callers read it back through the kernel's effectiveRestriction.
 */
export async function setUserRestriction(
  db: Database,
  id: string,
  restriction: Restriction | null,
  endsAt: Date | null,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ restriction, restrictionEndsAt: endsAt, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`User ${id} vanished while setting its restriction`);
  announceChange("users", id);
  return row;
}

/** Deletes the account; foreign keys cascade to everything it owns. */
export async function deleteUser(db: Database, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
  announceChange("users", id);
}

/** A user who may act: the row exists and is not disabled. */
export function isActiveUser(user: UserRow | null): user is UserRow {
  return user !== null && user.disabledAt === null;
}

/** Whether a failed write broke a unique constraint (optionally a named one), on PGlite and node-postgres. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === "23505") return !constraint || pgError.constraint === constraint;
  }
  return false;
}
