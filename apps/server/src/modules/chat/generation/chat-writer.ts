import type { SqlExecutor } from "../../../db/client";
import type { MessageRow } from "../../../db/schema";
import type { StoredConversation } from "./chat-store";

export type NewConversation = {
  id: string;
  userId: string;
  characterId: string;
  userPersonaId: string | null;
};

/** The user's turn: a new conversation with its first messages, or a message for an existing one. */
export type UserTurn = { conversation: NewConversation | null; messages: MessageRow[] };

/**
 * A new bot message of an existing conversation: the message, the conversation's activity (with its memory
 * cut-off when `oldestIncludedMessageId` is not undefined) and one more message counted on the character.
 */
export type NewReply = {
  message: MessageRow;
  characterId: string;
  oldestIncludedMessageId: string | null | undefined;
};

export type ChatWriter = {
  saveTurn(turn: UserTurn): Promise<void>;
  /** Answers the conversation as it is after the write. */
  saveReply(reply: NewReply): Promise<StoredConversation>;
};

type Write = { kind: "turn"; turn: UserTurn } | { kind: "reply"; reply: NewReply };
type Pending = {
  write: Write;
  resolve: (conversation: StoredConversation | null) => void;
  reject: (error: unknown) => void;
};

/** Batches in flight at once; the pool's other connections stay free for reads. */
const MAX_IN_FLIGHT = 2;
/** Writes per statement: one JSON document per table, so the size bounds the statement, not a parameter count. */
const MAX_BATCH = 200;

const MESSAGE_COLUMNS = `"id" uuid, "conversationId" uuid, "role" text, "content" text, "status" text,
  "alternates" jsonb, "alternateIndex" int, "imageUrl" text, "imagePrompt" text, "imageIsNsfw" boolean,
  "personaName" text, "characterId" uuid, "promptReport" jsonb, "extras" jsonb, "createdAt" timestamptz`;

/**
 * Every write of a batch in one statement of constant text, so nothing is built per write and PostgreSQL
 * plans the same text each time. New rows travel as JSON documents read with jsonb_to_recordset: $1 new
 * conversations, $2 new messages (users' turns and replies). The rows to update travel as arrays read with
 * unnest, whose length the planner reads from the array (it takes jsonb_to_recordset for 100 rows whatever
 * the document holds, and joined that to fewer than about 30,000 conversations by scanning all of them,
 * 3.5 ms a batch at 16,000): $3 and $4 messages counted per character, $5 to $7 conversations with a new
 * reply.
 * Conversations inserted by the statement are seen by its messages' foreign keys, checked at its end.
 */
export const BATCH_STATEMENT = `with
new_conversations as (
  insert into conversations (id, user_id, character_id, user_persona_id)
  select t."id", t."userId", t."characterId", t."userPersonaId"
  from jsonb_to_recordset($1::jsonb) as t("id" uuid, "userId" uuid, "characterId" uuid, "userPersonaId" uuid)
  returning 1
),
new_messages as (
  insert into messages (id, conversation_id, role, content, status, alternates, alternate_index, image_url,
    image_prompt, image_is_nsfw, persona_name, character_id, prompt_report, extras, created_at)
  select t."id", t."conversationId", t."role", t."content", t."status", t."alternates", t."alternateIndex",
    t."imageUrl", t."imagePrompt", t."imageIsNsfw", t."personaName", t."characterId", t."promptReport",
    t."extras", t."createdAt"
  from jsonb_to_recordset($2::jsonb) as t(${MESSAGE_COLUMNS})
  returning 1
),
counted as (
  update characters c set num_messages = c.num_messages + t.count
  from unnest($3::uuid[], $4::int[]) as t(id, count)
  where c.id = t.id
  returning 1
)
update conversations c set
  messages_since_summary = c.messages_since_summary + 1,
  updated_at = now(),
  oldest_included_message_id = case when t.keep_oldest then c.oldest_included_message_id
    else t.oldest_included_message_id end
from unnest($5::uuid[], $6::boolean[], $7::uuid[]) as t(id, keep_oldest, oldest_included_message_id)
where c.id = t.id
returning c.id, c.character_id, c.user_persona_id, c.messages_since_summary`;

type ConversationRow = {
  id: string;
  character_id: string;
  user_persona_id: string | null;
  messages_since_summary: number;
};

/**
 * Group commit for members' chats: the user's turn (which a reply's tokens wait for) and the new reply at
 * its end. A write goes out at once when the writer is idle; writes that arrive while batches are in
 * flight wait for one and go together in a single statement, so a burst of chats costs a few statements
 * instead of two each. A failed batch is retried write by write, so only the faulty one fails.
 */
export function createChatWriter(execute: SqlExecutor): ChatWriter {
  let queue: Pending[] = [];
  let inFlight = 0;

  async function write(batch: Pending[]): Promise<Map<string, StoredConversation>> {
    const conversations: NewConversation[] = [];
    const messages: MessageRow[] = [];
    const counts = new Map<string, number>();
    const replied: string[] = [];
    const keepOldest: boolean[] = [];
    const oldestIncluded: (string | null)[] = [];
    for (const { write } of batch) {
      if (write.kind === "turn") {
        if (write.turn.conversation) conversations.push(write.turn.conversation);
        messages.push(...write.turn.messages);
        continue;
      }
      const { message, characterId, oldestIncludedMessageId } = write.reply;
      messages.push(message);
      counts.set(characterId, (counts.get(characterId) ?? 0) + 1);
      replied.push(message.conversationId);
      keepOldest.push(oldestIncludedMessageId === undefined);
      oldestIncluded.push(oldestIncludedMessageId ?? null);
    }
    const { rows } = await execute(BATCH_STATEMENT, [
      JSON.stringify(conversations),
      JSON.stringify(messages),
      [...counts.keys()],
      [...counts.values()],
      replied,
      keepOldest,
      oldestIncluded,
    ]);
    const updated = new Map<string, StoredConversation>();
    for (const row of rows as ConversationRow[]) {
      updated.set(row.id, {
        id: row.id,
        characterId: row.character_id,
        userPersonaId: row.user_persona_id,
        messagesSinceSummary: row.messages_since_summary,
      });
    }
    return updated;
  }

  function settle(pending: Pending, updated: Map<string, StoredConversation>): void {
    if (pending.write.kind === "turn") {
      pending.resolve(null);
      return;
    }
    const conversation = updated.get(pending.write.reply.message.conversationId);
    if (conversation) pending.resolve(conversation);
    else pending.reject(new Error("The conversation is gone"));
  }

  async function run(batch: Pending[]): Promise<void> {
    try {
      const updated = await write(batch);
      for (const pending of batch) settle(pending, updated);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(
        batch.map((pending) => write([pending]).then((updated) => settle(pending, updated), pending.reject)),
      );
    }
  }

  function pump(): void {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      const batch = queue.length <= MAX_BATCH ? queue : queue.slice(0, MAX_BATCH);
      queue = queue.length <= MAX_BATCH ? [] : queue.slice(MAX_BATCH);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  function enqueue(write: Write): Promise<StoredConversation | null> {
    return new Promise((resolve, reject) => {
      queue.push({ write, resolve, reject });
      pump();
    });
  }

  return {
    async saveTurn(turn) {
      await enqueue({ kind: "turn", turn });
    },
    async saveReply(reply) {
      const conversation = await enqueue({ kind: "reply", reply });
      if (!conversation) throw new Error("The conversation is gone");
      return conversation;
    },
  };
}
