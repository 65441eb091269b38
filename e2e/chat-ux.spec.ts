import { expect, type Locator, type Page, test } from "@playwright/test";
import { FREE_DAILY_MESSAGE_LIMIT, MESSAGE_LIMIT_TEXTS } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { setMessagesSentToday } from "./support/db";
import { demoCharacter, failNextGenerations, resetFakeModel } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, type TestMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 60_000 });

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');
const userMessages = (page: Page) => page.locator('.chat-message[data-role="user"]');

function signIn(page: Page, member: TestMember): Promise<void> {
  return signInOnboarded(page, member, { username: uniqueUsername("ux"), name: "Ada" });
}

/** Sends with Enter from the input and waits until the streamed reply is saved and shown. */
async function send(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeEnabled();
  const before = await botMessages(page).count();
  await input(page).click();
  await input(page).fill(text);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(input(page)).toBeEnabled();
}

/** WCAG contrast ratio of two computed CSS colours (rgb/rgba, opaque). */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The alpha of an element's own computed background colour (1 for an opaque one). */
function backgroundAlpha(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const color = getComputedStyle(element).backgroundColor;
    const slash = /\/\s*([\d.]+%?)\s*\)$/.exec(color);
    if (slash?.[1]) return slash[1].endsWith("%") ? Number.parseFloat(slash[1]) / 100 : Number(slash[1]);
    const rgba = /^rgba\((?:[^,]+,){3}\s*([\d.]+)\)$/.exec(color);
    if (rgba?.[1]) return Number(rgba[1]);
    return color === "transparent" ? 0 : 1;
  });
}

test("Markdown in messages renders, and HTML in a reply stays text", async ({ page }) => {
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  const text =
    'I **really** *wave at you* and say "hello there" ~~not this~~ <img src=x onerror="document.title=\'pwned\'">';
  await send(page, text);

  // The fake model answers "You said: <the text>", so the reply carries the same Markdown.
  for (const message of [userMessages(page).last(), botMessages(page).last()]) {
    await expect(message.locator("strong")).toHaveText("really");
    await expect(message.locator("em")).toHaveText("wave at you");
    await expect(message.locator("del")).toHaveText("not this");
    await expect(message.locator(".chat-dialogue")).toHaveText('"hello there"');
    await expect(message).not.toContainText("**");
    await expect(message).toContainText("<img src=x onerror=");
    await expect(message.locator(".chat-markdown img")).toHaveCount(0);
  }
  expect(
    await botMessages(page)
      .last()
      .locator("strong")
      .evaluate((e) => getComputedStyle(e).fontWeight),
  ).toBe("700");
  expect(await page.title()).not.toBe("pwned");
});

test("the caret stays in the input across a send and a regenerate; closed dialogs return focus", async ({
  page,
}) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);

  await send(page, "Keep my caret here");
  await expect(input(page)).toBeFocused();

  // The Send button keeps it too.
  await input(page).fill("Clicking Send this time");
  const before = await botMessages(page).count();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toBeFocused();

  await botMessages(page).last().getByRole("button", { name: "Regenerate reply" }).click();
  await expect(page.getByText("2/2")).toBeVisible({ timeout: 15_000 });
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toBeFocused();

  // A dialog opened from the options menu gives the focus back to the menu button when it closes...
  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name: "Change Title" }).click();
  await expect(page.getByRole("dialog", { name: "Change title" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Chat options" })).toBeFocused();

  // ... also when opened with the keyboard, and one opened from a message back to that message's button.
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Share" }).press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("button", { name: "Chat options" })).toBeFocused();

  const report = botMessages(page).last().getByRole("button", { name: "Report message" });
  await report.click();
  await expect(page.getByRole("dialog", { name: "Report message" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(report).toBeFocused();
});

test("the error bar is opaque over the messages and never shows the server's internal wording", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(
    page,
    `A long message so the conversation fills the screen. ${"Lorem ipsum dolor. ".repeat(40)}`,
  );
  await failNextGenerations(page.request, 1);
  try {
    await input(page).fill("This one fails");
    await input(page).press("Enter");
    const bar = page
      .getByRole("alert")
      .filter({ hasText: "There was an error processing the last request." });
    await expect(bar).toBeVisible({ timeout: 15_000 });
    // The server says the model server refused (and where it is): that stays in the console.
    const shown = (await bar.textContent()) ?? "";
    expect(shown).not.toMatch(/refused|fake server|language model server|127\.0\.0\.1|http:/i);
    expect(await backgroundAlpha(bar)).toBe(1);
    // Scrolled up, the messages pass under the bar, which stays readable.
    await page.mouse.wheel(0, -400);
    expect(await backgroundAlpha(bar)).toBe(1);
  } finally {
    await resetFakeModel(page.request);
  }
});

test("a message refused by the daily limit is not shown as sent; its text goes back to the input", async ({
  page,
}) => {
  const member = await createMember(page, "free");
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "Still within the limit");
  await expect(userMessages(page)).toHaveCount(1);

  await setMessagesSentToday(member.email, FREE_DAILY_MESSAGE_LIMIT);
  await input(page).fill("One message too many");
  await input(page).press("Enter");
  const bar = page.getByRole("alert").filter({ hasText: MESSAGE_LIMIT_TEXTS.free });
  await expect(bar).toBeVisible({ timeout: 15_000 });
  await expect(bar.getByRole("link", { name: "Upgrade for unlimited messages" })).toBeVisible();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(page.locator(".chat-message").filter({ hasText: "One message too many" })).toHaveCount(0);
  await expect(input(page)).toHaveValue("One message too many");

  await page.reload();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(page.getByText("One message too many")).toHaveCount(0);
});

test("on a phone: 44px message actions, an edit box that grows, readable actions in the member's bubble", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  const long = `*smiles and waves* "Hello!" ${"This sentence wraps over many lines on a phone. ".repeat(8)}`;
  await send(page, long);

  const lastBot = botMessages(page).last();
  for (const name of ["Copy message", "Edit message", "Regenerate reply", "Continue reply", "Rate message"]) {
    const box = await lastBot.getByRole("button", { name }).boundingBox();
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0, name).toBeGreaterThanOrEqual(44);
  }

  // The member's own bubble: the italic action and the dialogue keep a 4.5:1 contrast.
  const own = userMessages(page).last();
  const bubble = own.locator(".chat-bubble-user");
  const background = await bubble.evaluate((e) => getComputedStyle(e).backgroundColor);
  for (const part of [own.locator("em"), own.locator(".chat-dialogue")]) {
    const color = await part.evaluate((e) => getComputedStyle(e).color);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  }
  await expectNoSeriousViolations(page, "chat with Markdown (phone)");

  await own.getByRole("button", { name: "Edit message" }).click();
  const edit = own.getByRole("textbox", { name: "Edit message" });
  await expect(edit).toBeFocused();
  const size = await edit.evaluate((e) => ({
    height: e.getBoundingClientRect().height,
    scroll: e.scrollHeight,
    client: e.clientHeight,
    line: Number.parseFloat(getComputedStyle(e).lineHeight),
  }));
  // Not 3 lines with a scroll bar: all of the wrapped text is visible.
  expect(size.height).toBeGreaterThan(5 * size.line);
  expect(size.scroll).toBeLessThanOrEqual(size.client + 1);
  // The edit box and its buttons are readable too.
  await expectNoSeriousViolations(page, "editing a message (phone)");
  await edit.pressSequentially(" And more.");
  await own.getByRole("button", { name: "Save" }).click();
  await expect(own).toContainText("And more.");
  await expect(own.getByRole("button", { name: "Edit message" })).toBeFocused();
});
