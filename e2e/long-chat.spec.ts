import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { seedLongConversation } from "./support/db";
import { demoCharacter, resetFakeModel, setReplyLength } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 60_000 });

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const messages = (page: Page) => page.locator(".chat-message");
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');

/** A seeded message's text: every fifth one goes on after its first sentence. */
const messageText = (page: Page, text: string) => page.locator(".chat-message p").filter({ hasText: text });

/** Whether the whole of `text`'s message is inside the viewport. */
async function fullyInView(page: Page, text: string): Promise<boolean> {
  const target = messageText(page, text);
  const box = (await target.count()) > 0 ? await target.boundingBox() : null;
  return box !== null && box.y >= 0 && box.y + box.height <= (page.viewportSize()?.height ?? 0);
}

/** Sends with Enter and waits until the streamed reply is saved and shown. */
async function send(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeEnabled();
  const before = await botMessages(page).count();
  await input(page).fill(text);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(input(page)).toBeEnabled();
}

test("a 5,000-message chat opens at its newest message with few elements, scrolls to its first and jumps back", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("lc"), name: "Ada" });
  const character = await demoCharacter(page);
  const id = await seedLongConversation(member.email, character.id, 5000);

  await page.setViewportSize({ width: 1280, height: 800 });
  const started = Date.now();
  await page.goto(`/chat/${character.id}/${id}`);
  await expect(page.getByText("Message 5000 of the long chat.")).toBeInViewport();
  await expect(input(page)).toBeEnabled();
  testInfo.annotations.push({ type: "opened in", description: `${Date.now() - started} ms` });
  expect(await messages(page).count()).toBeLessThan(300);
  // Every reply offers a new version, not only the last.
  expect(await page.getByRole("button", { name: "Regenerate reply" }).count()).toBeGreaterThan(1);
  await expectNoSeriousViolations(page, "long chat");
  await page.screenshot({ path: testInfo.outputPath("long-chat-1280x800.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("Message 5000 of the long chat.")).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("long-chat-390x844.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Up to the very first message with the wheel; older pages load as it goes, the farthest are dropped.
  await page.mouse.move(400, 400);
  for (let step = 0; step < 600 && !(await fullyInView(page, "Message 1 of the long chat.")); step++) {
    await page.mouse.wheel(0, -8000);
    await expect(page.getByRole("status", { name: "Loading earlier messages" })).toHaveCount(0, {
      timeout: 10_000,
    });
  }
  await expect(page.getByText("Message 1 of the long chat.", { exact: true })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Show earlier messages" })).toHaveCount(0);
  expect(await messages(page).count()).toBeLessThan(300);
  expect(await page.evaluate(() => document.querySelectorAll("*").length)).toBeLessThan(4000);
  await page.screenshot({ path: testInfo.outputPath("long-chat-first-1280x800.png") });

  // The newest pages were dropped on the way: scrolling down pages the later ones in again.
  const jump = page.getByRole("button", { name: "Jump to newest" });
  await expect(jump).toBeVisible();
  await expectNoSeriousViolations(page, "long chat at its first message");
  const later = "Message 600 of the long chat.";
  for (let step = 0; step < 200 && !(await fullyInView(page, later)); step++) {
    if (await messageText(page, later).count()) {
      await messageText(page, later).scrollIntoViewIfNeeded();
    } else {
      await page.mouse.wheel(0, 4000);
    }
    await expect(page.getByRole("status", { name: "Loading later messages" })).toHaveCount(0, {
      timeout: 10_000,
    });
  }
  await expect(messageText(page, later)).toBeInViewport();
  expect(await messages(page).count()).toBeLessThan(300);

  // Jump to newest reads the newest page again and goes there.
  await jump.click();
  await expect(page.getByText("Message 5000 of the long chat.")).toBeInViewport();
  await expect(jump).toHaveCount(0);
  await expect(input(page)).toBeEnabled();
  expect(await messages(page).count()).toBeLessThan(300);
});

test("an older reply gets versions: regenerate keeping the later messages, or branch a new chat from it", async ({
  page,
}, testInfo) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("sw"), name: "Ada" });
  const character = await demoCharacter(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/chat/${character.id}`);
  await send(page, "one");
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));
  const original = page.url();
  await send(page, "two");
  await send(page, "three");
  await expect(messages(page)).toHaveCount(7);

  const firstReply = botMessages(page).nth(1);
  const secondReply = botMessages(page).nth(2);
  await expect(firstReply).toContainText("You said: one");
  try {
    // Keep (the default): a new version of the first reply; everything after it stays.
    await setReplyLength(page.request, 2);
    await firstReply.getByRole("button", { name: "Regenerate reply" }).click();
    const dialog = page.getByRole("dialog", { name: "Regenerate this reply" });
    await expect(dialog.getByRole("radio", { name: /Keep the messages after it/ })).toBeChecked();
    await expectNoSeriousViolations(page, "regenerate dialog");
    await page.screenshot({ path: testInfo.outputPath("regenerate-dialog-1280x800.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("regenerate-dialog-390x844.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: "Regenerate" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(firstReply.getByText("2/2")).toBeVisible({ timeout: 15_000 });
    await expect(firstReply.locator(".chat-bubble-bot")).toHaveText("You said:");
    await expect(messages(page)).toHaveCount(7);
    await expect(botMessages(page).nth(3)).toContainText("You said: three");

    // Swipe back to the first version, by its arrows; the choice is kept over a reload.
    await firstReply.getByRole("button", { name: "Previous reply" }).click();
    await expect(firstReply.getByText("1/2")).toBeVisible();
    await expect(firstReply.locator(".chat-bubble-bot")).toHaveText("You said: one");
    await page.reload();
    await expect(messages(page)).toHaveCount(7);
    await expect(botMessages(page).nth(1).getByText("1/2")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("older-versions-1280x800.png") });

    // Branch: a new chat up to the second reply opens and writes its new version there.
    await secondReply.getByRole("button", { name: "Regenerate reply" }).click();
    const branchDialog = page.getByRole("dialog", { name: "Regenerate this reply" });
    await branchDialog.getByRole("radio", { name: /Branch a new chat from here/ }).check();
    await branchDialog.getByRole("button", { name: "Regenerate" }).click();
    await expect(page).not.toHaveURL(original);
    await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));
    await expect(messages(page)).toHaveCount(5);
    const branched = botMessages(page).last();
    await expect(branched.getByText("2/2")).toBeVisible({ timeout: 15_000 });
    await expect(branched.locator(".chat-bubble-bot")).toHaveText("You said:");
    // The branch goes on by itself; the original chat is as it was.
    await page.reload();
    await expect(messages(page)).toHaveCount(5);
    await expect(botMessages(page).last().getByText("2/2")).toBeVisible();
    await page.goto(original);
    await expect(messages(page)).toHaveCount(7);
    await expect(botMessages(page).nth(2).locator(".chat-bubble-bot")).toHaveText("You said: two");
    await expect(
      botMessages(page)
        .nth(2)
        .getByText(/\d\/\d/),
    ).toHaveCount(0);
  } finally {
    await resetFakeModel(page.request);
  }
});
