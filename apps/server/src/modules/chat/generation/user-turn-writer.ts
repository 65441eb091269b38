import type { Database } from "../../../db/client";
import { conversations, type MessageRow, messages } from "../../../db/schema";

export type NewConversation = {
  id: string;
  userId: string;
  characterId: string;
  userPersonaId: string | null;
};

/** The user's turn: a new conversation with its first messages, or a message for an existing one. */
export type UserTurn = { conversation: NewConversation | null; messages: MessageRow[] };

export type UserTurnWriter = { save(turn: UserTurn): Promise<void> };

type Pending = UserTurn & { resolve: () => void; reject: (error: unknown) => void };

/** Batches in flight at once; the pool's other connections stay free for reads. */
const MAX_IN_FLIGHT = 2;
/** Turns per statement, well under PostgreSQL's 65,535 parameters (a message row has 10). */
const MAX_BATCH = 200;

/**
 * Group commit for the user's turn, which a reply's tokens wait for: a turn is written at once when the
 * writer is idle; turns that arrive while batches are in flight wait for one and go together in a single
 * statement. A burst of new chats then costs a few statements instead of one each. A failed batch is
 * retried turn by turn, so only the faulty turn fails.
 */
export function createUserTurnWriter(db: Database): UserTurnWriter {
  let queue: Pending[] = [];
  let inFlight = 0;

  async function write(turns: UserTurn[]): Promise<void> {
    const created = turns.flatMap((turn) => (turn.conversation ? [turn.conversation] : []));
    const rows = turns.flatMap((turn) => turn.messages);
    if (created.length === 0) {
      if (rows.length > 0) await db.insert(messages).values(rows);
      return;
    }
    if (rows.length === 0) {
      await db.insert(conversations).values(created);
      return;
    }
    // One statement: the conversations in a CTE, so their messages' foreign keys hold at its end.
    const inserted = db
      .$with("inserted")
      .as(db.insert(conversations).values(created).returning({ id: conversations.id }));
    await db.with(inserted).insert(messages).values(rows);
  }

  async function run(batch: Pending[]): Promise<void> {
    try {
      await write(batch);
      for (const turn of batch) turn.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((turn) => write([turn]).then(turn.resolve, turn.reject)));
    }
  }

  function pump(): void {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    save(turn) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ ...turn, resolve, reject });
        pump();
      });
    },
  };
}
