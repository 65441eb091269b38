import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Once the page settles, axe-core must find no serious or critical violation; `label` names the page. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}
