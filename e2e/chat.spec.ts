import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter, failNextGenerations, resetFakeModel, setReplyLength } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, type TestMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 60_000 });

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');
const userMessages = (page: Page) => page.locator('.chat-message[data-role="user"]');

/** Sends a message and waits until the streamed reply is saved and shown. */
async function send(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeEnabled();
  const before = await botMessages(page).count();
  await input(page).fill(text);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(input(page)).toBeEnabled();
}

/** Samples the streaming bubble while it is on screen: each distinct text seen, in order. */
async function watchStreaming(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const started = Date.now();
        const tick = () => {
          const bubble = document.querySelector('[data-testid="streaming-reply"]');
          const text = bubble?.textContent?.trim() ?? "";
          if (text && text !== seen.at(-1)) seen.push(text);
          if ((!bubble && seen.length > 0) || Date.now() - started > 15_000) resolve(seen);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/** Signs in a member who finished onboarding (so no welcome dialog covers the chat). */
function signIn(page: Page, member: TestMember): Promise<void> {
  return signInOnboarded(page, member, { username: uniqueUsername("chat"), name: "Ada" });
}

async function openMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name }).click();
}

test("a guest chats with a demo character and sees the reply arrive token by token", async ({ page }) => {
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await expect(page.getByText("As a guest you have limited text and image generation")).toBeVisible();
  await expect(botMessages(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await input(page).fill("   ");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

  await input(page).fill("Hello from a guest who likes stars");
  // The echo three times (27 words, 40 ms apart): the 9 words alone stream in 0.4 s, and on a busy machine
  // the page once painted only two states of the reply in that time.
  await setReplyLength(page.request, 27);
  try {
    const watching = watchStreaming(page);
    await input(page).press("Enter");
    const seen = await watching;
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]?.startsWith(seen[i - 1] ?? "")).toBe(true);
  } finally {
    await resetFakeModel(page.request);
  }
  await expect(botMessages(page).last()).toContainText("You said: Hello from a guest who likes stars");
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));
});

test("a member's conversation streams, survives a reload and appears in /chats", async ({ page }) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);

  // Shift+Enter adds a line instead of sending. The reply echoes it a word every 40 ms: long enough to be
  // seen in several states while the machine is busy (with six words, a loaded run saw only two).
  await input(page).fill("First line, long enough to come in many pieces");
  await input(page).press("Shift+Enter");
  await input(page).pressSequentially("second line");
  await expect(input(page)).toHaveValue("First line, long enough to come in many pieces\nsecond line");
  const watching = watchStreaming(page);
  await input(page).press("Enter");
  expect((await watching).length).toBeGreaterThanOrEqual(3);
  await expect(botMessages(page).last()).toContainText("You said: First line");
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));

  await page.reload();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page).first()).toContainText("second line");
  await expect(botMessages(page).last()).toContainText("You said: First line");

  await page.goto("/chats");
  await expect(page.getByRole("heading", { name: "Your Previous Conversations" })).toBeVisible();
  const conversations = page.getByRole("list", { name: "Conversations" }).getByRole("listitem");
  const row = conversations.filter({ hasText: character.name });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /Continue/ }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));
  await expect(userMessages(page)).toHaveCount(1);

  await page.goto(`/chats/${character.id}`);
  await expect(
    page.getByRole("heading", { name: `Last Conversations with ${character.name}` }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Conversations" }).getByRole("listitem")).toHaveCount(1);
});

test("regenerate adds an alternate reachable by arrow keys, continue extends the reply, Suggest fills the input", async ({
  page,
}) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "Tell me about the comet");

  await page.getByRole("button", { name: "Regenerate reply" }).click();
  await expect(page.getByText("2/2")).toBeVisible({ timeout: 15_000 });
  await expect(input(page)).toBeEnabled();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("1/2")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("2/2")).toBeVisible();
  // Arrows typed in the input stay in the input.
  await input(page).fill("abc");
  await input(page).press("ArrowLeft");
  await expect(page.getByText("2/2")).toBeVisible();
  await page.reload();
  await expect(page.getByText("2/2")).toBeVisible();

  const last = botMessages(page).last();
  const before = (await last.locator(".chat-bubble-bot").textContent()) ?? "";
  await page.getByRole("button", { name: "Continue reply" }).click();
  await expect
    .poll(async () => ((await last.locator(".chat-bubble-bot").textContent()) ?? "").length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(before.length);
  await expect(input(page)).toBeEnabled();
  expect((await last.locator(".chat-bubble-bot").textContent()) ?? "").toContain(before.trim());

  await input(page).fill("");
  await page.getByRole("button", { name: "Suggest a message" }).click();
  await expect(input(page)).not.toHaveValue("", { timeout: 15_000 });
  await expect(input(page)).toBeEnabled();
});

test("edit, rate, report, rename, remove and clone a conversation", async ({ page }) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "One");
  await send(page, "Two");
  await send(page, "Three");

  // Edit: Save only for a changed, non-blank text; the change persists.
  const firstUser = userMessages(page).first();
  await firstUser.getByRole("button", { name: "Edit message" }).click();
  const save = firstUser.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await firstUser.getByRole("textbox", { name: "Edit message" }).fill("   ");
  await expect(save).toBeDisabled();
  await firstUser.getByRole("textbox", { name: "Edit message" }).fill("One, edited");
  await save.click();
  await expect(firstUser).toContainText("One, edited");

  // Rate: a star alone submits (the note shows, the message can't be rated again), then a reason follows up.
  const lastBot = botMessages(page).last();
  await lastBot.getByRole("button", { name: "Rate message" }).click();
  await lastBot.getByRole("radio", { name: /Great/ }).click();
  await expect(lastBot.getByText("Thanks for your feedback!")).toBeVisible();
  await expect(lastBot.getByRole("button", { name: "Rated Great" })).toBeDisabled();
  await expect(lastBot.getByRole("button", { name: "In character" })).toBeFocused();
  await lastBot.getByRole("button", { name: "Creative" }).click();
  await expect(lastBot.getByRole("region", { name: "Rate this message" })).toHaveCount(0);

  // Report: option, Skip with an empty comment, Done.
  await botMessages(page).nth(1).getByRole("button", { name: "Report message" }).click();
  const dialog = page.getByRole("dialog", { name: "Report message" });
  await expect(dialog.getByRole("button", { name: "Next" })).toBeDisabled();
  await dialog.getByLabel("Spam or gibberish").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("button", { name: "Skip" })).toBeVisible();
  await dialog.getByLabel("Add a comment (optional)").fill("Looks like spam");
  await expect(dialog.getByRole("button", { name: "Next" })).toBeVisible();
  await dialog.getByLabel("Add a comment (optional)").fill("");
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog.getByText("Thanks for your report.")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);

  // Rename.
  await openMenuItem(page, "Change Title");
  const titleDialog = page.getByRole("dialog", { name: "Change title" });
  await titleDialog.getByLabel("Title").fill("");
  await expect(titleDialog.getByRole("button", { name: "Update" })).toBeDisabled();
  await titleDialog.getByLabel("Title").fill("Comet night");
  await titleDialog.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Comet night", { exact: true })).toBeVisible();

  await page.reload();
  await expect(userMessages(page).first()).toContainText("One, edited");
  await expect(botMessages(page).last().getByRole("button", { name: "Rated Great" })).toBeDisabled();
  await expect(page.getByText("Comet night", { exact: true })).toBeVisible();
  const original = page.url();

  // Remove from the third user message on: it and its reply go.
  await openMenuItem(page, "Remove Messages");
  await expect(page.getByRole("button", { name: "Remove", exact: true })).toBeDisabled();
  const thirdUser = userMessages(page).nth(2);
  await thirdUser.getByRole("radio").check();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(userMessages(page)).toHaveCount(2);
  await page.reload();
  await expect(userMessages(page)).toHaveCount(2);
  await expect(page.getByText("You said: Three")).toHaveCount(0);

  // Full clone: a new conversation with every message.
  await openMenuItem(page, "Clone Conversation");
  let cloneDialog = page.getByRole("dialog", { name: "Clone conversation" });
  await cloneDialog.getByLabel(/^Title/).fill("");
  await expect(cloneDialog.getByRole("button", { name: "Clone" })).toBeDisabled();
  await cloneDialog.getByLabel(/^Title/).fill("Full copy");
  await cloneDialog.getByRole("button", { name: "Clone" }).click();
  await expect(page).not.toHaveURL(original);
  await expect(page.getByText("Full copy", { exact: true })).toBeVisible();
  await expect(userMessages(page)).toHaveCount(2);
  const fullCopy = page.url();

  // Partial clone up to the first user message.
  await openMenuItem(page, "Clone Conversation");
  cloneDialog = page.getByRole("dialog", { name: "Clone conversation" });
  await cloneDialog.getByLabel("Partial conversation").check();
  await cloneDialog.getByLabel(/^Title/).fill("Partial copy");
  await expect(cloneDialog.getByRole("button", { name: "Clone" })).toBeDisabled();
  await cloneDialog.getByLabel(/Last message to keep/).selectOption({ index: 2 });
  await cloneDialog.getByRole("button", { name: "Clone" }).click();
  await expect(page).not.toHaveURL(fullCopy);
  await expect(page.getByText("Partial copy", { exact: true })).toBeVisible();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(botMessages(page)).toHaveCount(1);
  await page.reload();
  await expect(userMessages(page)).toHaveCount(1);

  await page.goto("/chats");
  await expect(page.getByRole("list", { name: "Conversations" }).getByRole("listitem")).toHaveCount(3);
});

test("after an upstream failure the error bar counts down and Resubmit then succeeds", async ({ page }) => {
  // A phone: the conversation fills the screen, so a growing footer could cover its end.
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await failNextGenerations(page.request, 1);
  try {
    // Long enough that the conversation overflows the screen.
    await input(page).fill(`Is anyone there? ${"Hello? ".repeat(90)}`);
    await input(page).press("Enter");
    const bar = page
      .getByRole("alert")
      .filter({ hasText: "There was an error processing the last request." });
    await expect(bar).toBeVisible({ timeout: 15_000 });
    // The new conversation's address change keeps the page at the end, so the bar covers nothing.
    await expect
      .poll(async () => {
        const [message, barBox] = await Promise.all([
          userMessages(page).last().boundingBox(),
          bar.boundingBox(),
        ]);
        return (message?.y ?? 0) + (message?.height ?? 0) <= (barBox?.y ?? 0);
      })
      .toBe(true);
    const resubmit = bar.getByRole("button", { name: "Resubmit" });
    await expect(resubmit).toBeDisabled();
    await expect(bar.getByText(/You can try again in [45] seconds\./)).toBeVisible();
    await expect(bar.getByText("You can try again in 2 seconds.")).toBeVisible({ timeout: 5_000 });
    await expect(resubmit).toBeDisabled();
    await expect(resubmit).toBeEnabled({ timeout: 4_000 });
    await resubmit.click();
    await expect(bar).toHaveCount(0);
    await expect(botMessages(page).last()).toContainText("You said: Is anyone there?", { timeout: 15_000 });
    await expect(userMessages(page)).toHaveCount(1);
  } finally {
    await resetFakeModel(page.request);
  }
});

test("a free member cannot move the generation sliders and a True Supporter can", async ({ page }) => {
  const character = await demoCharacter(page);
  const free = await createMember(page, "free");
  await signIn(page, free);
  await page.goto(`/chat/${character.id}`);
  await openMenuItem(page, "Generation Settings");
  let dialog = page.getByRole("dialog", { name: "Generation Settings" });
  await expect(
    dialog.getByText("Generation settings are available with True Supporter and above."),
  ).toBeVisible();
  for (const name of ["Max new tokens", "Temperature", "Top-P", "Top-K"]) {
    await expect(dialog.getByRole("slider", { name })).toBeDisabled();
  }
  await page.keyboard.press("Escape");

  await page.request.post("/api/auth/logout");
  const supporter = await createMember(page, "basic");
  await signIn(page, supporter);
  await page.goto(`/chat/${character.id}`);
  await openMenuItem(page, "Generation Settings");
  dialog = page.getByRole("dialog", { name: "Generation Settings" });
  const temperature = dialog.getByRole("slider", { name: "Temperature" });
  await expect(temperature).toBeEnabled();
  const before = Number(await temperature.inputValue());
  await temperature.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const after = Number(await temperature.inputValue());
  expect(after).toBeCloseTo(before + 0.02, 5);
  await dialog.getByRole("button", { name: "Save" }).click();
  await page.reload();
  await openMenuItem(page, "Generation Settings");
  await expect(
    page.getByRole("dialog", { name: "Generation Settings" }).getByRole("slider", { name: "Temperature" }),
  ).toHaveValue(String(after));
  await page.keyboard.press("Escape");
  await send(page, "Tuned hello");
});

test("Stop ends a reply midway and the part already written is kept", async ({ page }) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "Warm-up");
  await setReplyLength(page.request, 300);
  try {
    await input(page).fill("Tell me a very long story");
    await input(page).press("Enter");
    await expect(input(page)).toBeDisabled();
    await expect(page.getByTestId("streaming-reply")).toContainText("You said: Tell me", { timeout: 15_000 });
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(input(page)).toBeEnabled();
    await expect(botMessages(page).last()).toContainText("You said: Tell me", { timeout: 10_000 });
    await page.reload();
    await expect(userMessages(page)).toHaveCount(2);
    await expect(botMessages(page).last()).toContainText("You said: Tell me");
  } finally {
    await resetFakeModel(page.request);
  }
});

test("the chat and the conversation lists have no serious accessibility violations", async ({ page }) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/chat/${character.id}`);
    await expect(botMessages(page)).toHaveCount(1);
    if (viewport.width === 390) await send(page, "Hello");
    for (const path of [page.url(), "/chats"]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    }
  }
});

test("a subscriber changes persona after confirming and manages pinned memories", async ({ page }) => {
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
  await send(page, "Hi");

  await openMenuItem(page, "Change Persona");
  await page
    .getByRole("dialog", { name: "Choose your persona" })
    .getByRole("button", { name: /Captain Vega/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Change Persona" });
  await confirm.getByRole("button", { name: "Change Persona" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("You are now chatting as Captain Vega")).toBeVisible();
  await page.reload();
  await openMenuItem(page, "Change Persona");
  await expect(
    page.getByRole("dialog", { name: "Choose your persona" }).getByRole("button", { name: /Captain Vega/ }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Manage personas" })).toHaveAttribute(
    "href",
    new RegExp(`^/personas\\?from=chat&character_id=${character.id}&character_name=`),
  );
  await page.keyboard.press("Escape");

  await openMenuItem(page, "Memory Manager");
  let memories = page.getByRole("dialog", { name: "Memory Manager" });
  await memories.getByRole("textbox", { name: "Memory" }).fill("Ada is afraid of heights");
  await memories.getByRole("button", { name: "Add memory" }).click();
  const item = memories.getByRole("listitem").filter({ hasText: "Ada is afraid of heights" });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Pin memory" }).click();
  await expect(item.getByRole("button", { name: "Unpin memory" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  await openMenuItem(page, "Memory Manager");
  memories = page.getByRole("dialog", { name: "Memory Manager" });
  await expect(
    memories
      .getByRole("listitem")
      .filter({ hasText: "Ada is afraid of heights" })
      .getByRole("button", { name: "Unpin memory" }),
  ).toBeVisible();
});

test("a member rates the chatbot, blocks its creator and unblocks them again", async ({ page }) => {
  const member = await createMember(page);
  await signIn(page, member);
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await send(page, "Hello");

  await openMenuItem(page, "Rate Chatbot");
  const rate = page.getByRole("dialog", { name: `Rate ${character.name}` });
  await expect(rate.getByRole("button", { name: "Done" })).toBeDisabled();
  await rate.getByRole("radio", { name: "Love" }).click();
  await rate.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Rating Submitted")).toBeVisible();
  // Opened again, it shows the rating given, and Done waits for a different one.
  await openMenuItem(page, "Rate Chatbot");
  await expect(rate.getByRole("radio", { name: "Love" })).toBeChecked();
  await expect(rate.getByRole("button", { name: "Done" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(rate).toBeHidden();

  await openMenuItem(page, "Block Creator");
  await page.getByRole("dialog", { name: "Block Creator" }).getByRole("button", { name: "Block" }).click();
  const blocked = page
    .getByRole("alert")
    .filter({ hasText: "You have blocked the creator of this character." });
  await expect(blocked).toBeVisible();
  await expect(input(page)).toBeDisabled();
  await page.reload();
  await expect(page.getByText("Please unblock creator to use this character.")).toBeVisible();
  await expect(input(page)).toBeDisabled();
  await page.getByRole("button", { name: "Unblock Creator" }).click();
  await expect(input(page)).toBeEnabled();
  await send(page, "Back again");
});
