import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter } from "./support/llm";
import { createOnboardedMember, signInByApi, type TestMember } from "./support/users";

/**
 * Checkout with the built-in test processor (subscriptions spec 2, 4, 5 and 8): a Free member subscribes
 * to True Supporter with a coupon and a taxed address, a 3-D Secure card is approved in its frame, and a
 * declined card shows its message and charges nothing.
 */
test.describe.configure({ timeout: 60_000 });

async function query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A percent-off coupon for the first charge, written into the billing tables as an operator would. */
async function seedCoupon(percentOff: number): Promise<string> {
  const code = `E2E${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
  await query("INSERT INTO billing_coupons (code, percent_off, duration) VALUES ($1, $2, 'once')", [
    code,
    percentOff,
  ]);
  return code;
}

/** What the member was charged and holds: ledger charges, subscriptions and role, from the database. */
async function billingStateOf(email: string) {
  const [row] = await query<{ role: string; charges: number; subscriptions: number }>(
    `SELECT u.role,
            (SELECT count(*)::int FROM billing_ledger l WHERE l.user_id = u.id AND l.kind = 'charge') AS charges,
            (SELECT count(*)::int FROM billing_subscriptions s WHERE s.user_id = u.id) AS subscriptions
     FROM users u WHERE u.email = $1`,
    [email],
  );
  if (!row) throw new Error(`No user with email ${email}`);
  return row;
}

async function signedInFreeMember(page: Page): Promise<TestMember> {
  const member = await createOnboardedMember(page, "free");
  await signInByApi(page, member);
  return member;
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pay/ });
const summary = (page: Page) => page.getByRole("region", { name: "Order summary" });

/** Names, Germany (19% VAT seeded) with Berlin and a Berlin postal code. */
async function fillGermanAddress(page: Page): Promise<void> {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Country").selectOption({ label: "Germany" });
  await page.getByRole("combobox", { name: "State" }).selectOption({ label: "Berlin" });
  await page.getByLabel("Postal Code").fill("10115");
}

/** Types a card into the test processor's hosted card frame and waits until checkout has its token. */
async function enterCard(page: Page, number: string): Promise<void> {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YY)").fill("12/39");
  await frame.getByLabel("CVV").fill("123");
  await expect(page.getByText(/ending in \d{4} is ready\./)).toBeVisible();
}

test("a Free member subscribes to True Supporter monthly with a coupon and VAT, and the sliders unlock within 5 s", async ({
  page,
}) => {
  const character = await demoCharacter(page);
  const coupon = await seedCoupon(20);
  const member = await signedInFreeMember(page);
  await page.goto(`/checkout?plan_id=basic_1m&coupon=${coupon.toLowerCase()}`);

  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByText("Test mode: no real charges").first()).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await expect(summary(page).getByText(`Coupon ${coupon} applied`)).toBeVisible();
  // Before an address: the price plus taxes.
  await expect(summary(page).getByText("$14.99 per month plus taxes")).toBeVisible();

  await fillGermanAddress(page);
  // 14.99 - 20% (3.00) = 11.99, VAT 19% = 2.28, total 14.27.
  await expect(summary(page).getByText("Tax (19%)")).toBeVisible();
  await expect(summary(page).getByText("$2.28")).toBeVisible();
  await expect(summary(page).getByText("-$3.00")).toBeVisible();
  await expect(payButton(page)).toHaveText("Pay $14.27");
  await expect(payButton(page)).toBeDisabled();

  await enterCard(page, "4242 4242 4242 4242");
  await expect(payButton(page)).toBeDisabled();
  await page.getByLabel("I agree to the Terms & Conditions").check();
  await expect(payButton(page)).toBeEnabled();
  await expectNoSeriousViolations(page, "checkout");

  await payButton(page).click();
  await page.waitForURL(/\/checkout\/success\?/);
  const arrivedAt = Date.now();
  const params = new URL(page.url()).searchParams;
  expect(params.get("orderTotal")).toBe("1427");
  expect(params.get("plan")).toBe("basic_1m");
  expect(params.get("currency")).toBe("USD");
  for (const key of ["order_id", "subscription_id", "transactionID", "date"])
    expect(params.get(key)).toBeTruthy();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("$14.27")).toBeVisible();
  await expect(page.getByText(params.get("order_id") ?? "")).toBeVisible();

  // Straight to the chat without reloading (the app's own navigation): the session still says Free until
  // the success page's token refresh, 5 s after arrival, brings True Supporter.
  await page.evaluate((path) => {
    window.history.pushState({}, "", path);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, `/chat/${character.id}`);
  await page.getByRole("button", { name: "Chat options" }).click();
  await page.getByRole("menuitem", { name: "Generation Settings" }).click();
  const temperature = page
    .getByRole("dialog", { name: "Generation Settings" })
    .getByRole("slider", { name: "Temperature" });
  await expect(temperature).toBeEnabled({ timeout: 8_000 });
  const unlockedAfter = Date.now() - arrivedAt;
  expect(unlockedAfter).toBeLessThan(7_000);

  const state = await billingStateOf(member.email);
  expect(state).toEqual({ role: "basic", charges: 1, subscriptions: 1 });
});

test("a 3-D Secure card is approved in the frame, by keyboard, with the focus moved into the dialog and back", async ({
  page,
}) => {
  const member = await signedInFreeMember(page);
  await page.goto("/checkout?plan_id=basic_1m");
  await fillGermanAddress(page);
  await enterCard(page, "4000 0027 6000 3184");
  await page.getByLabel("I agree to the Terms & Conditions").check();
  await payButton(page).click();

  const dialog = page.getByRole("dialog", { name: "Confirm your payment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('iframe[title="3-D Secure check"]')).toBeFocused();
  const challenge = page.frameLocator('iframe[title="3-D Secure check"]');
  await expect(challenge.getByText("Confirm the payment of $17.84.")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(challenge.getByRole("button", { name: "Approve" })).toBeFocused();

  // Out of the frame to the dialog's Close: closing charges nothing and gives the focus back to Pay.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toBeFocused();
  expect(await billingStateOf(member.email)).toEqual({ role: "free", charges: 0, subscriptions: 0 });

  // Paying again opens the same check; Approve by keyboard completes the purchase.
  await page.keyboard.press("Enter");
  await expect(dialog.locator('iframe[title="3-D Secure check"]')).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(challenge.getByRole("button", { name: "Approve" })).toBeFocused();
  await page.keyboard.press("Enter");

  await page.waitForURL(/\/checkout\/success\?/);
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("orderTotal")).toBe("1784");
  expect(await billingStateOf(member.email)).toEqual({ role: "basic", charges: 1, subscriptions: 1 });
  await expectNoSeriousViolations(page, "checkout success");
});

test("a failed 3-D Secure check shows its message and the focus comes back", async ({ page }) => {
  const member = await signedInFreeMember(page);
  await page.goto("/checkout?plan_id=basic_1m");
  await fillGermanAddress(page);
  await enterCard(page, "4000 0027 6000 3184");
  await page.getByLabel("I agree to the Terms & Conditions").check();
  await payButton(page).click();
  await page.frameLocator('iframe[title="3-D Secure check"]').getByRole("button", { name: "Fail" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const message = summary(page).getByText(
    "The card's 3-D Secure check failed. Try again or use another card.",
  );
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect(payButton(page)).toBeDisabled();
  expect(await billingStateOf(member.email)).toEqual({ role: "free", charges: 0, subscriptions: 0 });
});

test("a declined card shows its message, blocks paying until something changes, and charges nothing", async ({
  page,
}) => {
  const member = await signedInFreeMember(page);
  await page.goto("/checkout?plan_id=basic_1m");
  await fillGermanAddress(page);
  await enterCard(page, "4000 0000 0000 0002");
  await page.getByLabel("I agree to the Terms & Conditions").check();
  await payButton(page).click();

  await expect(summary(page).getByText("Your card was declined.")).toBeVisible();
  await expect(payButton(page)).toBeDisabled();
  expect(await billingStateOf(member.email)).toEqual({ role: "free", charges: 0, subscriptions: 0 });
  await expect(page).toHaveURL(/\/checkout\?/);

  // The terms change: the message clears (spec 8), and another card goes through.
  await page.getByLabel("I agree to the Terms & Conditions").uncheck();
  await expect(summary(page).getByText("Your card was declined.")).toHaveCount(0);
  await page.getByLabel("I agree to the Terms & Conditions").check();
  await expect(payButton(page)).toBeEnabled();

  // Leaving without paying logs the abandonment with the last interaction point (spec 4).
  await page.getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect
    .poll(async () => {
      const rows = await query<{ payload: { last_interaction: string | null; plan_id: string } }>(
        `SELECT e.payload FROM analytics_events e JOIN users u ON u.id = e.user_id
         WHERE u.email = $1 AND e.event_name = 'checkout_abandoned'`,
        [member.email],
      );
      return rows.map((row) => row.payload);
    })
    .toEqual([{ plan_id: "basic_1m", last_interaction: "checkbox" }]);
});
