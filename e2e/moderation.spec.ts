import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { REPORT_TEXTS } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { setRestrictionEnd } from "./support/db";
import { createOnboardedMember, signInByApi, type TestMember } from "./support/users";

/** Signs in through the API and answers the access token, for fixtures made through the API. */
async function tokenFor(page: Page, member: TestMember): Promise<string> {
  const response = await page.request.post("/api/auth/login", { data: member });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createCharacter(
  page: Page,
  token: string,
  fields: { name: string; title?: string },
): Promise<string> {
  const response = await page.request.post("/api/characters", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "A quiet librarian", greeting: "Hello", visibility: "public", ...fields },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function switchTo(page: Page, member: TestMember): Promise<void> {
  await page.request.post("/api/auth/logout");
  await signInByApi(page, member);
}

const TOGGLE = /^Review \w+: (show|hide) details$/;

/** The review table's row for a character (its character_id column shows the character's name), opened. */
/** The same app with BRAND=sfw on the same database (playwright.config.ts starts it). */
const sfwOrigin = `http://127.0.0.1:${process.env.E2E_SFW_PORT}`;

async function openReviewOf(page: Page, name: string) {
  const row = page
    .getByRole("row")
    .filter({ hasText: name })
    .filter({ has: page.getByRole("button", { name: TOGGLE }) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: TOGGLE }).click();
  return row;
}

test("a member reports a character, every validation message shown; an admin marks it NSFW from the review table", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = randomUUID().slice(0, 6);
  const name = `Report target ${suffix}`;
  const creator = await createOnboardedMember(page);
  const id = await createCharacter(page, await tokenFor(page, creator), { name });
  const reporter = await createOnboardedMember(page);
  const admin = await createOnboardedMember(page, "admin");

  await switchTo(page, reporter);
  // The safe-for-work instance (same database, same cookies on this host) shows it while nothing marks it NSFW.
  await page.goto(`${sfwOrigin}/chatbot/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const sfwSearch = `${sfwOrigin}/api/characters?search=${encodeURIComponent(name)}`;
  expect(JSON.stringify(await (await page.request.get(sfwSearch)).json())).toContain(id);

  // The bot profile links to the report page with the id filled in and the character's card shown.
  await page.goto(`/chatbot/${id}`);
  await page.getByRole("link", { name: `Report ${name}` }).click();
  await expect(page).toHaveURL(`/report/${id}`);
  await expect(page.getByLabel("Character id")).toHaveValue(id);
  await expect(page.getByRole("article", { name: `Reporting ${name}` }).first()).toBeVisible();
  await expect(page.getByText(REPORT_TEXTS.promise)).toBeVisible();
  // The chat's menu leads there too.
  await page.goto(`/chat/${id}`);
  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name: "Report Chatbot" }).click();
  await expect(page).toHaveURL(`/report/${id}`);

  // From the empty page: every message, each one going as its field is filled.
  await page.goto("/report");
  const submit = page.getByRole("button", { name: "Submit report" });
  await submit.click();
  await expect(page.getByText(REPORT_TEXTS.fillAll)).toBeVisible();
  await expect(page.getByText(REPORT_TEXTS.idRequired)).toBeVisible();
  await expect(page.getByText(REPORT_TEXTS.detailsRequired)).toBeVisible();
  await expect(page.getByText(REPORT_TEXTS.issueRequired)).toBeVisible();
  await expect(page.getByText(REPORT_TEXTS.resolutionRequired)).toBeVisible();
  await expectNoSeriousViolations(page, "/report with errors");
  // An id over the 50-character limit has its own message.
  await page.getByLabel("Character id").fill("x".repeat(51));
  await expect(page.getByText(REPORT_TEXTS.idRequired)).toHaveCount(0);
  await expect(page.getByText(REPORT_TEXTS.idTooLong)).toBeVisible();
  await page.getByLabel("Character id").fill(id);
  await expect(page.getByText(REPORT_TEXTS.idTooLong)).toHaveCount(0);
  await expect(page.getByText(REPORT_TEXTS.idRequired)).toHaveCount(0);
  await page.getByLabel("Character id").blur();
  await expect(page.getByRole("article", { name: `Reporting ${name}` }).first()).toBeVisible();
  await page.getByRole("radio", { name: /Categorization/ }).check();
  await expect(page.getByText(REPORT_TEXTS.issueRequired)).toHaveCount(0);
  await expect(page.getByText(REPORT_TEXTS.resolutionRequired)).toBeVisible();
  await page.getByLabel("Details").fill("x".repeat(251));
  await expect(page.getByText("Details should be at most 250 characters")).toBeVisible();
  await page.getByLabel("Details").fill("Explicit greeting, but it isn't marked NSFW.");
  await expect(page.getByText(REPORT_TEXTS.detailsRequired)).toHaveCount(0);
  await expect(page.getByText(REPORT_TEXTS.fillAll)).toBeVisible();
  await page.getByRole("radio", { name: /Modified/ }).check();
  await expect(page.getByText(REPORT_TEXTS.resolutionRequired)).toHaveCount(0);
  await expect(page.getByText(REPORT_TEXTS.fillAll)).toHaveCount(0);
  await submit.click();
  await expect(page.getByText(REPORT_TEXTS.submitted)).toBeVisible();
  await expect(page.getByText(REPORT_TEXTS.submitted)).toHaveCount(0, { timeout: 5000 });

  // The admin finds it open, sees the character beside it and marks it NSFW: the row closes at once.
  await switchTo(page, admin);
  await page.goto("/admin/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const row = await openReviewOf(page, name);
  await expect(row.getByText("Categorization")).toBeVisible();
  await expect(page.getByRole("article", { name: `Character ${name}` })).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/reviews with a review open");
  await page.getByRole("button", { name: "Mark NSFW" }).click();
  await expect(page.getByText("Review closed: Set NSFW.")).toBeVisible();
  await expect(row.getByText("closed", { exact: true })).toBeVisible();
  await expect(row.getByText("Set NSFW")).toBeVisible();
  await page.getByLabel("Status").selectOption("closed");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: name })
      .filter({ has: page.getByRole("button", { name: TOGGLE }) })
      .getByText("Set NSFW"),
  ).toBeVisible();
  const character = await page.request.get(`/api/characters/${id}`);
  expect(((await character.json()) as { is_nsfw: boolean }).is_nsfw).toBe(true);

  // The safe-for-work instance no longer shows it to its members: not on its profile, not in its search.
  // (Admins still open any character there, to moderate it.)
  await switchTo(page, reporter);
  await page.goto(`${sfwOrigin}/chatbot/${id}`);
  await expect(page.getByRole("heading", { name: "This chatbot is not available" })).toBeVisible();
  const search = await page.request.get(sfwSearch);
  expect(search.status()).toBe(200);
  expect(JSON.stringify(await search.json())).not.toContain(id);
});

test("an admin requires a fix: the creator sees the moderation banner and 'Rejected'", async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = randomUUID().slice(0, 6);
  const name = `Flagged ${suffix}`;
  const creator = await createOnboardedMember(page);
  const admin = await createOnboardedMember(page, "admin");
  // The automatic check flags a character whose title says it is a minor: it waits for review.
  const id = await createCharacter(page, await tokenFor(page, creator), { name, title: "She is a minor." });

  await switchTo(page, admin);
  await page.goto("/admin/reviews");
  await openReviewOf(page, name);
  await page.getByRole("button", { name: "Require fix" }).click();
  const dialog = page.getByRole("dialog", { name: `Require a fix to ${name}` });
  await dialog.getByRole("button", { name: "Require fix" }).click();
  await expect(dialog.getByText("Give at least one reason")).toBeVisible();
  await dialog.getByLabel("Underage traits or terms").check();
  await dialog.getByLabel("What the creator must change").fill("Make the character an adult.");
  await dialog.getByRole("button", { name: "Require fix" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Review closed: Fix required.")).toBeVisible();

  await switchTo(page, creator);
  await page.goto("/my-chatbots");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText("Rejected", { exact: true })).toBeVisible();
  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByText("This chatbot needs changes")).toBeVisible();
  await expect(page.getByText("Underage traits or terms")).toBeVisible();
  await expect(page.getByText("Make the character an adult.")).toBeVisible();

  // The creator fixes it: it goes back to review ('In review'), and the admin finds it in the queue again.
  await page.getByLabel("Title").fill("A retired lighthouse keeper in her sixties.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`/chatbot/${id}`);
  await page.goto("/my-chatbots");
  await expect(card.getByText("In review")).toBeVisible();
  await switchTo(page, admin);
  await page.goto("/admin/reviews");
  const again = await openReviewOf(page, name);
  await expect(again.getByText("Fix submitted")).toBeVisible();
});

test("an admin restricts a member temporarily and the member sees the restriction screen", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const member = await createOnboardedMember(page);
  const admin = await createOnboardedMember(page, "admin");

  await switchTo(page, admin);
  await page.goto("/admin/users");
  await page.getByLabel("Email or username").fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("list", { name: "Members found" }).getByRole("button").first().click();
  await expect(page.getByText(member.email, { exact: true }).last()).toBeVisible();
  await page.getByRole("radio", { name: /Temporary restriction/ }).check();
  await expect(page.getByLabel("Restricted until")).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/users with a member open");
  await page.getByRole("button", { name: "Save restriction" }).click();
  await expect(page.getByText(/^Saved: Temporarily restricted until/)).toBeVisible();

  await switchTo(page, member);
  await page.goto("/");
  const restricted = page.getByRole("heading", { name: "Your account is restricted" });
  await expect(restricted).toBeVisible();
  await expect(page.getByText(/The restriction ends on/)).toBeVisible();

  // When the end comes, the screen reloads the member and the site opens again by itself.
  await setRestrictionEnd(member.email, 4);
  await page.reload();
  await expect(restricted).toBeVisible();
  await expect(restricted).toBeHidden({ timeout: 15_000 });
  const me = await page.request.get("/api/me", {
    headers: { Authorization: `Bearer ${await tokenFor(page, member)}` },
  });
  expect(((await me.json()) as { status: string }).status).toBe("active");
});

test("a non-admin opening the admin pages gets the access-denied page, and the admin API refuses them", async ({
  page,
}) => {
  const member = await createOnboardedMember(page, "premium");
  const token = await tokenFor(page, member);
  await signInByApi(page, member);
  for (const path of ["/admin/reviews", "/admin", "/admin/users", "/admin/audit"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/access-denied");
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  }
  const headers = { Authorization: `Bearer ${token}` };
  for (const path of ["/api/admin/reviews", "/api/admin/users?q=a", "/api/admin/audit", "/api/admin/stats"]) {
    expect((await page.request.get(path, { headers })).status(), path).toBe(403);
  }
  // Writes too: a change and a delete, each answered 403 before anything is looked up.
  const someId = "00000000-0000-4000-8000-000000000000";
  const put = await page.request.put(`/api/admin/characters/${someId}`, { headers, data: { is_nsfw: true } });
  expect(put.status(), "PUT /api/admin/characters/{id}").toBe(403);
  const remove = await page.request.delete(`/api/admin/characters/${someId}`, { headers });
  expect(remove.status(), "DELETE /api/admin/characters/{id}").toBe(403);
});

test("the admin console draws the last 30 days", async ({ page }) => {
  const admin = await createOnboardedMember(page, "admin");
  await signInByApi(page, admin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin console" })).toBeVisible();
  const titles = [
    "Sign-ups",
    "Messages per day",
    "Active chats",
    "Reports",
    "Active subscriptions",
    "Revenue",
  ];
  for (const title of titles) {
    await expect(page.getByRole("figure", { name: title })).toBeVisible();
  }
  await expect(page.locator("canvas")).toHaveCount(titles.length);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousViolations(page, `/admin at ${width}px`);
  }
});
