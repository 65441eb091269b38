import { expect, type Page, test } from "@playwright/test";
import {
  permissionsFor,
  type Restriction,
  ROUTE_TABLE,
  type Role,
  type RouteEntry,
} from "../packages/contracts/src/index";
import { disableUser } from "./support/db";
import { createOnboardedMember, signInByApi } from "./support/users";

type Screen = "page" | "denied" | "ban" | "restricted" | "login" | "gone";
type Visitor = { label: string; role: Role | "anonymous"; restriction?: Restriction };

const SKIPPED = new Set(["/login", "/register", "/access-denied", "/user-not-found", "/external/signup"]);

/** Create pages open a fresh draft, so they land on its own address. */
const NEW_DRAFT = /\/chatbot\/create\/[0-9a-f-]{36}$/;
const LANDS_ON: Record<string, RegExp> = { "/character/create": NEW_DRAFT, "/chatbot/create": NEW_DRAFT };
/** Pages that exist only while something runs: the sale (this app's sale window is months away; sale.spec.ts). */
const ONLY_WHILE_RUNNING = new Set(["/sale"]);

function concretePath(route: RouteEntry): string {
  return route.path.replace(/:frequency/, "monthly").replace(/:[A-Za-z]+/g, "sample");
}

/** The spec's guard rules: restriction screen everywhere; sign-in for protected; permission, ban, denied. */
function expectedScreen(visitor: Visitor, route: RouteEntry): Screen {
  const role = visitor.role === "anonymous" ? "guest" : visitor.role;
  const permissions = permissionsFor(role, visitor.restriction ?? null);
  if (permissions.includes("complete_restriction") || permissions.includes("temporary_restriction")) {
    return "restricted";
  }
  if (route.layout === "protected" && (visitor.role === "anonymous" || visitor.role === "guest"))
    return "login";
  if (route.admin) {
    if (role !== "admin") return "denied";
    return permissions.includes("limited_access") ? "ban" : "page";
  }
  if (!route.permission || permissions.includes(route.permission))
    return ONLY_WHILE_RUNNING.has(route.path) ? "gone" : "page";
  return permissions.includes("limited_access") ? "ban" : "denied";
}

async function expectScreen(page: Page, path: string, screen: Screen): Promise<void> {
  const headings = page.getByRole("heading", { level: 1 });
  switch (screen) {
    case "restricted":
      await expect(page.getByRole("heading", { name: "Your account is restricted" })).toBeVisible();
      return;
    case "login":
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      return;
    case "denied":
      await expect(page).toHaveURL("/access-denied");
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
      return;
    case "gone":
      await expect(page).toHaveURL("/not-found");
      await expect(page.getByText("This page is gone.")).toBeVisible();
      return;
    case "ban":
      await expect(page.getByRole("heading", { name: "Your account has limited access" })).toBeVisible();
      return;
    case "page":
      await expect(headings.first()).toBeVisible();
      await expect(page).toHaveURL(LANDS_ON[path] ?? path);
      await expect(page.getByText("This page is gone.")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Access denied" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Your account has limited access" })).toHaveCount(0);
  }
}

async function enter(page: Page, visitor: Visitor): Promise<void> {
  if (visitor.role === "anonymous") return;
  if (visitor.role === "guest") {
    expect((await page.request.post("/api/auth/guest")).status()).toBe(201);
    return;
  }
  const member = await createOnboardedMember(page, visitor.role, visitor.restriction ?? null);
  await signInByApi(page, member);
}

const VISITORS: Visitor[] = [
  { label: "anonymous visitor", role: "anonymous" },
  { label: "guest", role: "guest" },
  { label: "free member", role: "free" },
  { label: "premium member", role: "premium" },
  { label: "limited member", role: "basic", restriction: "limited_access" },
  { label: "completely restricted member", role: "free", restriction: "complete_restriction" },
  { label: "temporarily restricted member", role: "premium", restriction: "temporary_restriction" },
];

for (const visitor of VISITORS) {
  test(`route guards for a ${visitor.label}`, async ({ page }) => {
    test.setTimeout(120_000);
    await enter(page, visitor);
    for (const route of ROUTE_TABLE.filter((r) => !SKIPPED.has(r.path))) {
      const path = concretePath(route);
      await test.step(`${path} shows ${expectedScreen(visitor, route)}`, async () => {
        await page.goto(path);
        await expectScreen(page, path, expectedScreen(visitor, route));
      });
    }
    const missing = "/no/such/page";
    await page.goto(missing);
    if (expectedScreen(visitor, { path: missing, layout: "public", title: "" }) === "restricted") {
      await expectScreen(page, missing, "restricted");
    } else {
      await expect(page.getByText("This page is gone.")).toBeVisible();
      await page.getByRole("link", { name: "Back to home" }).click();
      await expect(page).toHaveURL("/");
    }
  });
}

test("an invalid account is sent to the invalid account page", async ({ page }) => {
  const member = await createOnboardedMember(page);
  await signInByApi(page, member);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await disableUser(member.email);
  await page.goto("/chats");
  await expect(page).toHaveURL("/user-not-found");
  await expect(page.getByText("INVALID ACCOUNT")).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
});
