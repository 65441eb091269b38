import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousViolations } from "./support/axe";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A closed month seeded straight into the snapshot tables (as the monthly job stores it). */
const CLOSED = "2025-06";
const CLOSED_LABEL = "June 2025";

type Seeded = {
  category: "new_bots" | "all_bots";
  rank: number;
  username: string;
  bots: number;
  score: number;
  movement: number;
};

const SEEDED: Seeded[] = [
  { category: "new_bots", rank: 1, username: "lbnova", bots: 2, score: 12_345, movement: 0 },
  { category: "new_bots", rank: 2, username: "lbastra", bots: 1, score: 9_870, movement: 0 },
  { category: "new_bots", rank: 3, username: "lbzephyr", bots: 3, score: 4_020, movement: 0 },
  { category: "new_bots", rank: 4, username: "lbmoss", bots: 1, score: 950, movement: 0 },
  { category: "all_bots", rank: 1, username: "lbgrand", bots: 14, score: 88_400, movement: 2 },
  { category: "all_bots", rank: 2, username: "lbbeacon", bots: 6, score: 51_000, movement: -1 },
  { category: "all_bots", rank: 3, username: "lbcinder", bots: 9, score: 40_150, movement: 0 },
  { category: "all_bots", rank: 4, username: "lbaurora", bots: 22, score: 12_000, movement: 5 },
];

async function seedClosedMonth(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query("DELETE FROM leaderboard_months WHERE month = $1", [CLOSED]);
    await client.query(
      "INSERT INTO leaderboard_months (month, closed_at, prizes_granted_at) VALUES ($1, now(), now())",
      [CLOSED],
    );
    for (const entry of SEEDED) {
      await client.query(
        `INSERT INTO leaderboard_entries (month, category, rank, creator_username, number_of_characters, score, movement, prize)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          CLOSED,
          entry.category,
          entry.rank,
          entry.username,
          entry.bots,
          entry.score,
          entry.movement,
          entry.rank <= 3 ? "premium" : "basic",
        ],
      );
    }
  } finally {
    await client.end();
  }
}

test.beforeAll(seedClosedMonth);

const podium = (page: Page, rank: number) => page.getByTestId(`podium-${rank}`);
const tableUsernames = (page: Page) =>
  page.getByTestId("leaderboard-table").locator("tbody tr td:nth-child(2) a");

async function box(page: Page, rank: number) {
  const found = await podium(page, rank).boundingBox();
  if (!found) throw new Error(`podium place ${rank} is not visible`);
  return found;
}

test("a closed month on desktop: podium 2-1-3, tabs, sortable table, creator links", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/creators/leaderboard?date=${CLOSED}`);
  await expect(page.getByRole("heading", { name: "Creators leaderboard" })).toBeVisible();
  await expect(page.getByLabel("Month")).toHaveValue(CLOSED);
  await expect(page).toHaveURL(new RegExp(`date=${CLOSED}$`));
  await expect(page.getByRole("tab", { name: "New Bots" })).toHaveAttribute("aria-selected", "true");
  await expect(podium(page, 1)).toContainText("@lbnova");

  const [first, second, third] = [await box(page, 1), await box(page, 2), await box(page, 3)];
  expect(second.x).toBeLessThan(first.x);
  expect(first.x).toBeLessThan(third.x);
  // The winner stands higher.
  expect(first.y).toBeLessThan(second.y);

  await expect(tableUsernames(page)).toHaveText(["@lbnova", "@lbastra", "@lbzephyr", "@lbmoss"]);
  const row = page.getByRole("row", { name: /lbnova/ });
  await expect(row).toContainText("12.3k");
  await expect(page.getByRole("row", { name: /lbmoss/ })).toContainText("1.0k");
  await expect(page.getByRole("link", { name: "@lbnova" }).first()).toHaveAttribute(
    "href",
    "/creator/lbnova",
  );
  await expect(page.getByRole("columnheader")).toHaveText([
    "Rank",
    "Creator",
    "Num Bots",
    "Score",
    "M/M Rank",
  ]);

  // Sort by Num Bots (most first), then by Creator (A to Z).
  await page.getByRole("button", { name: "Num Bots", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Num Bots" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(tableUsernames(page)).toHaveText(["@lbzephyr", "@lbnova", "@lbastra", "@lbmoss"]);
  await page.getByRole("button", { name: "Creator", exact: true }).click();
  await expect(tableUsernames(page)).toHaveText(["@lbastra", "@lbmoss", "@lbnova", "@lbzephyr"]);

  // All Bots, with its month-over-month movement.
  await page.getByRole("tab", { name: "All Bots" }).click();
  await expect(page.getByRole("tab", { name: "All Bots" })).toHaveAttribute("aria-selected", "true");
  await expect(podium(page, 1)).toContainText("@lbgrand");
  await expect(page.getByRole("row", { name: /lbgrand/ })).toContainText("88.4k");
  await expect(page.getByRole("row", { name: /lbgrand/ })).toContainText("Up 2");
  await expect(page.getByRole("row", { name: /lbbeacon/ })).toContainText("Down 1");
  await expect(page).toHaveURL(new RegExp(`date=${CLOSED}$`));
  await expectNoSeriousViolations(page, "leaderboard (desktop)");
  await page.screenshot({ path: testInfo.outputPath("leaderboard-1280x800.png"), fullPage: true });

  // Keyboard: arrows move between the tabs.
  await page.getByRole("tab", { name: "All Bots" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "New Bots" })).toBeFocused();
  await expect(podium(page, 1)).toContainText("@lbnova");
});

test("a closed month on a phone: podium 1-2-3", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/creators/leaderboard?date=${CLOSED}`);
  await expect(podium(page, 1)).toContainText("@lbnova");
  const [first, second, third] = [await box(page, 1), await box(page, 2), await box(page, 3)];
  expect(first.y).toBeLessThan(second.y);
  expect(second.y).toBeLessThan(third.y);
  await expect(tableUsernames(page)).toHaveText(["@lbnova", "@lbastra", "@lbzephyr", "@lbmoss"]);
  // Nothing wider than the screen but the table's own scroller.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousViolations(page, "leaderboard (phone)");
  await page.screenshot({ path: testInfo.outputPath("leaderboard-390x844.png"), fullPage: true });
});

test("the date parameter: unknown falls back to the newest month and is cleared; so is choosing the newest", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/creators/leaderboard?date=1999-01");
  await expect(page).toHaveURL(/\/creators\/leaderboard$/);
  const month = page.getByLabel("Month");
  const newest = await month.locator("option").first().getAttribute("value");
  expect(newest).not.toBe(CLOSED);
  await expect(month).toHaveValue(newest ?? "");
  await expect(page.getByText("Provisional")).toBeVisible();
  await expect(page.getByText(/Closes in \d+d \d+h \d+m \d+s/)).toBeVisible();
  await expect(month.locator("option")).toContainText([/\(in progress\)/, CLOSED_LABEL]);

  // Choosing the closed month sets the parameter; choosing the newest clears it.
  await month.selectOption(CLOSED);
  await expect(page).toHaveURL(new RegExp(`date=${CLOSED}$`));
  await expect(podium(page, 1)).toContainText("@lbnova");
  await expect(page.getByText("Provisional")).toHaveCount(0);
  await month.selectOption(newest ?? "");
  await expect(page).toHaveURL(/\/creators\/leaderboard$/);
  await expect(page.getByText("Provisional")).toBeVisible();

  // Naming the newest month clears it too.
  await page.goto(`/creators/leaderboard?date=${newest}`);
  await expect(page).toHaveURL(/\/creators\/leaderboard$/);
  await expect(month).toHaveValue(newest ?? "");
});
