import type { Visit, VisitLimits, WaitingRoomStore } from "./store";

/**
 * The waiting room of one server process (the default without REDIS_URL). A visit costs the same with
 * thousands in line as with a few: stale places and lapsed grants are dropped from the front of maps kept
 * in the order they lapse, and places are numbered once per change of the line, not on every visit.
 */
export function createMemoryWaitingRoomStore(): WaitingRoomStore {
  /** In line, first to last (a Set keeps insertion order). */
  const line = new Set<string>();
  /** The same keys → when each last asked, in that order, oldest first: the stale ones are at its front. */
  const byLastAsked = new Map<string, number>();
  /** Each key's place (1 first) while the line has not changed but for joins at its end; null: to count. */
  let places: Map<string, number> | null = new Map();
  /** key → when its access ends; every grant lasts as long, so they end in the order they were given. */
  const grants = new Map<string, number>();
  /** generation id → its slot's lease end (as many as the engines have slots). */
  const busy = new Map<string, number>();
  /** When each caller admitted from the line within the pace window was admitted, oldest first. */
  const admissions: number[] = [];

  const leave = (key: string) => {
    line.delete(key);
    byLastAsked.delete(key);
    places = null;
  };
  const join = (key: string, now: number) => {
    line.add(key);
    byLastAsked.set(key, now);
    places?.set(key, line.size);
  };
  const asked = (key: string, now: number) => {
    byLastAsked.delete(key);
    byLastAsked.set(key, now);
  };
  const placeOf = (key: string): number => {
    if (!places) {
      places = new Map();
      let place = 0;
      for (const waiting of line.keys()) places.set(waiting, ++place);
    }
    return places.get(key) ?? line.size;
  };
  const pace = (): Visit["pace"] => ({ admitted: admissions.length, since: admissions[0] ?? null });
  const access = (until: number, now: number): Visit => ({
    status: "access",
    position: 0,
    accessLeftMs: until - now,
    pace: pace(),
  });

  return {
    async visit(key, now, limits: VisitLimits) {
      for (const [id, leaseUntil] of busy) if (leaseUntil <= now) busy.delete(id);
      while (admissions.length > 0 && (admissions[0] ?? now) <= now - limits.paceWindowMs) admissions.shift();
      for (const [waiting, seen] of byLastAsked) {
        if (seen > now - limits.staleAfterMs) break;
        leave(waiting);
      }

      const held = grants.get(key);
      if (held !== undefined && held > now) return access(held, now);
      const expired = held !== undefined;
      grants.delete(key);
      for (const [holder, until] of grants) {
        if (until > now) break;
        grants.delete(holder);
      }

      let free = limits.openSlots - busy.size;
      for (const head of line.keys()) {
        if (free <= 0) break;
        leave(head);
        grants.set(head, now + limits.accessMs);
        admissions.push(now);
        free -= 1;
      }
      let granted = grants.get(key);
      if (granted === undefined && !line.has(key)) {
        if (free > 0) {
          granted = now + limits.accessMs;
          grants.set(key, granted);
        } else {
          join(key, now);
        }
      }
      if (granted !== undefined) return access(granted, now);
      asked(key, now);
      return {
        status: expired ? "expired" : "waiting",
        position: placeOf(key),
        accessLeftMs: 0,
        pace: pace(),
      };
    },
    async generationStarted(id, leaseUntil) {
      busy.set(id, leaseUntil);
    },
    async generationEnded(id) {
      busy.delete(id);
    },
  };
}
