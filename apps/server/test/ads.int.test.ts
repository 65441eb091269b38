import type { AdminAd, AdPick, AuditList } from "@hearth/contracts";
import { AD_EVENTS, adminAdListSchema, adPickSchema } from "@hearth/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ads, analyticsEvents, conversations, messages } from "../src/db/schema";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, guestToken, type SignedUp, signUp, uniqueUsername } from "./support/members";

/**
 * House ads through the HTTP server: which ad a chat gets (keywords of its last 10 messages, the length
 * and alternates rule, running dates), who gets none (subscribers, partner hosts), admins' management of
 * the ads, and the view and click events stored with ad_id, code, message_id and content.
 */

let server: TestServer;
let admin: SignedUp;
let free: SignedUp;
let characterId: string;

beforeAll(async () => {
  server = await startServer({
    SEED_DEMO: "false",
    AUTH_RATE_LIMIT_MAX: "1000",
    PARTNER_HOSTS: "partner.example",
  });
  [admin, free] = await Promise.all([signUp(server), signUp(server)]);
  await updateUser(server, admin.user.id, { role: "admin", username: uniqueUsername("admin") });
  characterId = (await insertCharacter(server, { creatorUserId: admin.user.id })).id;
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.database.db.delete(ads);
});

let clock = Date.now() - 3_600_000;

/** A conversation of `member` with these messages (oldest first), written to the database; `regenerated` indexes get alternates. */
async function conversationWith(
  member: SignedUp,
  texts: string[],
  regenerated: number[] = [],
): Promise<string> {
  const { db } = server.database;
  const [conversation] = await db
    .insert(conversations)
    .values({ userId: member.user.id, characterId })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("no conversation");
  const start = clock;
  clock += texts.length * 1000;
  await db.insert(messages).values(
    texts.map((content, index) => ({
      conversationId: conversation.id,
      role: index % 2 === 0 ? ("bot" as const) : ("user" as const),
      content,
      alternates: regenerated.includes(index) ? [content, `${content} (again)`] : [],
      createdAt: new Date(start + index * 1000),
    })),
  );
  return conversation.id;
}

const filler = (count: number, text = "Nothing in particular.") => Array.from({ length: count }, () => text);

const createAd = (body: Record<string, unknown>, token = admin.token) =>
  call<AdminAd>(server, "/api/admin/ads", { token, body: { link_url: "https://example.com/", ...body } });

async function newAd(body: Record<string, unknown>): Promise<AdminAd> {
  const response = await createAd(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function pick(conversationId: string, token = free.token): Promise<AdPick> {
  const response = await call<AdPick>(server, `/api/ads/pick?conversation_id=${conversationId}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return adPickSchema.parse(response.body);
}

describe("choosing the ad", () => {
  it("goes by keyword hits in the last 10 messages only, ties to the least recently shown, else a fallback", async () => {
    const sword = await newAd({ code: "sword", text: "Swords", keywords: ["Sword"] });
    const castle = await newAd({ code: "castle", text: "Castles", keywords: ["castle"] });
    const fallback = await newAd({ code: "fallback", text: "Anything" });
    // Three castles, but older than the last 10 messages; the last 10 name the sword twice, the castle once.
    const texts = [
      ...filler(3, "The castle, the castle, the castle."),
      "A sword.",
      ...filler(8),
      "A castle and a SWORD!",
    ];
    const id = await conversationWith(free, texts);
    const chosen = await pick(id);
    expect(chosen).toMatchObject({
      ad: { id: sword.id, code: "sword", text: "Swords" },
      matched: 2,
      reason: null,
    });
    const newest = await server.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(sql`${messages.createdAt} desc`)
      .limit(1);
    expect(chosen.message_id).toBe(newest[0]?.id);

    // Nothing matches: the ad without keywords.
    const plain = await conversationWith(free, filler(12));
    expect((await pick(plain)).ad?.id).toBe(fallback.id);

    // Equal hits: the one shown longest ago goes first, then the other.
    const both = await conversationWith(free, [...filler(11), "sword castle"]);
    const first = (await pick(both)).ad?.id;
    const second = (await pick(both)).ad?.id;
    expect(new Set([first, second])).toEqual(new Set([sword.id, castle.id]));
  });

  it("needs more than ADS_MIN_MESSAGES messages and more than 2 without alternates", async () => {
    await newAd({ code: "any", text: "Any" });
    expect(await pick(await conversationWith(free, filler(10)))).toMatchObject({
      ad: null,
      reason: "too_short",
    });
    expect((await pick(await conversationWith(free, filler(11)))).ad?.code).toBe("any");
    const regenerated = await conversationWith(free, filler(11), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await pick(regenerated)).toMatchObject({ ad: null, reason: "alternates" });
    const fewerRegenerated = await conversationWith(free, filler(11), [0, 1, 2, 3, 4, 5, 6, 7]);
    expect((await pick(fewerRegenerated)).ad?.code).toBe("any");
  });

  it("shows only ads switched on and within their dates", async () => {
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    await newAd({ code: "off", text: "Off", active: false });
    await newAd({ code: "later", text: "Later", starts_at: at(hour) });
    await newAd({ code: "over", text: "Over", starts_at: at(-2 * hour), ends_at: at(-hour) });
    const id = await conversationWith(free, filler(12));
    expect(await pick(id)).toMatchObject({ ad: null, reason: "no_ad" });
    await newAd({ code: "now", text: "Now", starts_at: at(-hour), ends_at: at(hour) });
    expect((await pick(id)).ad?.code).toBe("now");
  });
});

describe("who sees no ad", () => {
  it("subscribers and partner hosts; another member's conversation is unknown, to members and guests", async () => {
    await newAd({ code: "any", text: "Any" });
    const subscriber = await signUp(server);
    await updateUser(server, subscriber.user.id, { role: "basic" });
    const theirs = await conversationWith(subscriber, filler(12));
    expect(await pick(theirs, subscriber.token)).toMatchObject({ ad: null, reason: "not_eligible" });

    const mine = await conversationWith(free, filler(12));
    expect((await pick(mine)).ad?.code).toBe("any");
    const partner = await server.app.inject({
      url: `/api/ads/pick?conversation_id=${mine}`,
      headers: { host: "partner.example", authorization: `Bearer ${free.token}` },
    });
    expect(partner.statusCode).toBe(200);
    expect(partner.json()).toMatchObject({ ad: null, reason: "not_eligible" });

    // A guest's own chats get ads (ads-guests.int.test.ts); a member's conversation is unknown to them.
    expectError(
      await call(server, `/api/ads/pick?conversation_id=${mine}`, { token: await guestToken(server) }),
      404,
      "not_found",
    );
    const other = await signUp(server);
    expectError(
      await call(server, `/api/ads/pick?conversation_id=${mine}`, { token: other.token }),
      404,
      "not_found",
    );
    expectError(await call(server, `/api/ads/pick?conversation_id=${mine}`), 401, "unauthenticated");
  });
});

describe("managing ads", () => {
  it("is for admins only: list, create, change, delete, each in the audit log", async () => {
    expectError(await createAd({ code: "nope", text: "No" }, free.token), 403, "forbidden");
    expectError(await call(server, "/api/admin/ads", { token: free.token }), 403, "forbidden");
    expectError(await call(server, "/api/admin/ads"), 401, "unauthenticated");

    const created = await newAd({
      code: "spring",
      text: "Spring sale",
      image_url: "/uploads/avatars/x-400.webp",
      keywords: ["Flower", "flower", " bloom "],
    });
    expect(created).toMatchObject({
      code: "spring",
      keywords: ["flower", "bloom"],
      active: true,
      last_shown_at: null,
    });
    const put = (id: string, body: Record<string, unknown>, token = admin.token) =>
      call<AdminAd>(server, `/api/admin/ads/${id}`, { method: "PUT", token, body });
    expectError(await put(created.id, { code: "x", text: "x", link_url: "/" }, free.token), 403, "forbidden");
    const changed = await put(created.id, {
      code: "spring",
      text: "Summer sale",
      link_url: "/subscribe",
      active: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      text: "Summer sale",
      link_url: "/subscribe",
      active: false,
      image_url: null,
    });

    const list = await call(server, "/api/admin/ads", { token: admin.token });
    expect(adminAdListSchema.parse(list.body).data.map((ad) => ad.id)).toEqual([created.id]);

    expectError(
      await call(server, `/api/admin/ads/${created.id}`, { method: "DELETE", token: free.token }),
      403,
      "forbidden",
    );
    const removed = await call(server, `/api/admin/ads/${created.id}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(removed.status).toBe(204);
    expectError(
      await call(server, `/api/admin/ads/${created.id}`, { method: "DELETE", token: admin.token }),
      404,
      "not_found",
    );

    const audit = await call<AuditList>(server, "/api/admin/audit?limit=100", { token: admin.token });
    const actions = audit.body.data
      .filter((entry) => entry.subject_id === created.id)
      .map((entry) => entry.action);
    expect(actions).toEqual(["ad.delete", "ad.update", "ad.create"]);
  });

  it("validates links, images, dates and codes", async () => {
    await newAd({ code: "taken", text: "Taken" });
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "a", text: "a", link_url: "javascript:alert(1)" }, "link_url"],
      [{ code: "a", text: "a", link_url: "//evil.example" }, "link_url"],
      [{ code: "a", text: "a", image_url: "data:image/png;base64,xx" }, "image_url"],
      [{ code: "a", text: "a", image_url: "/uploads/../secrets.json" }, "image_url"],
      [
        { code: "a", text: "a", starts_at: "2026-02-01T00:00:00Z", ends_at: "2026-01-01T00:00:00Z" },
        "ends_at",
      ],
      [{ code: "Bad Code", text: "a" }, "code"],
      [{ code: "taken", text: "again" }, "code"],
      [{ code: "a", text: "" }, "text"],
    ];
    for (const [body, field] of cases) {
      const response = await createAd(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((response.body as unknown as { error: { fields: object } }).error.fields)).toContain(
        field,
      );
    }
  });
});

describe("ad events", () => {
  it("stores the view and the click with ad_id, code, message_id and content", async () => {
    const ad = await newAd({ code: "events", text: "Read more stories" });
    const shown = await pick(await conversationWith(free, filler(11)));
    if (!shown.ad || !shown.message_id) throw new Error("no ad picked");
    for (const eventName of [AD_EVENTS.view, AD_EVENTS.click]) {
      const payload = {
        ad_id: shown.ad.id,
        code: shown.ad.code,
        message_id: shown.message_id,
        content: shown.ad.text,
      };
      const response = await call<{ id: string }>(server, "/api/event", {
        token: free.token,
        body: { event_name: eventName, payload },
      });
      expect(response.status).toBe(201);
      const [row] = await server.database.db
        .select()
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.id, response.body.id), eq(analyticsEvents.eventName, eventName)));
      expect(row).toMatchObject({
        userId: free.user.id,
        payload: { ad_id: ad.id, code: "events", content: "Read more stories" },
      });
      expect(row?.payload.message_id).toBe(shown.message_id);
    }
  });
});
