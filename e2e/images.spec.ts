import { expect, type Page, test } from "@playwright/test";
import type { Role } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

/**
 * Images in chat against the fake AUTOMATIC1111 engine playwright.config.ts starts (150 ms a step, 20
 * steps): progress with steps, the edited prompt, the gate's dialogs and the prompt check. The first
 * image also loads the NSFW classifier's model on the server.
 */
test.describe.configure({ timeout: 180_000 });

const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');
const imageButton = (page: Page) => page.getByRole("button", { name: "Generate image" });

function fakeEngine(): string {
  const port = process.env.E2E_IMAGE_PORT;
  if (!port)
    throw new Error("E2E_IMAGE_PORT is not set: the fake image engine starts from playwright.config.ts");
  return `http://127.0.0.1:${port}/__control`;
}

async function lastEnginePrompt(page: Page): Promise<string | undefined> {
  const response = await page.request.get(fakeEngine());
  const body = (await response.json()) as { requests: { prompt?: string }[] };
  return body.requests.at(-1)?.prompt;
}

async function openChatAs(page: Page, role: Role): Promise<void> {
  const member = await createMember(page, role);
  await signInOnboarded(page, member, { username: uniqueUsername("img"), name: "Ada" });
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await expect(botMessages(page)).toHaveCount(1);
}

async function send(page: Page, text: string): Promise<void> {
  const before = await botMessages(page).count();
  await input(page).fill(text);
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
}

test("an I'm All In member makes an image with progress, edits its prompt and makes it again; an underage prompt is refused", async ({
  page,
}, testInfo) => {
  await page.request.post(fakeEngine(), { data: { stepMs: 150, mode: "ok", imageFile: null } });
  await openChatAs(page, "premium");
  await send(page, "Show me the harbour at dusk");

  await imageButton(page).click();
  const progress = page.getByRole("progressbar", { name: "Generating image" });
  await expect(progress).toBeVisible();
  // The engine's sampling steps show as they come.
  await expect(page.getByTestId("image-progress-detail")).toHaveText(/^Step \d+ of 20$/, { timeout: 20_000 });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`image-progress-${viewport.width}.png`) });
  }
  const image = botMessages(page).last().locator("figure img");
  await expect(image).toHaveAttribute("src", /^\/media\/images\/[0-9a-f-]{36}\.png$/, { timeout: 90_000 });
  await expect(progress).toHaveCount(0);
  // The file loads after its address is set: wait for it rather than read it once.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(512);
  expect(await lastEnginePrompt(page)).toContain("Show me the harbour at dusk");
  const firstSrc = await image.getAttribute("src");

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`image-made-${viewport.width}.png`), fullPage: true });
  }
  await expectNoSeriousViolations(page, "chat with an image");

  // Edit the prompt: the same message gets a new image from it.
  await botMessages(page).last().getByRole("button", { name: "Edit prompt" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit prompt" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Image prompt").fill("A lighthouse on a cliff at sunset, oil painting");
  await page.screenshot({ path: testInfo.outputPath("image-edit-prompt-1280.png") });
  await dialog.getByRole("button", { name: "Regenerate image" }).click();
  await expect(page.getByTestId("image-progress-detail")).toHaveText(/^Step \d+ of 20$/, { timeout: 20_000 });
  await expect(image).not.toHaveAttribute("src", firstSrc ?? "", { timeout: 60_000 });
  await expect(image).toHaveAttribute("src", /^\/media\/images\//);
  expect(await lastEnginePrompt(page)).toBe("A lighthouse on a cliff at sunset, oil painting");
  await expect(botMessages(page)).toHaveCount(3);

  // An underage context: the spec's message, and no image.
  const secondSrc = await image.getAttribute("src");
  await botMessages(page).last().getByRole("button", { name: "Edit prompt" }).click();
  await dialog.getByLabel("Image prompt").fill("a 12 year old girl on the beach");
  await dialog.getByRole("button", { name: "Regenerate image" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "underage" })).toHaveText(
    "The image prompt might contain references to underage context, please consider making changes and try again.Dismiss",
  );
  await expect(image).toHaveAttribute("src", secondSrc ?? "");
  expect(await lastEnginePrompt(page)).toBe("A lighthouse on a cliff at sunset, oil painting");
  await page.screenshot({ path: testInfo.outputPath("image-underage-1280.png") });
});

test("a True Supporter without training sees the 'I'm All In' dialog", async ({ page }, testInfo) => {
  await openChatAs(page, "basic");
  await send(page, "Draw us");
  await imageButton(page).click();
  const dialog = page.getByRole("dialog", { name: "'I'm All In' Required" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/subscribe");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("image-premium-required-390.png") });
  await expectNoSeriousViolations(page, "I'm All In required dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("a Free member sees 'True Supporter Plan Required'", async ({ page }, testInfo) => {
  await openChatAs(page, "free");
  await imageButton(page).click();
  const dialog = page.getByRole("dialog", { name: "True Supporter Plan Required" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/subscribe");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("image-supporter-required-1280.png") });
  await dialog.getByRole("button", { name: "Not now" }).click();
  await expect(dialog).toHaveCount(0);
});
