import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { expectNoSeriousViolations } from "./support/axe";
import { demoCharacter } from "./support/llm";
import { signInOnboarded } from "./support/onboarding";
import { createMember, uniqueUsername } from "./support/users";

test.describe.configure({ timeout: 90_000 });

/** A SillyTavern chat file as it writes them, with swipes, a system line and fields Hearth has no column for. */
function sillyTavernChat(characterName: string): string {
  const lines = [
    {
      user_name: "Ann",
      character_name: characterName,
      create_date: "2024-4-1@15h04m05s",
      chat_metadata: { note_prompt: "", tainted: true, timedWorldInfo: { sticky: {} } },
    },
    {
      name: characterName,
      is_user: false,
      is_system: false,
      send_date: "April 1, 2024 3:04pm",
      mes: "Welcome, traveller. The fire is warm tonight.",
      swipes: ["Welcome, traveller. The fire is warm tonight.", "Ah, a visitor!"],
      swipe_id: 0,
      extra: { zeta: 1, alpha: 2 },
    },
    {
      name: "Ann",
      is_user: true,
      send_date: "April 1, 2024 3:05pm",
      mes: "Imported hello from SillyTavern.",
      extra: {},
      force_avatar: "User Avatars/ann.png",
    },
    {
      name: characterName,
      is_user: false,
      is_system: false,
      send_date: "2024-04-01T15:06:10.123Z",
      mes: "Second take of the reply.",
      swipes: ["First take of the reply.", "Second take of the reply."],
      swipe_id: 1,
      gen_started: "2024-04-01T15:06:00.000Z",
      extra: { api: "openai", model: "gpt-4o" },
    },
  ];
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

async function openImportDialog(page: Page) {
  await page.goto("/chats");
  await page.getByRole("button", { name: "Import chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Import a chat" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a SillyTavern chat imports through the UI and exports back as the same file", async ({
  page,
}, testInfo) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("tr"), name: "Ann" });
  const character = await demoCharacter(page);
  const file = sillyTavernChat(character.name);

  // Screenshots and axe of the dialog at both widths, its errors shown.
  for (const viewport of [
    { name: "phone", width: 390, height: 844 },
    { name: "desktop", width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const dialog = await openImportDialog(page);
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await expect(dialog.getByText("Choose a chat file.")).toBeVisible();
    await expect(dialog.getByText("Choose a character for the chat.")).toBeVisible();
    await dialog.getByRole("searchbox", { name: "Search characters" }).fill(character.name.slice(0, 5));
    await expect(dialog.getByRole("radio", { name: new RegExp(character.name) })).toBeVisible();
    await expectNoSeriousViolations(page, `import dialog on ${viewport.name}`);
    await page.screenshot({ path: testInfo.outputPath(`import-dialog-${viewport.name}.png`) });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }

  // A file that is not a chat: the server's message on the file field, nothing opened.
  let dialog = await openImportDialog(page);
  await dialog.getByLabel("Chat file").setInputFiles({
    name: "notes.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from("just some notes\n"),
  });
  await dialog.getByRole("searchbox", { name: "Search characters" }).fill(character.name.slice(0, 5));
  await dialog.getByRole("radio", { name: new RegExp(character.name) }).check();
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByText(/Line 1 is not valid JSON/)).toBeVisible();
  await page.keyboard.press("Escape");

  // The real chat, chosen with the keyboard: it opens as a new conversation.
  dialog = await openImportDialog(page);
  await dialog.getByLabel("Chat file").setInputFiles({
    name: "fireside.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from(file),
  });
  const search = dialog.getByRole("searchbox", { name: "Search characters" });
  await search.fill(character.name.slice(0, 5));
  const radio = dialog.getByRole("radio", { name: new RegExp(character.name) });
  await expect(radio).toBeVisible();
  await radio.focus();
  await page.keyboard.press("Space");
  await expect(radio).toBeChecked();
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[0-9a-f-]{36}$`));
  await expect(page.getByText("Imported hello from SillyTavern.")).toBeVisible();
  await expect(page.getByText("Second take of the reply.")).toBeVisible();

  // The chat menu's export downloads the same file.
  await page.getByRole("button", { name: "Chat options" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export chat (SillyTavern .jsonl)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
  const exported = await readFile((await download.path()) ?? "", "utf8");
  expect(exported).toBe(file);

  // And as Hearth's own JSON.
  await page.getByRole("button", { name: "Chat options" }).click();
  const downloadingHearth = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export chat (Hearth .json)" }).click();
  const hearth = await downloadingHearth;
  expect(hearth.suggestedFilename()).toMatch(/\.hearth\.json$/);
  const hearthFile = JSON.parse(await readFile((await hearth.path()) ?? "", "utf8")) as {
    format: string;
    messages: { content: string; alternates: string[]; alternate_index: number }[];
  };
  expect(hearthFile.format).toBe("hearth-chat");
  expect(hearthFile.messages[2]).toMatchObject({ content: "Second take of the reply.", alternate_index: 1 });

  // It is listed with the member's chats, titled after the file.
  await page.goto("/chats");
  await expect(page.getByText("fireside").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("chats-phone.png") });
});

test("a member downloads all their data from the profile page", async ({ page }, testInfo) => {
  const member = await createMember(page);
  await signInOnboarded(page, member, { username: uniqueUsername("ar"), name: "Ann" });
  const character = await demoCharacter(page);
  const imported = await page.request.post("/api/conversations/import", {
    data: { character_id: character.id, file: sillyTavernChat(character.name) },
    headers: { Authorization: `Bearer ${await accessToken(page, member)}` },
  });
  expect(imported.status()).toBe(201);

  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hearth-data-.*\.zip$/);
  await expect(section.getByText("Your archive has been downloaded.")).toBeVisible();
  const files = unzipSync(new Uint8Array(await readFile((await download.path()) ?? "")));
  const names = Object.keys(files);
  expect(names).toEqual(expect.arrayContaining(["profile.json", "personas.json", "README.txt"]));
  const profile = JSON.parse(new TextDecoder().decode(files["profile.json"])) as Record<string, unknown>;
  expect(profile.email).toBe(member.email);
  expect(names.filter((name) => name.startsWith("chats/") && name.endsWith(".jsonl"))).toHaveLength(1);
  expect(names.filter((name) => name.startsWith("chats/") && name.endsWith(".hearth.json"))).toHaveLength(1);
  expect(new TextDecoder().decode(files[names.find((name) => name.endsWith(".jsonl")) ?? ""])).toBe(
    sillyTavernChat(character.name),
  );
  await expectNoSeriousViolations(page, "profile with the data download");
  await section.screenshot({ path: testInfo.outputPath("download-data-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: testInfo.outputPath("download-data-phone.png") });
});

async function accessToken(page: Page, member: { email: string; password: string }): Promise<string> {
  const login = await page.request.post("/api/auth/login", { data: member });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}
