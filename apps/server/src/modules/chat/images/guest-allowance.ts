import { GUEST_IMAGE_LIMIT } from "@hearth/contracts";
import type { Redis } from "ioredis";

/** A guest session's images are counted this long after its first image (a guest session is shorter). */
const GUEST_IMAGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Counts guests' images (GUEST_IMAGE_LIMIT per guest session): in Redis when instances share one. */
export interface GuestImageAllowance {
  /** Counts one image; false when the guest has none left (nothing is counted then). */
  take(guestId: string): Promise<boolean>;
}

export function guestImageAllowance(redis: Redis | null, limit = GUEST_IMAGE_LIMIT): GuestImageAllowance {
  if (redis) {
    return {
      async take(guestId) {
        const key = `hearth:guest-images:${guestId}`;
        const count = await redis.incr(key);
        if (count === 1) await redis.pexpire(key, GUEST_IMAGE_WINDOW_MS);
        if (count > limit) {
          await redis.decr(key);
          return false;
        }
        return true;
      },
    };
  }
  const counts = new Map<string, { count: number; since: number }>();
  return {
    async take(guestId) {
      const now = Date.now();
      for (const [id, entry] of counts) if (now - entry.since > GUEST_IMAGE_WINDOW_MS) counts.delete(id);
      const entry = counts.get(guestId) ?? { count: 0, since: now };
      if (entry.count >= limit) return false;
      counts.set(guestId, { ...entry, count: entry.count + 1 });
      return true;
    },
  };
}
