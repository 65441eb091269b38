import { randomUUID } from "node:crypto";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { SUBSCRIBESTAR_TEXTS } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { createOnboardedMember, signInByApi } from "./support/users";

/**
 * SubscribeStar linking through the browser against the fake SubscribeStar (playwright.config.ts, port + 7):
 * the link page's states, the portal's "managed on SubscribeStar", and the thanks page's redirect, each
 * axe-checked and photographed at a phone's and a desktop's width.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FAKE = `http://127.0.0.1:${process.env.E2E_SUBSCRIBESTAR_PORT}`;
const SFW = `http://127.0.0.1:${process.env.E2E_SFW_PORT}`;

type Pledge = { id: string; active: boolean; tier_id: string; price: number } | null;

/** An account on the fake SubscribeStar, signed in there (its authorize page approves as it). */
async function subscribeStarAccount(page: Page, pledge: Pledge): Promise<string> {
  const id = String(Math.floor(Math.random() * 1e9));
  const account = { id, name: `Star Supporter ${id.slice(0, 4)}`, email: `star${id}@example.test`, pledge };
  expect((await page.request.post(`${FAKE}/__fake/accounts`, { data: account })).ok()).toBe(true);
  expect((await page.request.post(`${FAKE}/__fake/current`, { data: { id } })).ok()).toBe(true);
  return id;
}

async function fakeMode(page: Page, mode: string): Promise<void> {
  expect((await page.request.post(`${FAKE}/__fake/mode`, { data: { mode } })).ok()).toBe(true);
}

async function signedInMember(page: Page): Promise<void> {
  await signInByApi(page, await createOnboardedMember(page));
}

/** Axe-checks the page and photographs it at both widths. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string, heading: string | RegExp) {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousViolations(page, `${name} at ${label}`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`), fullPage: true });
  }
}

/** From the idle link page through SubscribeStar's authorize page and back. */
async function linkThroughSubscribeStar(page: Page): Promise<void> {
  await page.goto("/link/subscribestar");
  await page.getByRole("button", { name: "Link SubscribeStar account" }).click();
}

test("success: a pledge links, the plan follows it, and the portal says it is managed on SubscribeStar", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signedInMember(page);
  await subscribeStarAccount(page, { id: randomUUID(), active: true, tier_id: "tier-premium", price: 2499 });

  await page.goto("/link/subscribestar");
  await checkAtBothWidths(page, testInfo, "idle", "Link SubscribeStar");

  // The exchange is held back a moment so the linking state shows.
  await page.route(/\/api\/link\/subscribestar\/oauth\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.setViewportSize(PHONE);
  await linkThroughSubscribeStar(page);
  await expect(page.getByRole("heading", { name: "Linking your SubscribeStar account…" })).toBeVisible();
  await expect(page).toHaveURL(/\/link\/subscribestar$/);
  await page.screenshot({ path: testInfo.outputPath("linking-phone.png") });

  await expect(page.getByRole("heading", { level: 1, name: "Account linked" })).toBeVisible();
  await expect(page.getByText(SUBSCRIBESTAR_TEXTS.linked)).toBeVisible();
  await expect(page.locator("#main-content").getByText("I'm All In")).toBeVisible();
  await page.unroute(/\/api\/link\/subscribestar\/oauth\?/);
  await checkAtBothWidths(page, testInfo, "success", "Account linked");

  // Reload: the link page shows the linked account (the used code is not replayed).
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Link SubscribeStar" })).toBeVisible();
  await expect(page.getByText("Linked account")).toBeVisible();
  await expect(page.getByText("Plan: I'm All In")).toBeVisible();
  await checkAtBothWidths(page, testInfo, "linked", "Link SubscribeStar");

  await page.goto("/manage-subscription");
  await expect(page.getByText(SUBSCRIBESTAR_TEXTS.managedThere)).toBeVisible();
  await expect(page.getByText("Billed by SubscribeStar while your pledge is active")).toBeVisible();
  await expect(page.getByText("Paid through your SubscribeStar pledge.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await checkAtBothWidths(page, testInfo, "portal", /subscription/i);
});

test("invalid_pledge: no active pledge found", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signedInMember(page);
  await subscribeStarAccount(page, null);
  await linkThroughSubscribeStar(page);
  await expect(page.getByRole("heading", { level: 1, name: SUBSCRIBESTAR_TEXTS.noPledge })).toBeVisible();
  await checkAtBothWidths(page, testInfo, "invalid-pledge", SUBSCRIBESTAR_TEXTS.noPledge);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Link SubscribeStar" })).toBeVisible();
});

test("error: SubscribeStar failing, or the member declining, shows the error with reload", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signedInMember(page);
  await subscribeStarAccount(page, { id: randomUUID(), active: true, tier_id: "tier-basic", price: 1499 });
  await fakeMode(page, "token-500");
  try {
    await linkThroughSubscribeStar(page);
    await expect(page.getByText(SUBSCRIBESTAR_TEXTS.error)).toBeVisible();
  } finally {
    await fakeMode(page, "ok");
  }
  await checkAtBothWidths(page, testInfo, "error", "Linking failed");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Link SubscribeStar" })).toBeVisible();

  // Declined on SubscribeStar's page (no account signed in there): back with an error.
  expect((await page.request.post(`${FAKE}/__fake/current`, { data: { id: null } })).ok()).toBe(true);
  await page.getByRole("button", { name: "Link SubscribeStar account" }).click();
  await expect(page.getByText(SUBSCRIBESTAR_TEXTS.error)).toBeVisible();
});

test("the thanks page redirects after 10 seconds: members to linking, visitors home", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/welcome/subscribestar");
  await checkAtBothWidths(page, testInfo, "welcome-visitor", "Thanks for subscribing!");
  await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });

  await signedInMember(page);
  const arrived = Date.now();
  await page.goto("/welcome/subscribestar");
  await expect(page.getByText(/Taking you to account linking in/)).toBeVisible();
  await checkAtBothWidths(page, testInfo, "welcome-member", "Thanks for subscribing!");
  await page.waitForURL(/\/link\/subscribestar$/, { timeout: 15_000 });
  expect(Date.now() - arrived).toBeGreaterThanOrEqual(9_000);
});

test("without SubscribeStar configured the link page says linking is not available", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const member = await createOnboardedMember(page);
  const response = await page.request.post(`${SFW}/api/auth/login`, { data: member });
  expect(response.status()).toBe(200);
  await page.goto(`${SFW}/link/subscribestar`);
  await expect(page.getByText(SUBSCRIBESTAR_TEXTS.unavailable)).toBeVisible();
  await checkAtBothWidths(page, testInfo, "unavailable", "Link SubscribeStar");
});
