import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 90_000 });

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/** Screenshots go to E2E_SHOTS_DIR when set (test-results is shared with other runs), else the test's output. */
function shotPath(testInfo: TestInfo, name: string): string {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return testInfo.outputPath(name);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');

async function send(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeEnabled();
  const before = await botMessages(page).count();
  await input(page).fill(text);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
}

/** The fake model's last request (GET /__control of the fake OpenAI server). */
async function lastPrompt(page: Page): Promise<string> {
  const response = await page.request.get(`http://127.0.0.1:${process.env.E2E_LLM_PORT}/__control`);
  const body = (await response.json()) as { lastRequest: { messages: { content: string }[] } | null };
  return JSON.stringify(body.lastRequest?.messages ?? []);
}

async function signIn(page: Page): Promise<void> {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("lore"), name: "Ada" });
}

test("a card's embedded lorebook fires when its key is written, and the prompt inspector shows why", async ({
  page,
}, testInfo) => {
  await signIn(page);
  const name = `Selene ${randomUUID().slice(0, 6)}`;
  const lore = "Moonfall is the night the moon touched the silver sea.";
  const card = {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name,
      description: "A keeper of moon lore.",
      personality: "Calm",
      scenario: "A tower by the sea.",
      first_mes: "The tide is high tonight.",
      mes_example: "",
      creator_notes: "",
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: [],
      tags: [],
      creator: "e2e",
      character_version: "1",
      extensions: {},
      character_book: {
        name: "Moon lore",
        scan_depth: 4,
        token_budget: 500,
        recursive_scanning: false,
        extensions: {},
        entries: [
          {
            id: 0,
            keys: ["Moonfall"],
            secondary_keys: [],
            content: lore,
            extensions: {},
            enabled: true,
            insertion_order: 10,
            name: "Moonfall",
            priority: 10,
            position: "before_char",
          },
        ],
      },
    },
  };
  await page.goto("/chatbot/create");
  await page.getByLabel("Character card file").setInputFiles({
    name: "selene.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(card)),
  });
  await expect(page).toHaveURL(/\/chatbot\/edit\/[0-9a-f-]{36}$/);
  const characterId = page.url().split("/").at(-1) ?? "";

  await page.goto(`/chat/${characterId}`);
  await send(page, "Good evening.");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  expect(await lastPrompt(page)).not.toContain(lore);
  await send(page, "Tell me about Moonfall.");
  expect(await lastPrompt(page)).toContain(lore);

  await page.getByRole("button", { name: "Lorebooks and prompt" }).click();
  await page.getByRole("menuitem", { name: "Prompt inspector" }).click();
  const inspector = page.getByRole("dialog", { name: "Prompt inspector" });
  const used = inspector.getByRole("list", { name: "Entries used" });
  await expect(used.getByRole("listitem")).toHaveCount(1);
  await expect(used).toContainText("Moonfall");
  await expect(used).toContainText("Key “Moonfall” matched");
  await expect(used).toContainText("Character's book");
  await expectNoSeriousViolations(page, "prompt inspector");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: shotPath(testInfo, `inspector-${viewport.name}.png`) });
  }
  await page.keyboard.press("Escape");
  await expect(inspector).toBeHidden();

  // 'Add to lorebook' from text selected in a reply: a new book attached to this chat.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => {
    const replies = document.querySelectorAll('.chat-message[data-role="bot"]');
    const last = replies[replies.length - 1];
    if (!last) throw new Error("no reply");
    const walker = document.createTreeWalker(last, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes("Moonfall")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error("no text to select");
  });
  await page.getByRole("button", { name: "Add to lorebook" }).click();
  const adding = page.getByRole("dialog", { name: "Add to lorebook" });
  await expect(adding.getByLabel("Content")).toHaveValue(/Moonfall/);
  await adding.getByLabel("Keys", { exact: true }).fill("silver tower");
  await adding.getByRole("button", { name: "Add entry" }).click();
  await expect(adding.getByText("Added to Chat notes.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(adding).toBeHidden();

  // The chat's lorebooks: the card's book is on; off, it no longer fires.
  await page.getByRole("button", { name: "Lorebooks and prompt" }).click();
  await page.getByRole("menuitem", { name: "Lorebooks" }).click();
  const books = page.getByRole("dialog", { name: "Lorebooks in this chat" });
  const toggle = books.getByRole("switch", { name: "Moon lore" });
  await expect(toggle).toBeChecked();
  await expect(books.getByRole("switch", { name: "Chat notes" })).toBeChecked();
  await expectNoSeriousViolations(page, "chat lorebooks");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: shotPath(testInfo, `chat-lorebooks-${viewport.name}.png`) });
  }
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press("Escape");
  await send(page, "Moonfall, again?");
  expect(await lastPrompt(page)).not.toContain(lore);
});

test("the lorebook editor: create a book, add entries, search, bulk disable", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/lorebooks");
  await expect(page.getByRole("heading", { name: "Lorebooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No lorebooks yet")).toBeVisible();
  await expectNoSeriousViolations(page, "/lorebooks empty");

  await page.getByRole("button", { name: "New lorebook" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New lorebook" });
  await dialog.getByLabel("Name").fill("Kingdom of Ash");
  await dialog.getByLabel("Name").press("Enter");
  await expect(page).toHaveURL(/\/lorebooks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Kingdom of Ash", level: 1 })).toBeVisible();

  for (const [entryName, keys, content] of [
    ["Capital", "Emberhold, capital", "Emberhold is the capital, built on cooled lava."],
    ["Queen", "Queen Ysolde", "Queen Ysolde rules from the Obsidian Throne."],
  ] as const) {
    await page.getByRole("button", { name: "Add entry" }).click();
    const form = page.getByRole("dialog", { name: "New entry" });
    await expect(form.getByLabel("Keys", { exact: true })).toBeFocused();
    await form.getByLabel("Keys", { exact: true }).fill(keys);
    await form.getByLabel("Name", { exact: true }).fill(entryName);
    await form.getByLabel("Content").fill(content);
    await form.getByRole("button", { name: "Add entry" }).click();
    await expect(form).toBeHidden();
  }
  const entries = page.getByRole("list", { name: "Entries" });
  await expect(entries.getByRole("listitem")).toHaveCount(2);

  await page.getByLabel("Search entries").fill("obsidian");
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  await expect(entries).toContainText("Queen");
  await page.getByLabel("Search entries").fill("");

  await page.getByLabel("Select all shown").check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Disable", exact: true }).click();
  await expect(entries.getByText("Disabled")).toHaveCount(2);
  await expectNoSeriousViolations(page, "/lorebooks/:id");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: shotPath(testInfo, `editor-${viewport.name}.png`), fullPage: true });
  }

  await page.getByRole("button", { name: "Edit Queen" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Queen" });
  await edit.getByLabel("Enabled").check();
  await edit.getByRole("button", { name: "Save entry" }).click();
  await expect(edit).toBeHidden();
  await expect(entries.getByText("Disabled")).toHaveCount(1);

  await page.getByRole("link", { name: "Lorebooks" }).first().click();
  const list = page.getByRole("list", { name: "Your lorebooks" });
  await expect(list).toContainText("Kingdom of Ash");
  await expect(list).toContainText("2 entries");
  await expectNoSeriousViolations(page, "/lorebooks");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: shotPath(testInfo, `list-${viewport.name}.png`), fullPage: true });
  }
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Kingdom of Ash for SillyTavern" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);
});
