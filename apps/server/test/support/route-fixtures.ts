import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { conversations, lorebooks, memories, messages, personas, reviews, users } from "../../src/db/schema";
import { insertCharacter } from "../characters-fixtures";
import type { TestServer } from "../harness";

/**
 * Ids of one member's private character, conversation, message, memory and persona, a review of the
 * character and another member, by collection name.
 */
export type RouteFixtures = Record<string, string>;

export async function insertRouteFixtures(server: TestServer, ownerId: string): Promise<RouteFixtures> {
  const { db } = server.database;
  const character = await insertCharacter(server, { creatorUserId: ownerId, visibility: "private" });
  const [conversation] = await db
    .insert(conversations)
    .values({ userId: ownerId, characterId: character.id })
    .returning();
  if (!conversation) throw new Error("no conversation");
  const [message] = await db
    .insert(messages)
    .values({ conversationId: conversation.id, role: "bot", content: "Hello.", createdAt: new Date() })
    .returning();
  const [memory] = await db
    .insert(memories)
    .values({ conversationId: conversation.id, content: "Likes tea." })
    .returning();
  const [persona] = await db.insert(personas).values({ userId: ownerId, name: "Second" }).returning();
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  const book = {
    name: "Fixture book",
    description: "",
    scan_depth: 4,
    token_budget: 1024,
    recursive_scanning: false,
    entries: [
      {
        id: "0",
        name: "Fixture entry",
        keys: ["fixture"],
        secondary_keys: [],
        selective_logic: "and_any",
        use_regex: false,
        case_sensitive: false,
        match_whole_words: false,
        content: "A fixture.",
        enabled: true,
        constant: false,
        insertion_order: 100,
        priority: 10,
        position: "before_char",
        depth: 4,
        probability: 100,
        extensions: {},
      },
    ],
    extensions: {},
  };
  const [lorebook] = await db
    .insert(lorebooks)
    .values({ userId: ownerId, name: book.name, entryCount: 1, book })
    .returning();
  const [review] = await db
    .insert(reviews)
    .values({
      characterId: character.id,
      source: "character_report",
      issue: "Guidelines",
      details: "Fixture",
    })
    .returning();
  // A member of no test's own: admin routes about members restrict and lift this one.
  const [member] = await db
    .insert(users)
    .values({ email: `fixture-${randomUUID()}@example.test`, username: `fx${randomUUID().slice(0, 8)}` })
    .returning();
  return {
    characters: character.id,
    conversations: conversation.id,
    messages: message?.id ?? "",
    memories: memory?.id ?? "",
    personas: persona?.id ?? "",
    lorebooks: lorebook?.id ?? "",
    entries: "0",
    creators: owner?.username ?? "",
    "blocked-creators": ownerId,
    "tag-suggestions": randomUUID(),
    flags: "onboarding_v2",
    // A house ad nobody made: changing or deleting it answers 404.
    ads: randomUUID(),
    reviews: review?.id ?? "",
    users: member?.id ?? "",
    countries: "US",
    // An open 3-D Secure challenge of no order: its page and decision answer 404.
    "3ds": randomUUID(),
    // A reply stream nobody started: resuming or stopping it answers 404.
    generate: randomUUID(),
    // A SubscribeStar link attempt nobody started: it answers 404.
    subscribestar: randomUUID(),
  };
}

/**
 * Fills a route's `:param`s from the collection named before each (`/api/characters/:id` is the
 * character); `override` puts an already percent-encoded value in one parameter's place (fuzzing).
 */
export function pathFor(url: string, fixtures: RouteFixtures, override?: { index: number; value: string }) {
  const segments = url.split("/");
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(":")) return segment;
      if (override?.index === index) return override.value;
      const collection = segments[index - 1] ?? "";
      const value = fixtures[collection];
      if (!value) throw new Error(`No fixture for ${url}: add one for "${collection}" to route-fixtures.ts`);
      return encodeURIComponent(value);
    })
    .join("/");
}
