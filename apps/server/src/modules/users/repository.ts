import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type UserRow, users } from "../../db/schema";

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

/** A user who may act: the row exists and is not disabled. */
export function isActiveUser(user: UserRow | null): user is UserRow {
  return user !== null && user.disabledAt === null;
}
