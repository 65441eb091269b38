import type { OwnCharacter } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { characters, users } from "../src/db/schema";
import { announceChange } from "../src/kernel/change-feed";
import { call, type TestServer } from "./harness";

type NewCharacter = typeof characters.$inferInsert;

/** A character written straight to the database (states the API cannot reach, such as moderation). */
export async function insertCharacter(
  server: TestServer,
  values: Partial<NewCharacter> & { creatorUserId: string },
) {
  const [row] = await server.database.db
    .insert(characters)
    .values({
      name: "Test character",
      persona: "secret persona",
      scenario: "secret scenario",
      dialogue: "secret dialogue",
      visibility: "public",
      numMessages: 0,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no character inserted");
  return row;
}

/** Creates a character through the API as `token`; answers it. */
export async function createCharacter(server: TestServer, token: string, body: Record<string, unknown> = {}) {
  const response = await call<OwnCharacter>(server, "/api/characters?switch=T1", {
    token,
    body: { name: "Aria", greeting: "Hello there.", persona: "A kind bard.", visibility: "public", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * Changes a member's row as an operator would, then tells this process's caches at once, as the app's own
 * writes do: the database's notification of the change arrives a moment later, after the next request.
 */
export async function updateUser(server: TestServer, id: string, values: Partial<typeof users.$inferInsert>) {
  await server.database.db.update(users).set(values).where(eq(users.id, id));
  announceChange("users", id);
}

/** Changes a character's row as an operator would, and tells this process's caches at once (see updateUser). */
export async function updateCharacter(server: TestServer, id: string, values: Partial<NewCharacter>) {
  await server.database.db.update(characters).set(values).where(eq(characters.id, id));
  announceChange("characters", id);
}

export async function setUsername(server: TestServer, id: string, username: string) {
  await updateUser(server, id, { username });
}

/** POSTs one file as multipart field `file` (or another field name). */
export async function upload<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  options: { token?: string; bytes: Uint8Array; filename: string; type: string; field?: string },
): Promise<{ status: number; body: T; headers: Headers }> {
  const form = new FormData();
  form.append(options.field ?? "file", new Blob([options.bytes], { type: options.type }), options.filename);
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    body: form,
  });
  const text = await response.text();
  const body = (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T;
  return { status: response.status, body, headers: response.headers };
}

/** A test image of the given size and format, with a gradient so resizing has something to do. */
export async function testImage(
  width: number,
  height: number,
  format: "png" | "jpeg" | "webp" | "gif" = "png",
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

export async function fetchBytes(server: TestServer, path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
