import pg from "pg";

/** SQL fixtures for the account tests; the app runs on this same PostgreSQL server during e2e. */
async function run(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Gives an account another email, e.g. an Apple hidden-relay address that must be replaced. */
export async function setEmail(email: string, newEmail: string): Promise<void> {
  if ((await run("UPDATE users SET email = $2 WHERE email = $1", [email, newEmail])) !== 1) {
    throw new Error(`No user with email ${email}`);
  }
}

/** Claims a username for an account directly (another member taking a name meanwhile). */
export async function setUsername(email: string, username: string): Promise<void> {
  if ((await run("UPDATE users SET username = $2 WHERE email = $1", [email, username])) !== 1) {
    throw new Error(`No user with email ${email}`);
  }
}

export async function countUsersWithEmail(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query("SELECT count(*)::int AS n FROM users WHERE email = $1", [email]);
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}
