import { REPLY_STREAM } from "@hearth/contracts";
import type { Redis } from "ioredis";
import type { ReplyListener, ReplyStreams } from "./reply-streams";

const framesKey = (id: string) => `hearth:reply:${id}:frames`;
const metaKey = (id: string) => `hearth:reply:${id}:meta`;
const channelOf = (id: string) => `hearth:reply:${id}`;
const STOP_CHANNEL = "hearth:reply-stop";
const END = "end";
/** A live reply's keys outlive an instance that died without ending it by this long. */
const LIVE_TTL_MS = 30 * 60 * 1000;

/**
 * Reply streams shared by every instance on one Redis: each reply's frames in a list (replayed on resume)
 * and published on its channel as they come (followed live); stop requests on one channel every instance
 * hears. A writer sends its frames once per event-loop turn, in one pipeline, in order.
 */
export function redisReplyStreams(
  redis: Redis,
  retentionMs: number = REPLY_STREAM.retentionMs,
): ReplyStreams {
  let subscriber: Redis | null = null;
  const channelHandlers = new Map<string, Set<(message: string) => void>>();
  const stopHandlers = new Map<string, () => void>();

  async function subscribed(): Promise<Redis> {
    if (subscriber) return subscriber;
    const connection = redis.duplicate();
    subscriber = connection;
    // Outages are logged by the main connection (kernel/redis.ts); this one reconnects and resubscribes.
    connection.on("error", () => {});
    connection.on("message", (channel: string, message: string) => {
      if (channel === STOP_CHANNEL) stopHandlers.get(message)?.();
      else for (const handler of channelHandlers.get(channel) ?? []) handler(message);
    });
    await connection.subscribe(STOP_CHANNEL);
    return connection;
  }

  async function listen(channel: string, handler: (message: string) => void): Promise<() => void> {
    const connection = await subscribed();
    let handlers = channelHandlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      channelHandlers.set(channel, handlers);
      await connection.subscribe(channel);
    }
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
      if (handlers.size === 0 && channelHandlers.get(channel) === handlers) {
        channelHandlers.delete(channel);
        connection.unsubscribe(channel).catch(() => {});
      }
    };
  }

  return {
    open(streamId, owner) {
      let seq = 0;
      let pending: string[] = [];
      let flushing: Promise<unknown> = Promise.resolve();
      let scheduled = false;
      let ended = false;
      const ready = subscribed().then(() =>
        redis.multi().hset(metaKey(streamId), "owner", owner).pexpire(metaKey(streamId), LIVE_TTL_MS).exec(),
      );
      const flush = () => {
        scheduled = false;
        const frames = pending;
        if (frames.length === 0) return;
        pending = [];
        const first = seq - frames.length + 1;
        flushing = Promise.all([flushing, ready]).then(() => {
          const pipeline = redis.pipeline().rpush(framesKey(streamId), ...frames);
          for (const [index, frame] of frames.entries()) {
            pipeline.publish(channelOf(streamId), `${first + index}:${frame}`);
          }
          return pipeline.pexpire(framesKey(streamId), LIVE_TTL_MS).exec();
        });
      };
      return {
        append(frame) {
          seq += 1;
          pending.push(frame);
          if (!scheduled) {
            scheduled = true;
            setImmediate(flush);
          }
          return seq;
        },
        end() {
          if (ended) return;
          ended = true;
          if (scheduled) flush();
          stopHandlers.delete(streamId);
          flushing = flushing.then(() =>
            redis
              .multi()
              .hset(metaKey(streamId), "ended", "1")
              .publish(channelOf(streamId), END)
              .pexpire(metaKey(streamId), retentionMs)
              .pexpire(framesKey(streamId), retentionMs)
              .exec(),
          );
          flushing.catch(() => {});
        },
        onStop(handler) {
          stopHandlers.set(streamId, handler);
        },
      };
    },

    async ownerOf(streamId) {
      return redis.hget(metaKey(streamId), "owner");
    },

    async follow(streamId, afterSeq, listener: ReplyListener) {
      if ((await redis.hget(metaKey(streamId), "owner")) === null) return null;
      await redis.hincrby(metaKey(streamId), "follows", 1);
      let last = afterSeq;
      let replayed = false;
      let finished = false;
      const early: string[] = [];
      const deliver = (message: string) => {
        if (finished) return;
        if (message === END) {
          finished = true;
          stopListening();
          listener.onEnd();
          return;
        }
        const colon = message.indexOf(":");
        const seq = Number(message.slice(0, colon));
        if (seq <= last) return;
        last = seq;
        listener.onFrame(seq, message.slice(colon + 1));
      };
      // Listening first, then one atomic read of what was written: nothing falls between the two.
      const stopListening = await listen(channelOf(streamId), (message) => {
        if (replayed) deliver(message);
        else early.push(message);
      });
      const snapshot = await redis
        .multi()
        .hget(metaKey(streamId), "ended")
        .lrange(framesKey(streamId), afterSeq, -1)
        .exec();
      const ended = snapshot?.[0]?.[1] === "1";
      const frames = snapshot?.[1]?.[1];
      (Array.isArray(frames) ? frames : []).forEach((frame, index) => {
        if (typeof frame === "string") deliver(`${afterSeq + index + 1}:${frame}`);
      });
      replayed = true;
      for (const message of early) deliver(message);
      if (ended) deliver(END);
      return () => {
        finished = true;
        stopListening();
      };
    },

    async stop(streamId) {
      await redis.publish(STOP_CHANNEL, streamId);
    },

    async follows(streamId) {
      return Number((await redis.hget(metaKey(streamId), "follows")) ?? 0);
    },

    async close() {
      await subscriber?.quit();
      subscriber = null;
    },
  };
}
