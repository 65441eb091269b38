import { expect, test } from "@playwright/test";
import { finishOnboardingModal } from "./support/onboarding";
import {
  createMember,
  createOnboardedMember,
  PASSWORD,
  signInThroughForm,
  uniqueEmail,
  uniqueUsername,
} from "./support/users";

test("a member signs up, signs out and signs in again", async ({ page }) => {
  const member = { email: uniqueEmail("signup"), password: PASSWORD };
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL("/");
  await finishOnboardingModal(page, { username: uniqueUsername("new"), name: "Newcomer" });
  const menu = page.getByRole("button", { name: "Account menu" });
  await expect(menu).toContainText("Free");

  await menu.click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);

  await page.goto("/login");
  await signInThroughForm(page, member);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("Free");
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
});

test("the forms show clear field and server errors", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

  const member = await createMember(page);
  await page.goto("/register");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("An account with this email already exists.")).toBeVisible();

  await page.goto("/login");
  await signInThroughForm(page, { ...member, password: "wrong password" });
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
});

test("a protected route sends a signed-out visitor to sign in and back", async ({ page }) => {
  const member = await createOnboardedMember(page);
  await page.goto("/settings?tab=models");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInThroughForm(page, member);
  await expect(page).toHaveURL("/settings?tab=models");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Inference model" })).toBeVisible();
});

test("a visitor can continue as a guest", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Guest", { exact: true }).first()).toBeVisible();
  await page.goto("/chats");
  await expect(page.getByRole("heading", { level: 1, name: "Your Previous Conversations" })).toBeVisible();
});
