import { type OnboardingUpdateBody, onboardingProblems } from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { findOnboarding, type OnboardingValues } from "./repository";

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
 * The state after an update: the step and what was typed over what was saved. Reaching `guidelines` or
 * `done` needs the earlier steps valid (contracts `onboardingProblems`); a 400 names the first problem.
 * Saving it, and what `done` changes on the account, is commands/update-onboarding.ts.
 */
export function nextOnboarding(saved: OnboardingValues, body: OnboardingUpdateBody): OnboardingValues {
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
  return next;
}
