import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ACCOUNT_SECURITY_MESSAGES } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { signInOnboarded } from "./support/onboarding";
import { createMember, signInThroughForm, type TestMember, uniqueUsername } from "./support/users";

const NEW_PASSWORD = "a brand new passphrase";

/** The member signed in on a second device (its own browser context), looking at the profile. */
async function secondDevice(
  browser: Browser,
  member: TestMember,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", { data: member });
  expect(login.status()).toBe(200);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  return { context, page };
}

/** The device's next page load finds no session: /profile sends it to sign in. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/profile");
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent("/profile")}`);
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
}

test("a member changes the password: other devices are signed out, this one stays, the new one signs in", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("pw"), name: "Changer" });
  const other = await secondDevice(browser, member);

  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Change password" });
  await expect(section).toBeVisible();
  const submit = section.getByRole("button", { name: "Change password" });

  // The contracts' rules in the browser, then the server's answer to a wrong current password.
  await submit.click();
  await expect(section.getByText(ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired)).toBeVisible();
  await section.getByLabel("Current password").fill("not my password");
  await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await section.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}!`);
  await submit.click();
  await expect(section.getByText(ACCOUNT_SECURITY_MESSAGES.confirmPasswordMismatch)).toBeVisible();
  await section.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await submit.click();
  await expect(section.getByText(ACCOUNT_SECURITY_MESSAGES.currentPasswordWrong)).toBeVisible();
  await expectNoSeriousViolations(page, "change password with errors");

  await section.getByLabel("Current password").fill(member.password);
  await submit.click();
  await expect(section.getByText(ACCOUNT_SECURITY_MESSAGES.passwordChanged)).toBeVisible();
  await expect(section.getByLabel("Current password")).toHaveValue("");

  // This tab goes on with its fresh session, across a reload too.
  await page.getByLabel("Name", { exact: true }).fill("Changer Two");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Profile saved successfully.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Changer Two");

  // The other device is signed out.
  await expectSignedOut(other.page);
  await other.context.close();

  // The old password no longer signs in; the new one does.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await page.goto("/login");
  await signInThroughForm(page, member);
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
  await signInThroughForm(page, { email: member.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
});

test("Sign out everywhere asks first, then signs out this device and every other one", async ({
  page,
  browser,
}) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("all"), name: "Leaver" });
  const other = await secondDevice(browser, member);

  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, "sign out everywhere dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await expectSignedOut(page);

  // The other device's refresh cookie is refused (the API tests check its access token too).
  const stillOpen = await other.page.evaluate(
    async () => (await fetch("/api/auth/refresh", { method: "POST" })).status,
  );
  expect(stillOpen).toBe(401);
  await expectSignedOut(other.page);
  await other.context.close();
});
