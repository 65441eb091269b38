import type { Role } from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { announceChange } from "../../kernel/change-feed";

/**
 * Sets the role a subscription gives (a paid tier, or `free` when it ends) and where it was bought
 * (`subscription_platform`, null without one). Admins keep their role. Permissions follow on the next
 * request, since every request loads the member's row.
 */
export async function setMemberPlan(
  db: Database,
  userId: string,
  plan: { role: Extract<Role, "free" | "minimal" | "basic" | "premium">; platform: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({
      role: sql`case when ${users.role} = 'admin' then ${users.role} else ${plan.role} end`,
      subscriptionPlatform: plan.platform,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  announceChange("users", userId);
}
