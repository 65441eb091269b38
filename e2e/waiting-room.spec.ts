import { expect, type Page, test } from "@playwright/test";
import type { QueueAnswer } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

/**
 * The waiting room's banner on the chat page (README "Waiting room"). The e2e server is shared by every
 * spec and its model slots are not full, so `GET /api/queue` is answered here: in line, then access.
 */

test.describe.configure({ timeout: 60_000 });

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const RETRY_AFTER_MS = 30_000;
const IN_LINE: QueueAnswer = {
  status: "waiting",
  position: 3,
  time_left: 240,
  bypass: null,
  retry_after: RETRY_AFTER_MS,
};
const ACCESS: QueueAnswer = {
  status: "access",
  position: 0,
  time_left: 1200,
  bypass: null,
  retry_after: RETRY_AFTER_MS,
};

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const sendButton = (page: Page) => page.getByRole("button", { name: "Send" });
const banner = (page: Page) => page.getByRole("region", { name: "You're in the waiting room" });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');
const userMessages = (page: Page) => page.locator('.chat-message[data-role="user"]');

/** Whether the banner's heading is on screen and on top (not under the sticky headers) at its start. */
function headingShown(page: Page): Promise<boolean> {
  return banner(page)
    .getByRole("heading")
    .evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return box.top >= 0 && box.bottom <= window.innerHeight && hit !== null && heading.contains(hit);
    });
}

/** Answers the page's queue polls with `current()`; answers how many were asked. */
async function answerQueue(page: Page, current: () => QueueAnswer): Promise<() => number> {
  let asked = 0;
  await page.route(/\/api\/queue(\?|$)/, async (route) => {
    asked += 1;
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(current()) });
  });
  return () => asked;
}

for (const viewport of VIEWPORTS) {
  test(`a free member waits in line on ${viewport.name}: place shown, Send locked, unlocked when access comes`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const member = await createMember(page);
    await signInOnboarded(page, member, { username: uniqueUsername("wait"), name: "Ada" });
    const character = await demoCharacter(page);
    let answer = IN_LINE;
    const asked = await answerQueue(page, () => answer);
    // Time flows as usual; the next poll (retry_after later) is brought forward below.
    await page.clock.install();
    await page.goto(`/chat/${character.id}`);

    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText("You are number 3 in line, about 4 minutes left.");
    await expect(banner(page)).toContainText("Chat unlocks by itself when it's your turn.");
    // The chat opens at its newest message: the banner stays in view below the chat's header.
    await expect.poll(() => headingShown(page)).toBe(true);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => headingShown(page)).toBe(true);
    // The live region around it says so to screen readers.
    await expect(page.getByRole("status").filter({ has: banner(page) })).toHaveAttribute(
      "aria-live",
      "polite",
    );
    const skip = banner(page).getByRole("link", { name: "Skip the line" });
    await expect(skip).toHaveAttribute("href", "/subscribe");

    // Typing stays open; Send (and Suggest) wait, saying why; Enter sends nothing.
    await expect(input(page)).toBeEnabled();
    await input(page).fill("Hello from the waiting room");
    await expect(input(page)).toHaveValue("Hello from the waiting room");
    await expect(sendButton(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Suggest a message" })).toBeDisabled();
    await expect(sendButton(page)).toHaveAccessibleDescription(
      "You're in the waiting room: you can send your message when it's your turn.",
    );
    await input(page).press("Enter");
    await expect(userMessages(page)).toHaveCount(0);
    await expect(input(page)).toHaveValue("Hello from the waiting room");

    await expectNoSeriousViolations(page, `chat in the waiting room on ${viewport.name}`);
    await page.screenshot({ path: testInfo.outputPath(`waiting-room-${viewport.name}.png`) });
    await banner(page).screenshot({ path: testInfo.outputPath(`waiting-room-banner-${viewport.name}.png`) });

    // The member's turn: the next poll answers access, and the chat unlocks by itself.
    answer = ACCESS;
    const before = asked();
    await page.clock.fastForward(RETRY_AFTER_MS);
    await expect.poll(asked).toBeGreaterThan(before);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText("You're in the waiting room: you can send")).toHaveCount(0);
    await expect(sendButton(page)).toBeEnabled();
    await expect(input(page)).toHaveValue("Hello from the waiting room");
    const replies = await botMessages(page).count();
    await sendButton(page).click();
    await expect(userMessages(page)).toHaveCount(1);
    await expect(botMessages(page)).toHaveCount(replies + 1, { timeout: 15_000 });
    await expect(botMessages(page).last()).toContainText("You said: Hello from the waiting room");
  });
}

test("a visitor without an account is offered to sign up to skip the line", async ({ page }) => {
  const character = await demoCharacter(page);
  await answerQueue(page, () => ({ ...IN_LINE, position: 12, time_left: 30 }));
  await page.goto(`/chat/${character.id}`);
  await expect(banner(page)).toContainText("You are number 12 in line.");
  await expect(banner(page)).not.toContainText("minute");
  const skip = banner(page).getByRole("link", { name: "Sign up to skip the line" });
  await expect(skip).toHaveAttribute("href", "/register");
  await skip.click();
  await expect(page).toHaveURL(/\/register$/);
});
