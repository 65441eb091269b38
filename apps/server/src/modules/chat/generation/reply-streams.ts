import { REPLY_STREAM } from "@hearth/contracts";

/**
 * Where a reply's events are kept while it is generated (and for REPLY_STREAM.retentionMs after), so a
 * client that lost its connection can resume it, on this instance or another one. Frames are the SSE
 * text of one event without its `id` line; their numbers start at 1. In this process by default
 * (below); over Redis when instances share one (redis-reply-streams.ts). Both pass the same tests.
 */
export interface ReplyStreams {
  /** Starts keeping `streamId`'s events, recording its `owner` (the generating session's key). */
  open(streamId: string, owner: string): ReplyStreamWriter;
  /** Who generates it (read by the generation policy's `use_reply_stream`); null when unknown or expired. */
  ownerOf(streamId: string): Promise<string | null>;
  /**
   * Replays the events after `afterSeq`, then each new one as it comes, until the last (`onEnd`). Answers
   * a function that stops following, or null for an unknown or expired stream.
   */
  follow(streamId: string, afterSeq: number, listener: ReplyListener): Promise<(() => void) | null>;
  /** Asks the instance generating the reply to stop it (no effect once it ended). */
  stop(streamId: string): Promise<void>;
  /** How many times the stream was followed (resumed) so far; 0 when unknown. */
  follows(streamId: string): Promise<number>;
  close(): Promise<void>;
}

export type ReplyListener = { onFrame(seq: number, frame: string): void; onEnd(): void };

export interface ReplyStreamWriter {
  /** Keeps the next event; answers its number. */
  append(frame: string): number;
  /** No more events: followers get `onEnd` once they have every frame. */
  end(): void;
  /** Runs when the owner asks to stop the reply (from any instance). */
  onStop(handler: () => void): void;
}

type Entry = {
  owner: string;
  /** The frames while the reply is generated; once it ended they are kept as `kept` instead. */
  frames: string[];
  kept: KeptFrames | null;
  ended: boolean;
  follows: number;
  listeners: Set<ReplyListener>;
  stopHandlers: (() => void)[];
};

/**
 * An ended reply's frames as one buffer of UTF-8 and where each ends, kept for the retention time outside
 * the JavaScript heap: at full load they are most of what the heap would hold, and the garbage collector
 * would copy and mark them (one string per token) while they wait for a resume that rarely comes.
 */
type KeptFrames = { bytes: Buffer; ends: Uint32Array };

function keep(frames: string[]): KeptFrames {
  const text = frames.join("");
  const bytes = Buffer.from(text);
  // As many bytes as characters: every character is ASCII (any other takes two or more bytes in UTF-8),
  // so each frame ends where its characters do, without measuring each frame's UTF-8 again.
  const ascii = bytes.length === text.length;
  const ends = new Uint32Array(frames.length);
  let at = 0;
  for (let index = 0; index < frames.length; index++) {
    const frame = frames[index] ?? "";
    at += ascii ? frame.length : Buffer.byteLength(frame);
    ends[index] = at;
  }
  return { bytes, ends };
}

/** The frames after the first `afterSeq`, each with its number. */
function* framesAfter(entry: Entry, afterSeq: number): Generator<[number, string]> {
  const { kept } = entry;
  if (!kept) {
    for (let index = afterSeq; index < entry.frames.length; index++)
      yield [index + 1, entry.frames[index] ?? ""];
    return;
  }
  for (let index = afterSeq; index < kept.ends.length; index++) {
    yield [index + 1, kept.bytes.toString("utf8", index === 0 ? 0 : kept.ends[index - 1], kept.ends[index])];
  }
}

export function inProcessReplyStreams(retentionMs: number = REPLY_STREAM.retentionMs): ReplyStreams {
  const entries = new Map<string, Entry>();
  return {
    open(streamId, owner) {
      const entry: Entry = {
        owner,
        frames: [],
        kept: null,
        ended: false,
        follows: 0,
        listeners: new Set(),
        stopHandlers: [],
      };
      entries.set(streamId, entry);
      return {
        append(frame) {
          // Nothing follows the end (the stream ends with it): kept for no one.
          if (entry.kept) return entry.kept.ends.length;
          entry.frames.push(frame);
          const seq = entry.frames.length;
          for (const listener of entry.listeners) listener.onFrame(seq, frame);
          return seq;
        },
        end() {
          if (entry.ended) return;
          entry.ended = true;
          entry.kept = keep(entry.frames);
          entry.frames = [];
          for (const listener of entry.listeners) listener.onEnd();
          entry.listeners.clear();
          entry.stopHandlers = [];
          setTimeout(() => entries.delete(streamId), retentionMs).unref();
        },
        onStop(handler) {
          entry.stopHandlers.push(handler);
        },
      };
    },
    async ownerOf(streamId) {
      return entries.get(streamId)?.owner ?? null;
    },
    async follow(streamId, afterSeq, listener) {
      const entry = entries.get(streamId);
      if (!entry) return null;
      entry.follows += 1;
      for (const [seq, frame] of framesAfter(entry, afterSeq)) listener.onFrame(seq, frame);
      if (entry.ended) {
        listener.onEnd();
        return () => {};
      }
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    async stop(streamId) {
      for (const handler of entries.get(streamId)?.stopHandlers ?? []) handler();
    },
    async follows(streamId) {
      return entries.get(streamId)?.follows ?? 0;
    },
    async close() {
      entries.clear();
    },
  };
}
