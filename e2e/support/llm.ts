import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** The fake OpenAI-compatible server started by playwright.config.ts (apps/server/test/support/fake-openai.ts). */
function controlUrl(): string {
  const port = process.env.E2E_LLM_PORT;
  if (!port)
    throw new Error("E2E_LLM_PORT is not set: the fake model server starts from playwright.config.ts");
  return `http://127.0.0.1:${port}/__control`;
}

/** Makes the fake model refuse the next `count` requests with HTTP `status` (then it answers normally). */
export async function failNextGenerations(
  request: APIRequestContext,
  count = 1,
  status = 500,
): Promise<void> {
  const response = await request.post(controlUrl(), { data: { mode: `refuse-${status}`, failures: count } });
  expect(response.ok()).toBe(true);
}

/** Makes the fake model's replies `tokens` words long (a long reply leaves time to stop it). */
export async function setReplyLength(request: APIRequestContext, tokens: number): Promise<void> {
  const response = await request.post(controlUrl(), { data: { tokens } });
  expect(response.ok()).toBe(true);
}

/** Back to normal answers. */
export async function resetFakeModel(request: APIRequestContext): Promise<void> {
  await request.post(controlUrl(), { data: { mode: "ok", failures: null, tokens: null } });
}

/** A public demo character seeded at start. */
export async function demoCharacter(page: Page): Promise<{ id: string; name: string }> {
  const response = await page.request.get("/api/characters?limit=1");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { id: string; name: string }[] };
  const character = body.data[0];
  if (!character) throw new Error("No demo character: the e2e server seeds demo content");
  return character;
}
