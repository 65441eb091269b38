import pg from "pg";
import type { Restriction, Role } from "../../packages/contracts/src/index";

/** Direct database access for fixtures: the app runs on this same PostgreSQL server during e2e. */
async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function setAccess(email: string, role: Role, restriction: Restriction | null): Promise<void> {
  return withClient(async (client) => {
    const result = await client.query("UPDATE users SET role = $1, restriction = $2 WHERE email = $3", [
      role,
      restriction,
      email,
    ]);
    if (result.rowCount !== 1) throw new Error(`No user with email ${email}`);
  });
}

/** Marks an account invalid (disabled by an operator); its sessions then answer invalid_account. */
export function disableUser(email: string): Promise<void> {
  return withClient(async (client) => {
    await client.query("UPDATE users SET disabled_at = now() WHERE email = $1", [email]);
  });
}
