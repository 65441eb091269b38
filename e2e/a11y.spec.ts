import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";

const PAGES = ["/", "/login", "/register", "/privacy", "/download", "/access-denied", "/no/such/page"];
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  test(`pages have no serious accessibility violations on ${viewport.name}`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoSeriousViolations(page, path);
      const name = `${viewport.name}${path.replaceAll("/", "_") || "_home"}.png`;
      await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
    }
  });
}

test("the theme is dark by default and the toggle switches it", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/light/);
  await page.getByRole("button", { name: "Switch to light theme" }).first().click();
  await expect(page.locator("html")).toHaveClass(/light/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/light/);
});
