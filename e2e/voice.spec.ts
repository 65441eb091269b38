import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 90_000 });

const FEMALE_VOICES = ["nova", "shimmer", "alloy"];
const input = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const botMessages = (page: Page) => page.locator('.chat-message[data-role="bot"]');

/** The fake speech server (playwright.config.ts): the speech requests it answered. */
async function speechRequests(page: Page): Promise<{ voice?: string; input?: string }[]> {
  const response = await page.request.get(`http://127.0.0.1:${process.env.E2E_SPEECH_PORT}/__control`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { speechRequests: { voice?: string; input?: string }[] }).speechRequests;
}

/** The page's one audio player: whether it plays, and what it loaded. */
function playerState(page: Page) {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="voice-player"]');
    return audio
      ? {
          paused: audio.paused,
          readyState: audio.readyState,
          duration: Number.isFinite(audio.duration) ? audio.duration : -1,
          src: audio.currentSrc,
        }
      : null;
  });
}

/** A member of `role` signed in, in a saved chat with a demo character whose reply is on screen. */
async function chatWithReply(page: Page, role: "free" | "premium") {
  const member = await createMember(page, role);
  await signInOnboarded(page, member, { username: uniqueUsername("voice"), name: "Ada" });
  const character = await demoCharacter(page);
  await page.goto(`/chat/${character.id}`);
  await expect(input(page)).toBeEnabled();
  await input(page).fill("Tell me about the lighthouse by the sea");
  await input(page).press("Enter");
  await expect(botMessages(page)).toHaveCount(2, { timeout: 15_000 });
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  return { reply: botMessages(page).last(), member };
}

test("an I'm All In member picks a female voice, hears a reply play and stops it", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { reply } = await chatWithReply(page, "premium");
  await expect(reply).toContainText("You said: Tell me about the lighthouse by the sea");

  // No voice yet: the voice button opens the voice selection.
  await reply.getByRole("button", { name: "Play voice" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a voice" });
  await expect(dialog).toBeVisible();
  const voices = dialog.getByRole("group", { name: "Voice" }).getByRole("radio");
  await expect(voices).toHaveCount(6);
  await expect(dialog.getByRole("radio", { name: /Onyx/ })).toBeVisible();
  await dialog.locator("label", { hasText: /^Female$/ }).click();
  await expect(dialog.getByRole("radio", { name: /Onyx/ })).toHaveCount(0);
  await expect(voices).toHaveCount(FEMALE_VOICES.length);
  for (const name of await voices.evaluateAll((radios) =>
    radios.map((r) => r.parentElement?.textContent ?? ""),
  )) {
    expect(name).toMatch(/Female$/);
  }
  await dialog.getByRole("radio", { name: /Shimmer/ }).check();
  await page.screenshot({ path: testInfo.outputPath("voice-selection-1280x800.png") });
  await expectNoSeriousViolations(page, "voice selection");
  await dialog.getByRole("button", { name: "Use this voice" }).click();
  await expect(dialog).toHaveCount(0);

  // It plays: the audio element received real audio (a WAV streamed by the speech server) and runs.
  const stop = reply.getByRole("button", { name: "Stop voice" });
  await expect(stop).toBeVisible();
  await expect
    .poll(async () => (await playerState(page))?.readyState ?? 0, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  await expect.poll(async () => (await playerState(page))?.duration ?? -1).toBeGreaterThan(0);
  await expect.poll(async () => (await playerState(page))?.paused).toBe(false);
  await expect(reply.getByRole("button", { name: "Stop voice" })).toHaveAttribute(
    "data-voice-state",
    "playing",
  );
  const requests = await speechRequests(page);
  expect(requests.at(-1)?.voice).toBe("shimmer");
  expect(requests.at(-1)?.input).toContain("Tell me about the lighthouse by the sea");
  const src = (await playerState(page))?.src ?? "";
  const audio = await page.request.get(src);
  expect(audio.headers()["content-type"]).toBe("audio/wav");
  expect((await audio.body()).subarray(0, 4).toString("ascii")).toBe("RIFF");

  // Stop: the element pauses and the button is Play again; the voice's quality can be rated.
  await stop.click();
  await expect.poll(async () => (await playerState(page))?.paused).toBe(true);
  await expect(reply.getByRole("button", { name: "Play voice" })).toBeVisible();
  await reply.getByRole("button", { name: "Rate the voice 4 of 5" }).click();
  await expect(reply.getByText("Thanks! Your rating helps us pick better voices.")).toBeVisible();
  // Chromium has its own speech recognition: the input offers the microphone.
  await expect(page.getByRole("button", { name: "Speak your message" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("voice-played-1280x800.png") });
  await expectNoSeriousViolations(page, "chat after voice playback");

  // The voice is kept: Play now plays at once, in the same voice.
  const spoken = (await speechRequests(page)).length;
  await reply.getByRole("button", { name: "Play voice" }).click();
  await expect(reply.getByRole("button", { name: "Stop voice" })).toBeVisible();
  await expect.poll(async () => (await speechRequests(page)).length).toBe(spoken + 1);
  expect((await speechRequests(page)).at(-1)?.voice).toBe("shimmer");
  await reply.getByRole("button", { name: "Stop voice" }).click();
  await expect.poll(async () => (await playerState(page))?.paused).toBe(true);

  // The chat menu's Choose Voice opens the selection with the chosen voice, also on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name: "Choose Voice" }).click();
  const again = page.getByRole("dialog", { name: "Choose a voice" });
  await expect(again.getByRole("radio", { name: /Shimmer/ })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("voice-selection-390x844.png") });
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toHaveCount(0);
});

test("a Free member gets the voice upgrade prompt", async ({ page }, testInfo) => {
  const { reply, member } = await chatWithReply(page, "free");
  const before = (await speechRequests(page)).length;
  await reply.getByRole("button", { name: "Play voice" }).click();
  const upgrade = page.getByRole("dialog", { name: "Voice needs I'm All In" });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByRole("link", { name: "See I'm All In" })).toHaveAttribute("href", "/subscribe");
  await page.screenshot({ path: testInfo.outputPath("voice-upgrade.png") });
  await upgrade.getByRole("button", { name: "Not now" }).click();
  await expect(upgrade).toHaveCount(0);
  expect(await playerState(page)).toBeNull();
  expect((await speechRequests(page)).length).toBe(before);
  // The API refuses too.
  const login = await page.request.post("/api/auth/login", { data: member });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  expect((await page.request.get("/api/voice/voices", { headers })).status()).toBe(403);
});
