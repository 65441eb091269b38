import pg from "pg";
import type { Restriction, Role } from "../../packages/contracts/src/index";

/** Direct database writes for fixtures: the app runs on this same PostgreSQL server during e2e. */
async function query(sql: string, params: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function updateUser(email: string, set: string, params: unknown[]): Promise<void> {
  const result = await query(`UPDATE users SET ${set} WHERE email = $1`, [email, ...params]);
  if (result.rowCount !== 1) throw new Error(`No user with email ${email}`);
}

export function setAccess(email: string, role: Role, restriction: Restriction | null): Promise<void> {
  return updateUser(email, "role = $2, restriction = $3", [role, restriction]);
}

/** Marks an account invalid (disabled by an operator); its sessions then answer invalid_account. */
export function disableUser(email: string): Promise<void> {
  return updateUser(email, "disabled_at = now()", []);
}

/** Gives a member a username, as finished onboarding would (or another member taking a name meanwhile). */
export function setUsername(email: string, username: string): Promise<void> {
  return updateUser(email, "username = $2", [username]);
}

/** Gives an account another email, e.g. an Apple hidden-relay address that must be replaced. */
export function setEmail(email: string, newEmail: string): Promise<void> {
  return updateUser(email, "email = $2", [newEmail]);
}

export async function countUsersWithEmail(email: string): Promise<number> {
  const result = await query("SELECT count(*)::int AS n FROM users WHERE email = $1", [email]);
  return (result.rows[0] as { n: number }).n;
}

/** Puts a character in a moderation state, as the moderation process would. */
export async function setModeration(
  characterId: string,
  status: "pending" | "rereview_required" | "fix_required",
  reportsType: string[] = [],
): Promise<void> {
  const result = await query(
    "UPDATE characters SET moderation_status = $1, reports_type = $2, reason_for_moderation = $3 WHERE id = $4",
    [status, reportsType, JSON.stringify(["Please fix the tags"]), characterId],
  );
  if (result.rowCount !== 1) throw new Error(`No character ${characterId}`);
}

/** Sets how many messages a member has sent today (UTC), e.g. to the free tier's daily limit. */
export async function setMessagesSentToday(email: string, messages: number): Promise<void> {
  const result = await query(
    `INSERT INTO chat_usage (user_id, day, messages)
     SELECT id, (now() at time zone 'utc')::date, $2 FROM users WHERE email = $1
     ON CONFLICT (user_id, day) DO UPDATE SET messages = EXCLUDED.messages`,
    [email, messages],
  );
  if (result.rowCount !== 1) throw new Error(`No user with email ${email}`);
}
