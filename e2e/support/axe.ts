import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Chromium's console errors for our own security headers: a Content-Security-Policy violation ("Refused to
 * load the script ... because it violates the following Content Security Policy directive ..."), reported
 * ones included, and a Permissions-Policy feature it does not know.
 */
const SECURITY_HEADER_ERROR = /Content Security Policy|^Error with Permissions-Policy header/;

/**
 * No Content-Security-Policy violation (or Permissions-Policy error) so far on this page, across its
 * navigations: the app's own bundle must run under its own CSP. Playwright keeps the page's last 200
 * console messages, so this needs no listener set up before the page loaded.
 */
export async function expectNoCspViolations(page: Page, label: string): Promise<void> {
  const messages = await page.consoleMessages({ filter: "all" });
  const violations = messages.filter((message) => SECURITY_HEADER_ERROR.test(message.text()));
  expect(violations.map((message) => `${label}: ${message.text()} (${message.location().url})`)).toEqual([]);
}

/**
 * Once the page settles, axe-core must find no serious or critical violation, and the page must have
 * broken no security-header policy; `label` names the page.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expectNoCspViolations(page, label);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}
