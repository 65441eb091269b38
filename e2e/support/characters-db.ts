import pg from "pg";

/** Fixture writes for the characters e2e tests, on the PostgreSQL server the app runs against. */
async function query(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Gives a member a username (what onboarding would set), so creator links and pages exist. */
export async function setUsername(email: string, username: string): Promise<void> {
  if ((await query("UPDATE users SET username = $1 WHERE email = $2", [username, email])) !== 1)
    throw new Error(`No user with email ${email}`);
}

/** Puts a character in a moderation state, as the moderation process would. */
export async function setModeration(
  characterId: string,
  status: "pending" | "rereview_required" | "fix_required",
  reportsType: string[] = [],
): Promise<void> {
  const updated = await query(
    "UPDATE characters SET moderation_status = $1, reports_type = $2, reason_for_moderation = $3 WHERE id = $4",
    [status, reportsType, JSON.stringify(["Please fix the tags"]), characterId],
  );
  if (updated !== 1) throw new Error(`No character ${characterId}`);
}
