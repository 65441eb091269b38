import {
  FALLBACK_PERSONA_NAME,
  nameSchema,
  type OnboardingUpdateBody,
  onboardingProblems,
  usernameSchema,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { renameDefaultPersona } from "../personas/repository";
import { usernameTaken } from "../profile/service";
import { isUniqueViolation, updateUser } from "../users/repository";
import { findOnboarding, type OnboardingValues, saveOnboarding } from "./repository";

/** The saved state, or a fresh one; members who already have a username are done. */
export async function readOnboarding(db: Database, user: UserRow): Promise<OnboardingValues> {
  const row = await findOnboarding(db, user.id);
  if (row && !user.username) return row;
  if (row) return { ...row, step: "done", username: user.username, name: user.name };
  return {
    step: user.username ? "done" : "welcome",
    guidelinesAccepted: false,
    username: user.username,
    name: user.name,
    ageConfirmed: false,
    tocAccepted: false,
  };
}

/**
 * Saves the step and what was typed. Reaching `guidelines` or `done` needs the earlier steps valid
 * (contracts `onboardingProblems`); `done` sets the username and name on the account. A taken username
 * sends the member back to `welcome` (saved) with 409 `username_taken`.
 */
export async function updateOnboarding(
  db: Database,
  user: UserRow,
  body: OnboardingUpdateBody,
): Promise<OnboardingValues> {
  const saved = await readOnboarding(db, user);
  const next: OnboardingValues = {
    step: body.step,
    guidelinesAccepted: body.guidelines_accepted ?? saved.guidelinesAccepted,
    username: body.username?.trim() ?? saved.username,
    name: body.name?.trim() ?? saved.name,
    ageConfirmed: body.age_confirmed ?? saved.ageConfirmed,
    tocAccepted: body.toc_accepted ?? saved.tocAccepted,
  };
  const problems = onboardingProblems(
    {
      guidelines_accepted: next.guidelinesAccepted,
      username: next.username,
      name: next.name,
      age_confirmed: next.ageConfirmed,
      toc_accepted: next.tocAccepted,
    },
    next.step,
  );
  const firstProblem = Object.values(problems)[0];
  if (firstProblem) throw new AppError(400, "validation_error", firstProblem, problems);
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
