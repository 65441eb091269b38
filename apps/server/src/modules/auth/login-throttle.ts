import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loginThrottles } from "../../db/schema";
import { AppError } from "../../http/errors";

/** How long one account's sign-in attempts are counted for (fixed window from the first failure). */
export const LOGIN_THROTTLE_WINDOW_SECONDS = 15 * 60;

/** 429 `rate_limited` for an account whose failed sign-ins reached the limit; says when to try again. */
export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "rate_limited");
  }
}

export type LoginAttempt =
  | { allowed: true; newWindow: boolean }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a sign-in attempt for `email` before its password is checked, in one statement, so concurrent
 * attempts from any number of addresses or server instances cannot check more than `maxFailures`
 * passwords a window (a right one clears the count). The database's clock decides the windows.
 */
export async function recordLoginAttempt(
  db: Database,
  email: string,
  maxFailures: number,
): Promise<LoginAttempt> {
  const windowOver = sql`${loginThrottles.windowStartedAt} <= now() - make_interval(secs => ${LOGIN_THROTTLE_WINDOW_SECONDS})`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ email, attempts: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottles.email,
      set: {
        attempts: sql`case when ${windowOver} then 1 else ${loginThrottles.attempts} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({
      attempts: loginThrottles.attempts,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${loginThrottles.windowStartedAt} + make_interval(secs => ${LOGIN_THROTTLE_WINDOW_SECONDS}) - now())))::int`,
    });
  if (!row) throw new Error("The sign-in attempt was not recorded");
  if (row.attempts > maxFailures) return { allowed: false, retryAfterSeconds: row.retryAfterSeconds };
  return { allowed: true, newWindow: row.attempts === 1 };
}

/** A successful sign-in: the account's count starts again. */
export async function clearLoginAttempts(db: Database, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.email, email));
}

/** Drops the rows of windows that have passed (an index range scan), so typed-in addresses do not pile up. */
export async function pruneLoginThrottles(db: Database): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(
      lt(
        loginThrottles.windowStartedAt,
        sql`now() - make_interval(secs => ${LOGIN_THROTTLE_WINDOW_SECONDS})`,
      ),
    );
}
