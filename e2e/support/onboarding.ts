import { expect, type Page } from "@playwright/test";
import type { TestMember } from "./users";

/**
 * Signs in through the API and finishes onboarding there, so the onboarding modal stays away. The refresh
 * cookie lands in the page's browser context, so the next page load is signed in.
 */
export async function signInOnboarded(
  page: Page,
  member: TestMember,
  profile: { username: string; name: string },
): Promise<void> {
  const login = await page.request.post("/api/auth/login", { data: member });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const welcome = await page.request.put("/api/users/onboarding", {
    headers,
    data: { step: "guidelines", ...profile, age_confirmed: true, toc_accepted: true },
  });
  expect(welcome.status()).toBe(200);
  const done = await page.request.put("/api/users/onboarding", {
    headers,
    data: { step: "done", guidelines_accepted: true },
  });
  expect(done.status()).toBe(200);
}

/** Fills and finishes the onboarding modal a member without a username sees (for specs that sign up by form). */
export async function finishOnboardingModal(
  page: Page,
  profile: { username: string; name: string },
): Promise<void> {
  const welcome = page.getByRole("dialog", { name: /^Welcome to / });
  await welcome.getByLabel("Username").fill(profile.username);
  await welcome.getByLabel("Name", { exact: true }).fill(profile.name);
  await welcome.getByLabel("I confirm that I am 18 years or older.").check();
  await welcome.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await welcome.getByRole("button", { name: "Continue" }).click();
  const guidelines = page.getByRole("dialog", { name: "Community guidelines" });
  await guidelines.getByLabel("I have read and agree to the community guidelines.").check();
  await guidelines.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Start exploring" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}
