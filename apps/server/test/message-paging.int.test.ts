import type { ConversationDetail, MessagePage } from "@hearth/contracts";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCharacter } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { type SignedUp, signUp } from "./support/members";

let fake: FakeOpenAi;
let server: TestServer;
let member: SignedUp;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  member = await signUp(server);
  const creator = await signUp(server);
  characterId = (await insertCharacter(server, { creatorUserId: creator.user.id, name: "Mara" })).id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A raw statement's rows (the driver-neutral Database types them as unknown). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result = (await server.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A conversation of `count` messages "m1".."mN", `perInstant` of them saved at each same instant. */
async function seed(count: number, perInstant: number): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(sql`
    insert into conversations (user_id, character_id, label)
    values (${member.user.id}::uuid, ${characterId}::uuid, 'Paged') returning id`);
  const id = row?.id ?? "";
  await server.database.db.execute(sql`
    insert into messages (conversation_id, role, content, created_at)
    select ${id}::uuid, case when i % 2 = 0 then 'user' else 'bot' end, 'm' || i,
           now() - interval '1 day' + ((i - 1) / ${perInstant}) * interval '1 second'
    from generate_series(1, ${count}) as i`);
  return id;
}

const page = async (id: string, query: string): Promise<MessagePage> => {
  const response = await call<MessagePage>(server, `/api/conversations/${id}/messages?${query}`, {
    token: member.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

describe("GET /api/conversations/{id}/messages: keyset paging", () => {
  it("walks a conversation whose messages share timestamps both ways, each message once and in order", async () => {
    const id = await seed(1000, 7);
    const detail = await call<ConversationDetail>(server, `/api/conversations/${id}`, {
      token: member.token,
    });
    const order = (await page(id, "limit=200")).messages.map((m) => m.content);
    expect(detail.body.messages.map((m) => m.content)).toEqual(order.slice(-50));

    // Back from the newest page to the first message, 37 at a time (pages split the same instants).
    const seen: string[] = [];
    let current = await page(id, "limit=37");
    seen.unshift(...current.messages.map((m) => m.content));
    while (current.has_more_before) {
      current = await page(id, `before_id=${current.messages[0]?.id}&limit=37`);
      seen.unshift(...current.messages.map((m) => m.content));
    }
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(seen.slice(-200)).toEqual(order);

    // And forward again from the first message to the newest.
    const firstId = current.messages[0]?.id;
    const forward: string[] = [seen[0] ?? ""];
    let next = await page(id, `after_id=${firstId}&limit=41`);
    forward.push(...next.messages.map((m) => m.content));
    while (next.has_more_after) {
      next = await page(id, `after_id=${next.messages.at(-1)?.id}&limit=41`);
      forward.push(...next.messages.map((m) => m.content));
    }
    expect(forward).toEqual(seen);
    expect(next.has_more_before).toBe(true);
  });

  it("reads a page of a 5,000-message conversation from an index range", async () => {
    const id = await seed(5000, 1);
    const middle = (await page(id, "limit=200")).messages[0]?.id ?? "";
    await server.database.db.execute(sql`analyze messages`);
    for (const [direction, bound] of [
      ["<", "<="],
      [">", ">="],
    ] as const) {
      const plan = await rowsOf<{ "QUERY PLAN": string }>(sql`
        explain select m.id from messages m
        where m.conversation_id = ${id}::uuid
          and m.created_at ${sql.raw(bound)} (select c.created_at from messages c where c.id = ${middle}::uuid)
          and (m.created_at, m.id) ${sql.raw(direction)} (select c.created_at, c.id from messages c where c.id = ${middle}::uuid)
        order by m.created_at ${sql.raw(direction === "<" ? "desc" : "asc")}, m.id ${sql.raw(direction === "<" ? "desc" : "asc")}
        limit 51`);
      const text = plan.map((line) => line["QUERY PLAN"]).join("\n");
      // The conversation's index, or the one on created_at alone when the planner finds it cheaper here
      // (few conversations): the page is read from an index range, never a scan of all messages.
      expect(text, text).toMatch(/Index Scan (Backward )?using messages_\w*created_idx on messages m\b/);
      expect(text, text).not.toMatch(/Seq Scan on messages m\b/);
    }
  });
});
