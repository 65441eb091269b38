import { expect, type Page, test } from "@playwright/test";
import { ACCOUNT_SECURITY_MESSAGES, PROFILE_LIMITS, PROFILE_MESSAGES } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { countUsersWithEmail, setEmail, setUsername } from "./support/db";
import { signInOnboarded } from "./support/onboarding";
import { createMember, PASSWORD, uniqueEmail, uniqueUsername } from "./support/users";

async function openAccountMenuItem(page: Page, item: string): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("a new member goes through onboarding, including a username taken meanwhile", async ({ page }) => {
  const rival = await createMember(page);
  const taken = uniqueUsername("taken");
  await setUsername(rival.email, taken);

  await page.goto("/register");
  await page.getByLabel("Email").fill(uniqueEmail("onboarding"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  const modal = page.getByRole("dialog", { name: "Welcome to Hearth!" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText("Step 1 of 2")).toBeVisible();
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(modal.getByText(PROFILE_MESSAGES.usernameRequired, { exact: true })).toBeVisible();
  await expect(modal.getByText(PROFILE_MESSAGES.nameRequired, { exact: true })).toBeVisible();
  await expect(modal.getByText("You must confirm that you are 18 years or older.")).toBeVisible();
  await expect(modal.getByText("You must agree with the terms and conditions.")).toBeVisible();

  await modal.getByLabel("Username").fill(taken);
  await expect(modal.getByText("Not Available")).toBeVisible();
  const wanted = uniqueUsername("ada");
  await modal.getByLabel("Username").fill(wanted);
  await expect(modal.getByText("Available", { exact: true })).toBeVisible();
  await modal.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await modal.getByLabel("I confirm that I am 18 years or older.").check();
  await modal.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await modal.getByRole("button", { name: "Continue" }).click();

  const guidelines = page.getByRole("dialog", { name: "Community guidelines" });
  await expect(guidelines).toBeVisible();
  await guidelines.getByRole("button", { name: "Finish" }).click();
  await expect(guidelines.getByText(PROFILE_MESSAGES.guidelinesRequired)).toBeVisible();

  // The step is saved per member: a reload comes back to the guidelines.
  await page.reload();
  await expect(guidelines).toBeVisible();

  // Someone else takes the name before Finish: back to the welcome step with the unavailable message.
  await setUsername(rival.email, wanted);
  await guidelines.getByLabel("I have read and agree to the community guidelines.").check();
  await guidelines.getByRole("button", { name: "Finish" }).click();
  await expect(modal).toBeVisible();
  await expect(modal.getByText(PROFILE_MESSAGES.usernameTaken)).toBeVisible();

  const final = uniqueUsername("ada");
  await modal.getByLabel("Username").fill(final);
  await modal.getByRole("button", { name: "Continue" }).click();
  await guidelines.getByLabel("I have read and agree to the community guidelines.").check();
  await guidelines.getByRole("button", { name: "Finish" }).click();
  const done = page.getByRole("dialog", { name: "You're all set, Ada Lovelace!" });
  await expect(done).toBeVisible();
  await done.getByRole("button", { name: "Start exploring" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await openAccountMenuItem(page, "Profile");
  await expect(page.getByLabel("Username")).toHaveValue(final);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada Lovelace");
});

test("the profile shows every validation message, guards unsaved changes and saves", async ({ page }) => {
  const member = await createMember(page);
  const other = await createMember(page);
  const otherName = uniqueUsername("other");
  await setUsername(other.email, otherName);
  const username = uniqueUsername("grace");
  await signInOnboarded(page, member, { username, name: "Grace" });

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByText("Free", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Benefits" })).toContainText("Create characters");

  const usernameField = page.getByLabel("Username");
  const nameField = page.getByLabel("Name", { exact: true });
  const update = page.getByRole("button", { name: "Update" });
  const cases: [ReturnType<Page["getByLabel"]>, string, string][] = [
    [usernameField, "", PROFILE_MESSAGES.usernameRequired],
    [usernameField, "ab", PROFILE_MESSAGES.usernameTooShort],
    [usernameField, "a".repeat(PROFILE_LIMITS.usernameMax + 1), PROFILE_MESSAGES.usernameTooLong],
    [usernameField, "bad name!", PROFILE_MESSAGES.usernameInvalidCharacters],
  ];
  for (const [field, value, message] of cases) {
    await field.fill(value);
    await update.click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await usernameField.fill("ab");
  await expect(page.getByText(PROFILE_MESSAGES.usernameInvalid)).toBeVisible();
  await usernameField.fill(otherName);
  await expect(page.getByText("Not Available")).toBeVisible();
  await usernameField.fill(username);

  for (const [value, message] of [
    ["", PROFILE_MESSAGES.nameRequired],
    ["Al", PROFILE_MESSAGES.nameTooShort],
    ["N".repeat(PROFILE_LIMITS.nameMax + 1), PROFILE_MESSAGES.nameTooLong],
  ] as const) {
    await nameField.fill(value);
    await update.click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await nameField.fill("Grace");
  await page.getByLabel("Highlights").fill("h".repeat(PROFILE_LIMITS.highlightsMax + 1));
  await update.click();
  await expect(page.getByText(PROFILE_MESSAGES.highlightsTooLong, { exact: true })).toBeVisible();
  await page.getByLabel("Highlights").fill("Admiral, computer scientist, debugger of moths.");

  await page.getByText("Advanced", { exact: true }).click();
  const keyField = page.getByLabel("OpenAI API key");
  await keyField.fill("k".repeat(PROFILE_LIMITS.openaiKeyMax + 1));
  await update.click();
  await expect(page.getByText(PROFILE_MESSAGES.openaiKeyTooLong, { exact: true })).toBeVisible();
  const key = "sk-test-secret-key-9876";
  await keyField.fill(key);
  await page.getByRole("radio", { name: "Hybrid" }).check();

  // Leaving with changes asks first; Discard leaves without saving.
  await openAccountMenuItem(page, "Personas");
  const unsaved = page.getByRole("dialog", { name: "Unsaved Changes" });
  await expect(unsaved).toBeVisible();
  await expect(page).toHaveURL("/profile");
  await unsaved.getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL("/personas");

  // Update in the dialog saves and then leaves.
  await page.goto("/profile");
  await page.getByLabel("Highlights").fill("Admiral, computer scientist, debugger of moths.");
  await page.getByText("Advanced", { exact: true }).click();
  await page.getByLabel("OpenAI API key").fill(key);
  await page.getByRole("radio", { name: "Hybrid" }).check();
  await page.getByRole("link", { name: "Home" }).first().click();
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL("/");

  await page.goto("/profile");
  await expect(page.getByLabel("Highlights")).toHaveValue("Admiral, computer scientist, debugger of moths.");
  await expect(page.getByRole("radio", { name: "Hybrid" })).toBeChecked();
  await expect(page.getByText(/Saved key: sk-/)).toBeVisible();
  await expect(page.getByLabel("OpenAI API key")).toHaveValue("");
  expect(await page.content()).not.toContain(key);

  // A plain save shows the message for 3 seconds.
  await nameField.fill("Grace Hopper");
  await update.click();
  const saved = page.getByText("Profile saved successfully.");
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  // The browser's Back button asks too: staying keeps the changes, Discard goes back.
  await nameField.fill("Grace B. Hopper");
  await page.goBack();
  await expect(unsaved).toBeVisible();
  await expect(page).toHaveURL("/profile");
  await unsaved.getByRole("button", { name: "Close" }).click();
  await expect(nameField).toHaveValue("Grace B. Hopper");
  await page.goBack();
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL("/");
  await page.goForward();
  await expect(page).toHaveURL("/profile");
  await expect(nameField).toHaveValue("Grace Hopper");
});

test("personas: create, search, edit, set default and delete; the default refuses", async ({ page }) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("p"), name: "Nova" });

  await page.goto("/personas?from=chat&character_id=abc123&character_name=Aria");
  await expect(page.getByRole("heading", { level: 1, name: "My Personas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back to Aria" })).toHaveAttribute("href", "/chat/abc123");
  const cards = page.getByRole("list", { name: "Personas" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Nova");
  await expect(cards.first()).toContainText("Default");

  for (const [name, highlights] of [
    ["Captain Vex", "A sky pirate with a stolen airship."],
    ["captain Mira", "Navigator who never gets lost."],
  ] as const) {
    await page.getByRole("link", { name: "Create New" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create persona" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back to Aria" })).toBeVisible();
    await page.getByRole("button", { name: "Create persona" }).click();
    await expect(page.getByText("Name can't be empty")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Highlights").fill(highlights);
    await page.getByRole("button", { name: "Create persona" }).click();
    await expect(page).toHaveURL(/\/personas\?from=chat/);
  }
  await expect(cards).toHaveCount(3);

  const search = page.getByLabel("Search personas");
  await search.fill("CAP");
  await expect(cards).toHaveCount(2);
  await search.fill("captain v");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Captain Vex");
  await search.fill("vex");
  await expect(page.getByText("No persona names start with “vex”")).toBeVisible();
  await search.fill("");
  await expect(cards).toHaveCount(3);

  await page.getByRole("link", { name: "Edit Captain Vex" }).click();
  await expect(page).toHaveURL(/\/personas\/edit\/[0-9a-f-]+\?from=chat/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Captain Vex");
  await page.getByLabel("Name", { exact: true }).fill("Captain Vexa");
  await page.getByLabel("Highlights").fill("Retired sky pirate, now runs a tea shop.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("article", { name: "Captain Vexa" })).toContainText("now runs a tea shop");

  // The default persona refuses to be deleted, with the spec's message.
  await page.getByRole("button", { name: "Delete Nova" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Nova?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(
    confirm.getByText(
      "You cannot delete the default persona, please set another persona as the default or create a new one first.",
    ),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(cards).toHaveCount(3);

  await page.getByRole("button", { name: "Set Captain Vexa as default" }).click();
  await expect(page.getByRole("article", { name: "Captain Vexa" })).toContainText("Default");
  await page.getByRole("button", { name: "Delete Nova" }).click();
  await page.getByRole("dialog", { name: "Delete Nova?" }).getByRole("button", { name: "Delete" }).click();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("article", { name: "Nova" })).toHaveCount(0);
  await page.reload();
  await expect(cards).toHaveCount(2);
});

test("a member with a hidden-relay email must give a real one", async ({ page }) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("r"), name: "Relay" });
  const relay = `relay-${Date.now()}@privaterelay.appleid.com`;
  await setEmail(member.email, relay);

  await page.goto("/personas");
  await expect(page).toHaveURL("/update-email");
  await expect(page.getByRole("heading", { level: 1, name: "Update your email" })).toBeVisible();
  await expect(page.getByText("hidden (private relay) email address")).toBeVisible();

  const save = page.getByRole("button", { name: "Save email" });
  await save.click();
  await expect(page.getByText("Email can not be empty")).toBeVisible();
  await page.getByLabel("New email").fill("not-an-email");
  await save.click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("New email").fill(`other-${Date.now()}@privaterelay.appleid.com`);
  await save.click();
  await expect(page.getByText(PROFILE_MESSAGES.emailHiddenRelay)).toBeVisible();

  const real = uniqueEmail("real");
  await page.getByLabel("New email").fill(real);
  await save.click();
  await expect(page.getByText(`Your email is now ${real}.`)).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/personas");
  await expect(page).toHaveURL("/personas");

  await page.request.post("/api/auth/logout");
  const login = await page.request.post("/api/auth/login", { data: { email: real, password: PASSWORD } });
  expect(login.status()).toBe(200);
});

test("a member removes the account after the countdown and the password, and cannot sign in again", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("bye"), name: "Leaving" });

  await page.goto("/profile");
  await page.getByRole("button", { name: "Remove Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove your account?" });
  await expect(dialog).toBeVisible();
  // The configured countdown (10 s by default) plus one, ticking each second with Remove disabled.
  const counting = dialog.getByRole("button", { name: /^Remove \(\d+\)$/ });
  await expect(counting).toBeDisabled();
  const first = Number((await counting.textContent())?.match(/\d+/)?.[0]);
  expect(first).toBeGreaterThan(1);
  await expect(dialog.getByRole("button", { name: `Remove (${first - 1})` })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: "Remove Account" }).click();
  const remove = dialog.getByRole("button", { name: "Remove", exact: true });
  await expect(remove).toBeEnabled({ timeout: 15_000 });
  // The password confirms it: without it, or with a wrong one, nothing is removed.
  await remove.click();
  await expect(dialog.getByText(ACCOUNT_SECURITY_MESSAGES.removalPasswordRequired)).toBeVisible();
  await dialog.getByLabel("Your password").fill("not my password");
  await remove.click();
  await expect(dialog.getByText(ACCOUNT_SECURITY_MESSAGES.removalPasswordWrong)).toBeVisible();
  expect(await countUsersWithEmail(member.email)).toBe(1);
  await dialog.getByLabel("Your password").fill(member.password);
  await remove.click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  expect(await countUsersWithEmail(member.email)).toBe(0);

  const login = await page.request.post("/api/auth/login", { data: member });
  expect(login.status()).toBe(401);
  await page.goto("/login");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
});

test("the account pages and the onboarding modal have no serious accessibility violations", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const check = (label: string) => expectNoSeriousViolations(page, label);
  const newcomer = await createMember(page);
  await page.request.post("/api/auth/login", { data: newcomer });
  await page.goto("/");
  await expect(page.getByRole("dialog", { name: "Welcome to Hearth!" })).toBeVisible();
  await check("onboarding");

  await page.request.post("/api/auth/logout");
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("a11y"), name: "Ally" });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ["/profile", "/personas", "/personas/create", "/settings", "/update-email"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await check(`${viewport.width} ${path}`);
    }
  }
});
