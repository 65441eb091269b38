import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousViolations } from "./support/axe";
import { seedLongConversation } from "./support/db";
import { demoCharacter } from "./support/llm";
import { createOnboardedMember, signInByApi, type TestMember } from "./support/users";

test.describe.configure({ timeout: 90_000 });

/** The ad events a member's session logged for one ad code (analytics_events, straight from the database). */
async function adEvents(
  email: string,
  code: string,
): Promise<{ event_name: string; payload: Record<string, string> }[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT e.event_name, e.payload FROM analytics_events e JOIN users u ON u.id = e.user_id
       WHERE u.email = $1 AND e.payload->>'code' = $2 ORDER BY e.created_at`,
      [email, code],
    );
    return result.rows as { event_name: string; payload: Record<string, string> }[];
  } finally {
    await client.end();
  }
}

async function switchTo(page: Page, member: TestMember): Promise<void> {
  await page.request.post("/api/auth/logout");
  await signInByApi(page, member);
}

const ad = (page: Page) => page.getByRole("complementary", { name: "Sponsored" });
const lastMessage = (page: Page) => page.locator(".chat-message").last();

test("an admin adds a house ad; a Free member sees it under the newest reply of a long chat, a True Supporter does not", async ({
  page,
}, testInfo) => {
  const code = `e2e-${randomUUID().slice(0, 8)}`;
  const text = "Long chats deserve a long memory: I'm All In keeps 16K tokens of your story.";
  const admin = await createOnboardedMember(page, "admin");
  const free = await createOnboardedMember(page, "free");
  const supporter = await createOnboardedMember(page, "basic");
  const character = await demoCharacter(page);

  // The admin creates the ad on the Ads tab; its keyword is in every seeded message.
  await signInByApi(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/ads");
  await expect(page.getByRole("heading", { name: "Ads", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New ad" }).click();
  const form = page.getByRole("dialog", { name: "New ad" });
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Text").fill(text);
  await form.getByLabel("Link").fill("javascript:alert(1)");
  await form.getByLabel("Image address").fill("/brand/icon.svg");
  await form.getByLabel("Keywords").fill("long chat, memory");
  await form.getByRole("button", { name: "Create ad" }).click();
  await expect(form.getByText("Link must be an http(s) address or a path on this site")).toBeVisible();
  await form.getByLabel("Link").fill("/subscribe");
  await form.getByRole("button", { name: "Create ad" }).click();
  await expect(form).toHaveCount(0);
  const row = page.getByRole("listitem").filter({ hasText: code });
  await expect(row).toContainText("Running");
  await expect(row).toContainText("long chat");
  await expectNoSeriousViolations(page, "/admin/ads");
  await page.screenshot({ path: testInfo.outputPath("admin-ads-1280x800.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("admin-ads-390x844.png"), fullPage: true });

  // A Free member's chat of 11 messages (more than ADS_MIN_MESSAGES = 10), the last one the character's.
  const freeChat = await seedLongConversation(free.email, character.id, 11);
  await switchTo(page, free);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/chat/${character.id}/${freeChat}`);
  await expect(page.getByText("Message 11 of the long chat.")).toBeVisible();
  await expect(ad(page)).toBeVisible();
  await expect(ad(page)).toContainText("Sponsored");
  await expect(ad(page)).toContainText(text);
  // In the conversation's flow, under the newest message: never over it.
  const messageBox = await lastMessage(page).boundingBox();
  const adBox = await ad(page).boundingBox();
  if (!messageBox || !adBox) throw new Error("no layout");
  expect(adBox.y).toBeGreaterThanOrEqual(messageBox.y + messageBox.height - 1);
  await ad(page).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await adEvents(free.email, code)).map((e) => e.event_name))
    .toContain("ad_view");
  const [view] = await adEvents(free.email, code);
  expect(view?.payload).toMatchObject({ code, content: text });
  expect(view?.payload.ad_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(view?.payload.message_id).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoSeriousViolations(page, "chat with an ad");
  await page.screenshot({ path: testInfo.outputPath("chat-ad-390x844.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await ad(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("chat-ad-1280x800.png") });

  // Its link goes where the admin pointed it, and the click is logged too.
  await ad(page).getByRole("link", { name: "Learn more" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect
    .poll(async () => (await adEvents(free.email, code)).map((e) => e.event_name))
    .toContain("ad_click");

  // A True Supporter's chat as long: no ad.
  const supporterChat = await seedLongConversation(supporter.email, character.id, 11);
  await switchTo(page, supporter);
  await page.goto(`/chat/${character.id}/${supporterChat}`);
  await expect(page.getByText("Message 11 of the long chat.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(ad(page)).toHaveCount(0);
  expect(await adEvents(supporter.email, code)).toEqual([]);

  // The admin deletes the ad again (other specs' long chats keep the seeded house ads only).
  await switchTo(page, admin);
  await page.goto("/admin/ads");
  await page.getByRole("button", { name: `Delete ${code}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: code })).toHaveCount(0);
});
