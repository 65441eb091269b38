import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { BILLING_TEXTS, type PlanId } from "../packages/contracts/src/index";
import { expectNoSeriousViolations } from "./support/axe";
import { createOnboardedMember, signInByApi, type TestMember } from "./support/users";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * A member subscribed through the checkout API with the test processor's approved card (4242), at a
 * US address (no tax seeded there). Leaves the page signed in as them.
 */
async function subscribedMember(page: Page, planId: PlanId): Promise<TestMember> {
  const member = await createOnboardedMember(page);
  const login = await page.request.post("/api/auth/login", { data: member });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const card = await page.request.post("/api/checkout/test-processor/tokens", {
    data: { number: "4242424242424242", exp: "12/39", cvc: "123" },
  });
  expect(card.status()).toBe(200);
  const { token: paymentToken } = (await card.json()) as { token: string };
  const order = await page.request.post("/api/checkout/new_order", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      payment_token: paymentToken,
      email: member.email,
      first_name: "Ada",
      last_name: "Lovelace",
      country: "US",
      state: "CA",
      postal_code: "94105",
      plan_id: planId,
      platform: "web",
      session_id: randomUUID(),
    },
  });
  expect(order.status()).toBe(200);
  const body = (await order.json()) as { resp_msg: string | null; error_message: string | null };
  expect(body).toMatchObject({ resp_msg: "Approved", error_message: null });
  return member;
}

test("the portal cancels, uncancels, upgrades (price shown, then charged) and changes the card", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await subscribedMember(page, "basic_1m");
  await page.goto("/manage-subscription");

  const card = page.getByRole("region", { name: "True Supporter" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText(/\$14\.99\/month plus taxes · Monthly Subscription/)).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeAttached();
  const history = page.getByRole("list", { name: "Billing history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("True Supporter");

  // Cancel: confirm, the server's message under the card, access until recur_at, Change Plan disabled.
  await card.getByRole("button", { name: "Cancel", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText(BILLING_TEXTS.cancelled)).toBeVisible();
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Access ends on /)).toBeVisible();
  await expect(card.getByRole("button", { name: "Change Plan" })).toBeDisabled();

  // Uncancel.
  await card.getByRole("button", { name: "Uncancel" }).click();
  await expect(page.getByText(BILLING_TEXTS.uncancelled)).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();

  // Upgrade: the prorated price with taxes is shown before confirming, then charged.
  await card.getByRole("button", { name: "Change Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Change plan" });
  await expect(dialog.getByRole("radio", { name: /True Supporter/ })).toBeDisabled();
  await dialog.getByText("I'm All In", { exact: true }).click();
  const notice = dialog.getByText(/^You'll pay \$\d+\.\d{2}/);
  await expect(notice).toBeVisible();
  const price = /\$\d+\.\d{2}/.exec((await notice.textContent()) ?? "")?.[0] ?? "";
  expect(price).not.toBe("");
  await expectNoSeriousViolations(page, "plan dialog");
  await dialog.getByRole("button", { name: `Pay ${price} and switch` }).click();
  await expect(page.getByText(BILLING_TEXTS.planChanged)).toBeVisible();
  await expect(page.getByRole("region", { name: "I'm All In" })).toBeVisible();
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText(price);
  // The token is refreshed 5 s after the change: the navbar follows the new plan.
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("I'm All In", {
    timeout: 10_000,
  });

  // Change card in the test processor's hosted frame; Update Card waits for a valid card.
  const upgraded = page.getByRole("region", { name: "I'm All In" });
  await upgraded.getByRole("button", { name: "Change Card" }).click();
  const cardDialog = page.getByRole("dialog", { name: "Change card" });
  const update = cardDialog.getByRole("button", { name: "Update Card" });
  await expect(update).toBeDisabled();
  const frame = cardDialog.frameLocator("iframe[title='Card details']");
  await frame.getByLabel("Card number").fill("5555 5555 5555 4444");
  await frame.getByLabel("Expiry (MM/YY)").fill("11/38");
  await frame.getByLabel("CVV").fill("321");
  await frame.getByLabel("CVV").blur();
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText(BILLING_TEXTS.cardChanged)).toBeVisible();
  await expect(page.getByText("Mastercard ending in 4444")).toBeAttached();
});

test("a yearly subscriber sees annual plans only on /subscribe, and the current plan can't be chosen", async ({
  page,
}) => {
  await subscribedMember(page, "basic_1y");
  await page.goto("/subscribe");
  await expect(
    page.getByText("You're on a yearly plan, so you can choose between the annual plans."),
  ).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByText("$249.99", { exact: true })).toBeVisible();
  await expect(page.getByText("$24.99", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Your current plan" })).toBeDisabled();
  await page.getByRole("button", { name: "Switch to Get a Taste" }).click();
  const dialog = page.getByRole("dialog", { name: "Change plan" });
  await expect(dialog.getByText(BILLING_TEXTS.nextCycle)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Switch to Get a Taste" })).toBeFocused();
});

test("a free member chooses a plan on /subscribe and goes to checkout with it", async ({ page }) => {
  const member = await createOnboardedMember(page);
  await signInByApi(page, member);
  await page.goto("/subscribe");
  await expect(page.getByText(BILLING_TEXTS.nextCycle)).toHaveCount(0);
  await expect(page.getByText("Skip The Line for $0.17 per day")).toBeVisible();
  await page.getByRole("tab", { name: /Annual/ }).click();
  await expect(page.getByText("2 months free / 16% Off").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Choose True Supporter/ })).toHaveAttribute(
    "href",
    "/checkout?plan_id=basic_1y",
  );
});

test("the subscription pages are axe-clean on a phone and a desktop", async ({ page }) => {
  test.setTimeout(90_000);
  await subscribedMember(page, "basic_1m");
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}px`;
    for (const path of [
      "/subscribe",
      "/manage-subscription",
      "/plan-comparison/annual",
      "/subscribeOld",
      "/subscribe-crypto",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${path} at ${size}`);
    }
    await page.goto("/manage-subscription");
    await page.getByRole("button", { name: "Change Card" }).click();
    await expect(page.getByRole("dialog", { name: "Change card" })).toBeVisible();
    await expectNoSeriousViolations(page, `change card dialog at ${size}`);
  }
});

test("removing an account with a live subscription warns first: Manage Subscription leads to the portal", async ({
  page,
}) => {
  await subscribedMember(page, "minimal_1m");
  await page.goto("/profile");
  await page.getByRole("button", { name: "Remove Account" }).click();
  const warning = page.getByRole("dialog", { name: "You have an active subscription" });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("button", { name: "Proceed" })).toBeVisible();
  await warning.getByRole("link", { name: "Manage Subscription" }).click();
  await expect(page).toHaveURL("/manage-subscription");
  await expect(page.getByRole("region", { name: "Get a Taste" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("Get a Taste");
});
