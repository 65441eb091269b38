import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROUTE_TABLE } from "@hearth/contracts";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characterRatings, characters, favorites, memories, messages } from "../src/db/schema";
import { apiRoutesOf } from "../src/http/route-access-hooks";
import { insertCharacter, setUsername, updateCharacter, updateUser } from "./characters-fixtures";
import type { TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { guestToken, signUp, uniqueUsername } from "./support/members";
import { sampleQuery } from "./support/samples";

/**
 * The safe-for-work guarantee (issue 11): with BRAND=sfw, no NSFW or underage-flagged character, no NSFW
 * avatar and no preview of a chat with such a character is reachable through any API or page, for a
 * visitor, a guest or a member, whatever they favorited, rated or chatted with before the character was
 * flagged. The crawl walks every GET route the server registered (so a new route is covered without being
 * listed here) with the seeded ids in its path, and every page of the web route table.
 *
 * The pages are rendered in the browser: the server answers every page with the same index.html and the
 * public app config, so the API crawl is what shows the data; the page crawl checks that shell.
 */

const MARK = "zq7";
type Seeded = { id: string; name: string; avatarUrl: string | null };

describe("the safe-for-work brand: nothing flagged is reachable", () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let webDist: string;
  let member: { token: string; id: string };
  let guest: string;
  let creatorUsername: string;
  const seeded: Record<"velvet" | "bramble" | "cinder" | "dove" | "ember" | "fable", Seeded> = {} as never;
  const conversationIds: string[] = [];
  /** Strings no response may contain, each with what it is. */
  const forbidden = new Map<string, string>();
  /** Strings the crawl must meet somewhere (so it is not vacuous). */
  const expected = new Map<string, string>();

  async function character(key: keyof typeof seeded, values: Parameters<typeof insertCharacter>[1]) {
    const row = await insertCharacter(server, values);
    seeded[key] = { id: row.id, name: row.name, avatarUrl: row.avatarUrl };
    return row;
  }

  /** A chat through the API (guest or member), while the character is still clean. */
  async function chat(token: string, characterId: string, message: string): Promise<string> {
    const result = await generate(server, token, { character_id: characterId, message });
    expect(result.error, JSON.stringify(result.body)).toBeNull();
    const id = result.done?.conversation_id;
    if (!id) throw new Error(`no conversation: ${JSON.stringify(result.body ?? result.events)}`);
    conversationIds.push(id);
    return id;
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "hearth-sfw-web-"));
    writeFileSync(
      join(webDist, "index.html"),
      '<!doctype html><html><head><title>Hearth</title></head><body><div id="root"></div></body></html>',
    );
    ({ fake, server } = await startChatServer({ BRAND: "sfw", WEB_DIST: webDist }));
    const creator = await signUp(server);
    creatorUsername = uniqueUsername("sfwcreator");
    await setUsername(server, creator.user.id, creatorUsername);
    const signed = await signUp(server);
    // A paying member who turned adult content on: the brand overrides it.
    await updateUser(server, signed.user.id, { role: "premium", showNsfw: true, blurNsfwAvatars: false });
    member = { token: signed.token, id: signed.user.id };
    guest = await guestToken(server);

    const creatorUserId = creator.user.id;
    const shared = {
      creatorUserId,
      definitionVisible: true,
      numMessages: 500,
      ratingScore: 1,
      numRatings: 20,
    };
    await character("velvet", {
      ...shared,
      name: `Velvet ${MARK}`,
      avatarUrl: `/uploads/velvet-${MARK}.png`,
      tags: ["fantasy", `velvet${MARK}`],
      greeting: "Welcome to the velvet lounge.",
    });
    await character("bramble", {
      ...shared,
      name: `Bramble ${MARK}`,
      avatarUrl: `/uploads/bramble-${MARK}.png`,
      tags: ["fantasy", `bramble${MARK}`],
    });
    await character("cinder", {
      ...shared,
      name: `Cinder ${MARK}`,
      avatarUrl: `/uploads/cinder-nsfw-avatar-${MARK}.png`,
      avatarIsNsfw: true,
      tags: ["fantasy"],
    });
    await character("dove", {
      ...shared,
      name: `Dove ${MARK}`,
      avatarUrl: `/uploads/dove-${MARK}.png`,
      tags: ["fantasy"],
    });
    await character("ember", {
      ...shared,
      name: `Ember ${MARK}`,
      avatarUrl: `/uploads/ember-${MARK}.png`,
      visibility: "hidden",
      isNsfw: true,
    });
    await character("fable", {
      ...shared,
      name: `Fable ${MARK}`,
      avatarUrl: `/uploads/fable-${MARK}.png`,
      isNsfw: true,
      tags: ["fantasy", `fable${MARK}`],
    });

    // Before anything was flagged: the member and a guest chat, favorite and rate.
    const velvetChat = await chat(member.token, seeded.velvet.id, `Tell me about velvet-preview-${MARK}`);
    await chat(member.token, seeded.bramble.id, `Tell me about bramble-preview-${MARK}`);
    await chat(member.token, seeded.cinder.id, "Hello Cinder.");
    await chat(member.token, seeded.dove.id, "Hello Dove.");
    await chat(guest, seeded.velvet.id, `Guest asks about velvet-guest-${MARK}`);
    const { db } = server.database;
    await db.insert(memories).values({ conversationId: velvetChat, content: `velvet-memory-${MARK}` });
    await db.insert(favorites).values(
      ["velvet", "bramble", "cinder", "dove", "fable"].map((key) => ({
        userId: member.id,
        characterId: seeded[key as keyof typeof seeded].id,
      })),
    );
    await db.insert(characterRatings).values(
      ["velvet", "bramble", "fable"].map((key) => ({
        userId: member.id,
        characterId: seeded[key as keyof typeof seeded].id,
        rating: 5,
      })),
    );

    // Then moderation flags them: Velvet NSFW, Bramble underage.
    await updateCharacter(server, seeded.velvet.id, { isNsfw: true });
    await updateCharacter(server, seeded.bramble.id, { isUnderage: true });

    // Every flagged character in the database (the demo seed's too): its id, its avatar; ours by name too.
    const flagged = await db
      .select()
      .from(characters)
      .where(
        or(eq(characters.isNsfw, true), eq(characters.isUnderage, true), eq(characters.avatarIsNsfw, true)),
      );
    for (const row of flagged) {
      if (row.avatarUrl) forbidden.set(row.avatarUrl, `the avatar of ${row.name}`);
      if (row.isNsfw || row.isUnderage) {
        forbidden.set(row.id, `the id of ${row.name}`);
        if (row.name.includes(MARK)) forbidden.set(row.name, `the name of ${row.name}`);
      }
    }
    for (const preview of ["velvet-preview", "bramble-preview", "velvet-guest", "velvet-memory"]) {
      forbidden.set(
        `${preview}-${MARK}`,
        `a message or memory of a chat with a flagged character (${preview})`,
      );
    }
    const stored = await db.select({ content: messages.content }).from(messages);
    expect(stored.some((row) => row.content.includes(`velvet-preview-${MARK}`))).toBe(true);

    expected.set(seeded.dove.id, "the clean character's id");
    expected.set(seeded.dove.name, "the clean character's name");
    expected.set(seeded.cinder.name, "the clean character with an NSFW avatar, by name");
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  /** Values for a path parameter, by the collection named before it. */
  function candidates(collection: string): string[] {
    switch (collection) {
      case "characters":
        return Object.values(seeded).map((entry) => entry.id);
      case "conversations":
        return conversationIds;
      case "creators":
        return [creatorUsername];
      default:
        return ["00000000-0000-4000-8000-000000000000"];
    }
  }

  function pathsFor(url: string): string[] {
    const segments = url.split("/");
    let paths = [""];
    segments.forEach((segment, index) => {
      const values = segment.startsWith(":")
        ? candidates(segments[index - 1] ?? "").map(encodeURIComponent)
        : [segment];
      paths = paths.flatMap((path) => values.map((value) => (index === 0 ? value : `${path}/${value}`)));
    });
    return paths;
  }

  /** The extra queries a list is read with: search by a flagged name, filter by a flagged tag, every sort. */
  function queriesFor(url: string, required: string): string[] {
    const base = [required];
    if (url !== "/api/characters" && url !== "/api/characters/recommended") return base;
    const extra = [
      `search=${encodeURIComponent(seeded.velvet.name)}`,
      `search=${encodeURIComponent(seeded.bramble.name)}`,
      `search=${encodeURIComponent(seeded.fable.name)}`,
      `search=${MARK}`,
      `tags=velvet${MARK}`,
      `tags=fable${MARK}`,
      "tags=fantasy",
      "sort=newest",
      "sort=rating",
      "limit=100",
    ];
    return [...base, ...extra.map((query) => [required, query].filter(Boolean).join("&"))];
  }

  function leaksIn(text: string): string[] {
    return [...forbidden].filter(([value]) => text.includes(value)).map(([, what]) => what);
  }

  it("answers 404 to direct links of flagged characters, for visitors, guests and members", async () => {
    for (const key of ["velvet", "bramble", "ember", "fable"] as const) {
      for (const token of [undefined, guest, member.token]) {
        const response = await fetch(`${server.url}/api/characters/${seeded[key].id}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(
          response.status,
          `${key} as ${token === undefined ? "visitor" : token === guest ? "guest" : "member"}`,
        ).toBe(404);
      }
    }
    const clean = await fetch(`${server.url}/api/characters/${seeded.cinder.id}`);
    expect(clean.status).toBe(200);
    const body = (await clean.json()) as { avatar_url: string | null };
    expect(body.avatar_url).toBeNull();
  });

  it("shows none of them through any GET API route, whoever asks", async () => {
    const actors = [
      { name: "visitor", token: undefined },
      { name: "guest", token: guest },
      { name: "member", token: member.token },
    ];
    const routes = apiRoutesOf(server.app).filter((route) => route.method === "GET");
    expect(routes.length).toBeGreaterThan(15);
    const leaks: string[] = [];
    const met = new Set<string>();
    let requests = 0;
    for (const actor of actors) {
      for (const route of routes) {
        const required = sampleQuery(route.schema.querystring);
        for (const path of pathsFor(route.url)) {
          for (const query of queriesFor(route.url, required)) {
            const url = `${path}${query ? `?${query}` : ""}`;
            const response = await fetch(`${server.url}${url}`, {
              headers: actor.token ? { authorization: `Bearer ${actor.token}` } : {},
            });
            const text = await response.text();
            requests++;
            if (response.status >= 500) leaks.push(`${actor.name} GET ${url}: ${response.status} ${text}`);
            for (const what of leaksIn(text))
              leaks.push(`${actor.name} GET ${url} (${response.status}): ${what}`);
            for (const [value] of expected) if (text.includes(value)) met.add(value);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect([...expected.keys()].filter((value) => !met.has(value))).toEqual([]);
    expect(requests).toBeGreaterThan(100);
  });

  it("serves every page as the same shell with the public config, naming none of them", async () => {
    const values: Record<string, string[]> = {
      characterId: Object.values(seeded).map((entry) => entry.id),
      conversationId: conversationIds,
      username: [creatorUsername],
    };
    const leaks: string[] = [];
    let pages = 0;
    for (const route of ROUTE_TABLE) {
      let paths = [route.path as string];
      for (const match of route.path.matchAll(/:(\w+)/g)) {
        const name = match[1] ?? "";
        paths = paths.flatMap((path) =>
          (values[name] ?? ["sample"]).map((value) => path.replace(`:${name}`, value)),
        );
      }
      for (const path of paths) {
        const response = await fetch(`${server.url}${path}`, { headers: { accept: "text/html" } });
        const text = await response.text();
        pages++;
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type"), path).toMatch(/text\/html/);
        expect(text, path).toContain('<div id="root"></div>');
        for (const what of leaksIn(text)) leaks.push(`page ${path}: ${what}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(pages).toBeGreaterThan(ROUTE_TABLE.length);
  });
});

describe("chat history on the adult brand", () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  beforeAll(async () => {
    ({ fake, server } = await startChatServer({ SEED_DEMO: "false" }));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("leaves out chats with characters flagged underage since, and keeps NSFW ones", async () => {
    const creator = await signUp(server);
    const member = await signUp(server);
    await updateUser(server, member.user.id, { role: "premium", showNsfw: true });
    const flagged = await insertCharacter(server, { creatorUserId: creator.user.id, name: `Later ${MARK}` });
    const adult = await insertCharacter(server, { creatorUserId: creator.user.id, name: `Adult ${MARK}` });
    const ids: string[] = [];
    for (const character of [flagged, adult]) {
      const result = await generate(server, member.token, { character_id: character.id, message: "Hello." });
      ids.push(result.done?.conversation_id ?? "");
    }
    await updateCharacter(server, flagged.id, { isUnderage: true });
    await updateCharacter(server, adult.id, { isNsfw: true });

    const list = await fetch(`${server.url}/api/conversations`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const body = (await list.json()) as { data: { id: string }[] };
    expect(body.data.map((conversation) => conversation.id)).toEqual([ids[1]]);
    for (const path of [`/api/conversations/${ids[0]}`, `/api/conversations/${ids[0]}/messages`]) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(response.status, path).toBe(404);
    }
    // Its creator may still chat with it.
    const own = await generate(server, creator.token, { character_id: flagged.id, message: "Hi." });
    expect(own.error).toBeNull();
  });
});
