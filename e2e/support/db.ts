import pg from "pg";
import type { Restriction, Role } from "../../packages/contracts/src/index";

/**
 * Direct database writes for fixtures: the app runs on this same PostgreSQL server during e2e (the
 * benchmarks pass their own server).
 */
async function query(
  sql: string,
  params: unknown[],
  connectionString = process.env.E2E_DATABASE_URL,
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString });
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

/** Moves a temporary restriction's end to `seconds` from now (the admin form only takes later times). */
export function setRestrictionEnd(email: string, seconds: number): Promise<void> {
  return updateUser(email, "restriction_ends_at = now() + make_interval(secs => $2)", [seconds]);
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

/**
 * A member's conversation with `count` messages, written straight into the database in one statement:
 * the character's message first, then the member's and the character's in turn, each "Message N of the
 * long chat." (every fifth one a few lines longer). Answers the conversation id.
 */
export async function seedLongConversation(
  email: string,
  characterId: string,
  count: number,
  databaseUrl?: string,
): Promise<string> {
  const result = await query(
    `WITH conversation AS (
       INSERT INTO conversations (user_id, character_id, label)
       SELECT id, $2, 'The long chat' FROM users WHERE email = $1
       RETURNING id
     ), written AS (
       INSERT INTO messages (conversation_id, role, content, created_at)
       SELECT conversation.id,
              CASE WHEN n % 2 = 1 THEN 'bot' ELSE 'user' END,
              'Message ' || n || ' of the long chat.' ||
                CASE WHEN n % 5 = 0 THEN repeat(' It goes on for a while, so this bubble wraps.', 4) ELSE '' END,
              now() - interval '1 day' + n * interval '1 millisecond'
       FROM conversation, generate_series(1, $3::int) AS n
     )
     SELECT id FROM conversation`,
    [email, characterId, count],
    databaseUrl,
  );
  const row = result.rows[0] as { id: string } | undefined;
  if (!row) throw new Error(`No user with email ${email}`);
  return row.id;
}
