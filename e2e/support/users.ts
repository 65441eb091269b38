import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { Restriction, Role } from "../../packages/contracts/src/index";
import { setAccess, setUsername } from "./db";

export type TestMember = { email: string; password: string };

export const PASSWORD = "correct horse battery";

export function uniqueEmail(prefix = "member"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Creates a member through the API and gives it a role and restriction through the database. */
export async function createMember(
  page: Page,
  role: Role = "free",
  restriction: Restriction | null = null,
): Promise<TestMember> {
  const member = { email: uniqueEmail(role), password: PASSWORD };
  const response = await page.request.post("/api/auth/signup", { data: member });
  expect(response.status()).toBe(201);
  await page.request.post("/api/auth/logout");
  if (role !== "free" || restriction) await setAccess(member.email, role, restriction);
  return member;
}

/** A fresh valid username (3-20 characters: letters, digits, _ and -). */
export function uniqueUsername(prefix = "m"): string {
  return `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
}

/** A member who finished onboarding (has a username), so no onboarding modal covers the pages. */
export async function createOnboardedMember(
  page: Page,
  role: Role = "free",
  restriction: Restriction | null = null,
): Promise<TestMember> {
  const member = await createMember(page, role, restriction);
  await setUsername(member.email, uniqueUsername());
  return member;
}

/** Signs in through the API; the refresh cookie lands in the page's browser context. */
export async function signInByApi(page: Page, member: TestMember): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: member });
  expect(response.status()).toBe(200);
}

export async function signInThroughForm(page: Page, member: TestMember): Promise<void> {
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}
