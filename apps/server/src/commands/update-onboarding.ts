import {
  FALLBACK_PERSONA_NAME,
  nameSchema,
  type OnboardingUpdateBody,
  usernameSchema,
} from "@hearth/contracts";
import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import {
  nextOnboarding,
  type OnboardingValues,
  readOnboarding,
  saveOnboarding,
} from "../modules/onboarding/index";
import { renameDefaultPersona } from "../modules/personas/index";
import { isUniqueViolation, updateUser, usernameTaken } from "../modules/users/index";

/**
 * `PUT /api/users/onboarding`: saves the step and what was typed (onboarding). `done` also sets the
 * username and name on the account (users) and renames the default persona that still has the fallback
 * name (personas), in one transaction. A taken username sends the member back to `welcome` (saved) with
 * 409 `username_taken`.
 */
export async function updateOnboarding(
  db: Database,
  user: UserRow,
  body: OnboardingUpdateBody,
): Promise<OnboardingValues> {
  const next = nextOnboarding(await readOnboarding(db, user), body);
  if (next.step !== "done") return saveOnboarding(db, user.id, next);

  const username = usernameSchema.parse(next.username);
  const name = nameSchema.parse(next.name);
  try {
    return await db.transaction(async (tx) => {
      await updateUser(tx, user.id, { username, name });
      await renameDefaultPersona(tx, user.id, FALLBACK_PERSONA_NAME, name);
      return saveOnboarding(tx, user.id, { ...next, username, name });
    });
  } catch (error) {
    if (!isUniqueViolation(error, "users_username_unique")) throw error;
    await saveOnboarding(db, user.id, { ...next, step: "welcome" });
    throw usernameTaken();
  }
}
