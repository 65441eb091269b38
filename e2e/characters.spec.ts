import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { setModeration, setUsername } from "./support/db";
import { createMember, signInByApi, type TestMember } from "./support/users";

/** Signs in through the API and answers the access token, for fixtures created through the API. */
async function tokenFor(page: Page, member: TestMember): Promise<string> {
  const response = await page.request.post("/api/auth/login", { data: member });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createByApi(page: Page, token: string, name: string): Promise<string> {
  const response = await page.request.post("/api/characters", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, title: "Fixture", greeting: "Hello", visibility: "private" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A member who finished onboarding with this username, so creator links and pages exist. */
async function onboardedMember(page: Page, username: string): Promise<TestMember> {
  const member = await createMember(page);
  await setUsername(member.email, username);
  return member;
}

async function switchTo(page: Page, member: TestMember): Promise<void> {
  await page.request.post("/api/auth/logout");
  await signInByApi(page, member);
}

test("a member creates, edits and manages a character that others find, favorite, rate, tag and block", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const creatorName = `maker${suffix}`;
  const creator = await onboardedMember(page, creatorName);
  const other = await onboardedMember(page, `fan${suffix}`);
  const name = `Starlit Archivist ${suffix}`;

  // A draft left half-way survives a reload.
  await signInByApi(page, creator);
  await page.goto("/chatbot/create");
  await expect(page).toHaveURL(/\/chatbot\/create\/[0-9a-f-]{36}$/);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title").fill("Keeper of forgotten star charts");
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByText(/Draft resumed/)).toBeVisible();
  await page.goto("/my-chatbots/drafts");
  await expect(page.getByRole("link", { name })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page.getByLabel("Name")).toHaveValue(name);

  // Finish and create: the chat opens.
  await page.getByLabel("Greeting").fill("Mind the dust, traveller.");
  await page.getByLabel("Personality").fill("Meticulous, kind, secretly sentimental.");
  await page.getByLabel("Scenario").fill("A library at the edge of the galaxy.");
  await page.getByLabel("Example dialogues").fill("{{user}}: Hello\n{{char}}: Shh, the stars are sleeping.");
  const tags = page.getByLabel("Tags");
  await tags.fill("space, library");
  await tags.press("Enter");
  await expect(page.getByRole("button", { name: "Remove tag library" })).toBeVisible();
  await page.getByRole("button", { name: "Create chatbot" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split("/")[2] ?? "";

  // Edit it; only the creator may.
  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await page.getByLabel("Title").fill("Keeper of the last star charts");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`/chatbot/${id}`);
  await expect(page.getByText("Keeper of the last star charts")).toBeVisible();
  // As the creator the hidden definition is still shown.
  await expect(page.getByRole("heading", { name: "Personality" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveCount(0);

  // My Chatbots: fix-required first, then under review, then the rest, with their labels.
  const token = await tokenFor(page, creator);
  const reported = await createByApi(page, token, `Reported ${suffix}`);
  const waiting = await createByApi(page, token, `Waiting ${suffix}`);
  await setModeration(reported, "fix_required", ["User"]);
  await setModeration(waiting, "pending");
  await page.goto("/my-chatbots");
  const grid = page.getByRole("list", { name: "Your chatbots" });
  await expect(grid.getByRole("heading", { level: 3 })).toHaveText([
    `Reported ${suffix}`,
    `Waiting ${suffix}`,
    name,
  ]);
  await expect(grid.getByText("Reported", { exact: true })).toBeVisible();
  await expect(grid.getByText("In review")).toBeVisible();
  await expect(grid.getByText("Public", { exact: true })).toBeVisible();
  await page.goto(`/chatbot/edit/${waiting}`);
  await expect(page.getByText("This chatbot is under review")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();

  // Another member: definition hidden, favorite, rate, suggest tags, block and unblock, find on home.
  await switchTo(page, other);
  await page.goto(`/chatbot/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: `@${creatorName}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Greeting" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Personality" })).toHaveCount(0);
  await expect(page.getByText("The creator keeps this chatbot's definition private.")).toBeVisible();

  await page.getByRole("button", { name: "Favorite" }).click();
  await expect(page.getByRole("button", { name: "Unfavorite" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Rate" }).click();
  await page.getByText("Love", { exact: true }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Rating Submitted")).toBeVisible();

  await page.getByRole("button", { name: "Suggest tags" }).click();
  await page.getByRole("button", { name: "Send suggestions" }).click();
  await expect(page.getByText("Please select something !")).toBeVisible();
  await expect(page.getByText("Please select something !")).toHaveCount(0, { timeout: 5000 });
  await page.getByLabel("Suggest a new tag").fill("archives");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("button", { name: "Send suggestions" }).click();
  await expect(page.getByText("Thanks! Your suggestions were sent to the creator.")).toBeVisible();

  await page.goto("/favorites");
  await expect(page.getByRole("link", { name: `Chat with ${name}` })).toBeVisible();

  await page.goto(`/chatbot/${id}`);
  await page.getByRole("button", { name: "Block Creator" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unblock Creator" })).toBeVisible();
  await page.goto("/blocked-creators");
  await expect(page.getByRole("link", { name: `@${creatorName}` })).toBeVisible();
  await page.getByRole("button", { name: `Unblock @${creatorName}` }).click();
  await expect(page.getByText("Not blocked any creator yet!")).toBeVisible();

  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search characters" }).fill(`Archivist ${suffix}`);
  await expect(page).toHaveURL(/\?q=Archivist/);
  // The search answers in the grid (the discovery rows above it may still be on screen for a moment).
  const results = page.getByRole("region", { name: "Popular characters" });
  await expect(results.getByRole("link", { name: `Chat with ${name}` })).toBeVisible();

  // The creator's page lists it; the editor refuses this member.
  await page.goto(`/creator/${creatorName}`);
  await expect(page.getByRole("heading", { name: `@${creatorName}'s Chatbots` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Chat with ${name}` })).toBeVisible();
  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByRole("heading", { name: "You are not allowed to access this page" })).toBeVisible();

  // Back as the creator: the suggestion arrived on the profile.
  await switchTo(page, creator);
  await page.goto(`/chatbot/${id}`);
  await expect(page.getByText("Tag suggestions from members")).toBeVisible();
  await expect(page.getByText("+archives")).toBeVisible();
});

test("a card file imports as a private chatbot and exports as JSON and PNG", async ({ page }) => {
  const member = await onboardedMember(page, `importer${randomUUID().slice(0, 6)}`);
  await signInByApi(page, member);
  const cardName = `Imported Oracle ${randomUUID().slice(0, 6)}`;
  const card = {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name: cardName,
      description: "An oracle who speaks in riddles.",
      personality: "Cryptic",
      scenario: "A misty temple.",
      first_mes: "The mist parts for you.",
      mes_example: "",
      creator_notes: "",
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: ["Another greeting"],
      tags: ["mystery"],
      creator: "someone",
      character_version: "1",
      extensions: { custom: { kept: true } },
    },
  };
  await page.goto("/chatbot/create");
  await page.getByLabel("Character card file").setInputFiles({
    name: "oracle.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(card)),
  });
  await expect(page).toHaveURL(/\/chatbot\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Name")).toHaveValue(cardName);
  await expect(page.getByRole("radio", { name: /Private/ })).toBeChecked();

  await page.getByRole("button", { name: "Export" }).click();
  const jsonDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "JSON card (V2)" }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(await readFile((await json.path()) ?? "", "utf8")) as typeof card;
  expect(exported.spec).toBe("chara_card_v2");
  expect(exported.data.name).toBe(cardName);
  expect(exported.data.extensions).toMatchObject({ custom: { kept: true } });

  await page.getByRole("button", { name: "Export" }).click();
  const pngDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "PNG card (V3)" }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const bytes = await readFile((await png.path()) ?? "");
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
});

test("the character pages have no serious accessibility violations at 390 and 1280", async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = randomUUID().slice(0, 6);
  const member = await onboardedMember(page, `axe${suffix}`);
  const token = await tokenFor(page, member);
  const id = await createByApi(page, token, `Axe ${suffix}`);
  const pages = [
    "/",
    `/chatbot/${id}`,
    `/chatbot/edit/${id}`,
    "/my-chatbots",
    "/my-chatbots/drafts",
    `/creator/axe${suffix}`,
    "/favorites",
    "/recommended",
    "/blocked-creators",
  ];
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoSeriousViolations(page, path);
    }
  }
});
