import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousViolations } from "./support/axe";
import { createOnboardedMember, signInByApi } from "./support/users";

/**
 * The birthday sale (subscriptions spec 2, 4 and 9). playwright.config.ts starts a third app instance on
 * the same database whose sale window (SALE_START..SALE_END) runs from yesterday to tomorrow (UTC); the
 * main instance's window starts in 100 days.
 */
test.describe.configure({ timeout: 90_000 });

const saleOrigin = `http://127.0.0.1:${process.env.E2E_SALE_PORT}`;
const banner = (page: Page) => page.getByRole("region", { name: "Birthday sale" });
const payButton = (page: Page) => page.getByRole("button", { name: /^Pay/ });

/**
 * A closed leaderboard month (last month, UTC) with a podium in both categories, unless one is stored, so
 * the Creators Showcase has results to show.
 */
async function seedClosedMonth(): Promise<void> {
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, "0")}`;
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      "INSERT INTO leaderboard_months (month, closed_at) VALUES ($1, now()) ON CONFLICT DO NOTHING",
      [month],
    );
    for (const category of ["new_bots", "all_bots"]) {
      for (const rank of [1, 2, 3]) {
        await client.query(
          `INSERT INTO leaderboard_entries
             (month, category, rank, creator_username, number_of_characters, score, movement, prize)
           VALUES ($1, $2, $3, $4, 2, $5, 0, 'premium') ON CONFLICT DO NOTHING`,
          [month, category, rank, `showcase_${category}_${rank}`, 30_000 - rank * 1000],
        );
      }
    }
  } finally {
    await client.end();
  }
}

async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: outputPath(`${name}-${width}x${height}.png`), fullPage: name === "sale" });
  }
}

test("inside the sale window a member sees the banner, dismisses it for good, and buys Get a Taste for $0.99", async ({
  page,
}, testInfo) => {
  const member = await createOnboardedMember(page, "free");
  await signInByApi(page, member);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${saleOrigin}/`);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText("$0.99");
  await expect(banner(page).getByRole("timer")).toHaveAccessibleName(/^Sale ends in \d+ days, \d+ hours/);
  await screenshots(page, "banner", (name) => testInfo.outputPath(name));
  await page.setViewportSize({ width: 1280, height: 800 });

  await banner(page).getByRole("button", { name: "Dismiss birthday banner" }).click();
  await expect(banner(page)).toHaveCount(0);
  const status = page.waitForResponse((response) => response.url().endsWith("/api/sale/status"));
  await page.reload();
  await status;
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await seedClosedMonth();
  await page.goto(`${saleOrigin}/sale`);
  await expect(page.getByRole("heading", { level: 1, name: "It's our birthday!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Creators Showcase" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Learn More/ })).toHaveAttribute(
    "href",
    "/creators/leaderboard",
  );
  await expect(page.getByRole("timer")).toBeVisible();
  for (const name of ["Overall", "Anime", "Game"]) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Coming soon")).toBeVisible();
  await expectNoSeriousViolations(page, "sale");
  await screenshots(page, "sale", (name) => testInfo.outputPath(name));
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("link", { name: /^Claim 80% off\s+Get a Taste for \$0\.99$/ }).click();
  await page.waitForURL(/\/checkout\?plan_id=minimal_1m&o_id=sale-minimal-1m$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Country").selectOption({ label: "United States" });
  await page.getByRole("combobox", { name: "State" }).selectOption({ label: "New York" });
  await page.getByLabel("Zip").fill("10001");
  await expect(payButton(page)).toHaveText("Pay $0.99");

  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel("Card number").fill("4242 4242 4242 4242");
  await frame.getByLabel("Expiry (MM/YY)").fill("12/39");
  await frame.getByLabel("CVV").fill("123");
  await expect(page.getByText(/ending in \d{4} is ready\./)).toBeVisible();
  await page.getByLabel("I agree to the Terms & Conditions").check();
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/success\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get("orderTotal")).toBe("99");
  expect(params.get("plan")).toBe("minimal_1m");
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
});

test("outside the sale window /sale is not found, with no banner and no flash of the page", async ({
  page,
}) => {
  const member = await createOnboardedMember(page, "free");
  await signInByApi(page, member);
  // Until the server answers, the page renders nothing; then /not-found.
  await page.route("**/api/sale", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto("/sale");
  await expect(page.getByRole("heading", { level: 1, name: "It's our birthday!" })).toHaveCount(0);
  await page.waitForURL(/\/not-found$/);
  await expect(page.getByRole("heading", { name: "This page is gone." })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect((await page.request.get("/api/sale")).status()).toBe(404);
  // The sale's offer is refused at checkout outside the window.
  const login = await page.request.post("/api/auth/login", { data: member });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const calculate = await page.request.post("/api/checkout/calculate", {
    headers: { authorization: `Bearer ${token}` },
    data: { plan_id: "minimal_1m", offer_id: "sale-minimal-1m" },
  });
  expect(calculate.status()).toBe(400);
});
