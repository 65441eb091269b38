import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { resetFakeModel } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 90_000 });

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');
const userMessages = (page: Page) => page.locator('.chat-message[data-role="user"]');

type Demo = { id: string; name: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Three public demo characters seeded at start. */
async function demoCharacters(page: Page): Promise<Demo[]> {
  const response = await page.request.get("/api/characters?limit=3&sort=newest");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Demo[] };
  expect(body.data.length).toBeGreaterThanOrEqual(3);
  return body.data.slice(0, 3);
}

/** What the fake model was last asked (apps/server/test/support/fake-openai.ts GET /__control). */
async function lastModelRequest(page: Page): Promise<{ messages: { role: string; content: string }[] }> {
  const response = await page.request.get(`http://127.0.0.1:${process.env.E2E_LLM_PORT}/__control`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { lastRequest: { messages: { role: string; content: string }[] } };
  return body.lastRequest;
}

const systemText = (request: { messages: { role: string; content: string }[] }) =>
  request.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");

test("a group chat with three demo characters: the named one answers, mute and speak now", async ({
  page,
}, testInfo) => {
  await resetFakeModel(page.request);
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("group"), name: "Ada" });
  const [first, second, third] = await demoCharacters(page);
  if (!first || !second || !third) throw new Error("Three demo characters are needed");

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/chats");
  await page.getByRole("button", { name: "New group chat" }).click();
  const dialog = page.getByRole("dialog", { name: "New group chat" });
  await expect(dialog).toBeVisible();
  for (const character of [first, second, third]) {
    await dialog.getByRole("searchbox", { name: "Search characters" }).fill(character.name);
    await dialog
      .getByRole("button", { name: new RegExp(`^${escapeRegExp(character.name)}`) })
      .first()
      .click();
  }
  await expect(dialog.getByText("3 picked:")).toBeVisible();
  await expectNoSeriousViolations(page, "new group chat dialog");
  await page.screenshot({ path: testInfo.outputPath("new-group-1280x800.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("new-group-390x844.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole("button", { name: "Start group chat" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${first.id}/[0-9a-f-]{36}$`));
  await expect(page.getByTestId("group-names")).toHaveText(`${first.name}, ${second.name} and ${third.name}`);
  // Each character greets, labelled with its name.
  await expect(botMessages(page).first()).toBeVisible();

  // The member names the third character: it answers, and the model got its card.
  const before = await botMessages(page).count();
  await input(page).fill(`Hello ${third.name}, what brings you here?`);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  const reply = botMessages(page).last();
  await expect(reply.getByRole("article", { name: `${third.name} said` })).toBeVisible();
  await expect(reply).toContainText(`You said: Hello ${third.name}`);
  expect(systemText(await lastModelRequest(page))).toContain(`Write only ${third.name}'s next reply`);

  await expectNoSeriousViolations(page, "group chat");
  await page.screenshot({ path: testInfo.outputPath("group-chat-1280x800.png") });

  // Manage group: mute the third character, then make the first speak now (no new message).
  await page.getByRole("button", { name: /Manage/ }).click();
  const panel = page.getByRole("dialog", { name: "Manage group" });
  await panel.getByRole("button", { name: `Mute ${third.name}` }).click();
  await expect(panel.getByRole("button", { name: `Mute ${third.name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(panel.getByText("Muted: never picked to answer")).toBeVisible();
  await expectNoSeriousViolations(page, "manage group panel");
  await page.screenshot({ path: testInfo.outputPath("manage-group-1280x800.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("manage-group-390x844.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  const users = await userMessages(page).count();
  const bots = await botMessages(page).count();
  await panel.getByRole("button", { name: `${first.name}: speak now` }).click();
  await expect(panel).toBeHidden();
  await expect(botMessages(page)).toHaveCount(bots + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(
    botMessages(page)
      .last()
      .getByRole("article", { name: `${first.name} said` }),
  ).toBeVisible();
  expect(await userMessages(page).count()).toBe(users);
  expect(systemText(await lastModelRequest(page))).toContain(`Write only ${first.name}'s next reply`);

  // Muted, the third is not chosen even when named.
  await input(page).fill(`${third.name}?`);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(bots + 2, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(botMessages(page).last().getByRole("article", { name: /said$/ })).toBeVisible();
  await expect(
    botMessages(page)
      .last()
      .getByRole("article", { name: `${third.name} said` }),
  ).toHaveCount(0);

  // The phone layout, opened at that size.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("group-names")).toBeVisible();
  await expect(botMessages(page).last()).toBeVisible();
  await expectNoSeriousViolations(page, "group chat on a phone");
  await page.screenshot({ path: testInfo.outputPath("group-chat-390x844.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  // /chats lists it with the group's names.
  await page.goto("/chats");
  const row = page
    .getByRole("list", { name: "Conversations" })
    .getByRole("listitem")
    .filter({ hasText: `${first.name}, ${second.name} and ${third.name}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Group", { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("chats-with-group-1280x800.png") });
});

test("a character's chat menu starts a group chat with that character already picked", async ({ page }) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("group"), name: "Ada" });
  const [first] = await demoCharacters(page);
  if (!first) throw new Error("A demo character is needed");
  await page.goto(`/chat/${first.id}`);
  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name: "New group chat" }).click();
  const dialog = page.getByRole("dialog", { name: "New group chat" });
  await expect(dialog.getByText("1 picked:")).toBeVisible();
  await expect(dialog.getByText(first.name, { exact: false }).first()).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Start group chat" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
