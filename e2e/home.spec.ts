import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The home at both widths: no serious axe violation, and a screenshot of the first screen and the page. */
async function checkHome(page: Page, who: string, outputPath: (name: string) => string): Promise<void> {
  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Trending" }).getByRole("link").first()).toBeVisible();
    await expectNoSeriousViolations(page, `${who} home on ${name}`);
    await page.screenshot({ path: outputPath(`${who}-${name}.png`) });
    await page.screenshot({ path: outputPath(`${who}-${name}-full.png`), fullPage: true });
  }
}

test("a signed-out visitor gets a compact hero with the first row on the phone's first screen", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /storytellers/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Continue chatting" })).toHaveCount(0);
  const firstCard = page.getByRole("region", { name: "Trending" }).getByRole("link", { name: /^Chat with / });
  await expect(firstCard.first()).toBeInViewport();
  await checkHome(page, "signed-out", (name) => testInfo.outputPath(name));
});

test("a member finds their conversation under Continue chatting and opens it", async ({ page }, testInfo) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("home"), name: "Ada" });
  const character = await demoCharacter(page);

  await page.goto(`/chat/${character.id}`);
  const input = page.getByRole("textbox", { name: /^Message / });
  await expect(input).toBeEnabled();
  await input.fill("Hello from the home page test");
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`), { timeout: 15_000 });
  const conversationUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("streaming-reply")).toHaveCount(0, { timeout: 15_000 });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ada" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /storytellers/ })).toHaveCount(0);
  const recent = page.getByRole("region", { name: "Continue chatting" });
  const card = recent.getByRole("link", { name: `Continue chatting with ${character.name}` });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("href", conversationUrl);

  await checkHome(page, "member", (name) => testInfo.outputPath(name));

  await page.setViewportSize(DESKTOP);
  await card.focus();
  await expect(card).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${conversationUrl}$`));
  await expect(page.getByText("Hello from the home page test", { exact: true })).toBeVisible();
});
