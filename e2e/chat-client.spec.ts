import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { seedLongConversation } from "./support/db";
import { demoCharacter, resetFakeModel, setReplyLength } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, type TestMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 60_000 });

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const messages = (page: Page) => page.locator(".chat-message");
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');
const userMessages = (page: Page) => page.locator('.chat-message[data-role="user"]');

function signIn(page: Page, member: TestMember): Promise<void> {
  return signInOnboarded(page, member, { username: uniqueUsername("cc"), name: "Ada" });
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

/** A demo character whose greeting names the member ({{user}}). */
async function characterGreetingTheMember(page: Page): Promise<{ id: string; name: string }> {
  const list = await page.request.get("/api/characters?limit=24");
  const { data } = (await list.json()) as { data: { id: string; name: string }[] };
  for (const character of data) {
    const detail = await page.request.get(`/api/characters/${character.id}`);
    const { greeting } = (await detail.json()) as { greeting: string };
    if (greeting.includes("{{user}}")) return character;
  }
  throw new Error("No demo character greets the member by name");
}

test("a 5,000-message conversation opens with few elements, pages in older messages and reaches the first", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  const id = await seedLongConversation(member.email, character.id, 5000);
  const pages: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(`/api/conversations/${id}`)) pages.push(request.url());
  });

  await page.goto(`/chat/${character.id}/${id}`);
  await expect(page.getByText("Message 5000 of the long chat.")).toBeInViewport();
  expect(await messages(page).count()).toBeLessThan(300);
  // The default (v2) layout: the character's picture behind the chat.
  await expect(page.locator('[data-layout="v2"]')).toHaveCount(1);
  await expectNoSeriousViolations(page, "long chat");

  // Scrolling up asks for older pages, keeps what is read in place, and reaches the first message.
  const first = page.getByText("Message 1 of the long chat.", { exact: true });
  const firstInView = async () => {
    const box = (await first.count()) > 0 ? await first.boundingBox() : null;
    return box !== null && box.y >= 0 && box.y + box.height <= (page.viewportSize()?.height ?? 0);
  };
  for (let step = 0; step < 400 && !(await firstInView()); step++) {
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, -6000);
    await expect(page.getByRole("status", { name: "Loading earlier messages" })).toHaveCount(0, {
      timeout: 10_000,
    });
  }
  await expect(first).toBeInViewport();
  await expect(page.getByRole("button", { name: "Show earlier messages" })).toHaveCount(0);
  expect(await messages(page).count()).toBeLessThan(300);
  expect(await page.evaluate(() => document.querySelectorAll("*").length)).toBeLessThan(4000);
  // One request for the conversation, then pages of older messages: 5,000 in pages of 50.
  expect(pages.filter((url) => url.includes("before_id=")).length).toBeGreaterThanOrEqual(99);

  // Back at the end, a new message and its reply show there.
  await page.keyboard.press("End");
  await input(page).fill("Still here after all this time");
  await input(page).press("Enter");
  const reply = botMessages(page).filter({ hasText: "You said: Still here after all this time" });
  await expect(reply).toBeInViewport({ timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(reply).toBeInViewport();
});

test("text sent from a second tab while the first is replying stays in the input with a clear notice", async ({
  page,
  context,
}) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "Hello from tab one");
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));
  const second = await context.newPage();
  await second.goto(page.url());
  await expect(userMessages(second)).toHaveCount(1);

  await setReplyLength(page.request, 60);
  try {
    await input(page).fill("Tell me a story, tab one");
    await input(page).press("Enter");
    await expect(page.getByTestId("streaming-reply")).toContainText("You said", { timeout: 15_000 });

    await input(second).fill("Are you there? From tab two");
    await input(second).press("Enter");
    const notice = second.getByRole("alert").filter({ hasText: "Not sent: a reply is still being written" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("anything you wrote is back in the message box");
    await expect(input(second)).toHaveValue("Are you there? From tab two");
    await expect(messages(second).filter({ hasText: "Are you there? From tab two" })).toHaveCount(0);

    // Once tab one's reply is written, sending again works, and tab two shows what tab one wrote.
    await expect(page.getByTestId("streaming-reply")).toHaveCount(0, { timeout: 20_000 });
    await resetFakeModel(page.request);
    await input(second).press("Enter");
    await expect(botMessages(second).last()).toContainText("You said: Are you there? From tab two", {
      timeout: 15_000,
    });
    await expect(notice).toHaveCount(0);
    await expect(input(second)).toHaveValue("");
    await expect(userMessages(second)).toHaveCount(3);
    await expect(userMessages(second).nth(1)).toContainText("Tell me a story, tab one");
  } finally {
    await resetFakeModel(page.request);
  }
});

test("changing persona mid-chat keeps the names earlier messages were written under", async ({ page }) => {
  const member = await createMember(page, "minimal");
  await signIn(page, member);
  const login = await page.request.post("/api/auth/login", { data: member });
  const { access_token } = (await login.json()) as { access_token: string };
  const created = await page.request.post("/api/personas", {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { name: "Captain Vega", highlights: "A starship pilot" },
  });
  expect(created.status()).toBe(201);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "Written as myself");
  const firstAuthor = (await userMessages(page).first().locator("article").getAttribute("aria-label")) ?? "";
  expect(firstAuthor).not.toContain("Captain Vega");

  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name: "Change Persona" }).click();
  await page
    .getByRole("dialog", { name: "Choose your persona" })
    .getByRole("button", { name: /Captain Vega/ })
    .click();
  await page
    .getByRole("dialog", { name: "Change Persona" })
    .getByRole("button", { name: "Change Persona" })
    .click();
  await expect(page.getByText("You are now chatting as Captain Vega")).toBeVisible();
  await send(page, "Written as the captain");

  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    await expect(userMessages(page).first().locator("article")).toHaveAttribute("aria-label", firstAuthor);
    await expect(userMessages(page).last().locator("article")).toHaveAttribute(
      "aria-label",
      "Captain Vega said",
    );
  }
});

test("a guest is named the same in the greeting and on their messages, before and after saving", async ({
  page,
}) => {
  const character = await characterGreetingTheMember(page);
  await page.goto(`/chat/${character.id}`);
  const greeting = botMessages(page).first();
  await expect(greeting).toContainText("User");
  const before = await greeting.locator(".chat-bubble-bot").textContent();
  await send(page, "Hello, I am new here");
  await expect(userMessages(page).last().locator("article")).toHaveAttribute("aria-label", "User said");
  expect(await greeting.locator(".chat-bubble-bot").textContent()).toBe(before);
  await page.reload();
  await expect(botMessages(page).first().locator(".chat-bubble-bot")).toHaveText(before ?? "");
  await expect(userMessages(page).last().locator("article")).toHaveAttribute("aria-label", "User said");
});
