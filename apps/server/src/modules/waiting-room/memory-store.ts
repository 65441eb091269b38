import type { Visit, VisitLimits, WaitingRoomStore } from "./store";

/** The waiting room of one server process (the default without REDIS_URL). */
export function createMemoryWaitingRoomStore(): WaitingRoomStore {
  /** In line, first to last (a Map keeps insertion order): key → when it last asked. */
  const line = new Map<string, number>();
  /** key → when its access ends. */
  const grants = new Map<string, number>();
  /** generation id → its slot's lease end. */
  const busy = new Map<string, number>();
  /** When each caller admitted from the line within the pace window was admitted, oldest first. */
  const admissions: number[] = [];

  const dropWhere = (map: Map<string, number>, lapsed: (value: number) => boolean) => {
    for (const [key, value] of map) if (lapsed(value)) map.delete(key);
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
      dropWhere(busy, (leaseUntil) => leaseUntil <= now);
      while (admissions.length > 0 && (admissions[0] ?? now) <= now - limits.paceWindowMs) admissions.shift();
      dropWhere(line, (seen) => seen <= now - limits.staleAfterMs);

      const held = grants.get(key);
      if (held !== undefined && held > now) return access(held, now);
      const expired = held !== undefined;
      dropWhere(grants, (until) => until <= now);

      let free = limits.openSlots - busy.size;
      for (const head of line.keys()) {
        if (free <= 0) break;
        line.delete(head);
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
          line.set(key, now);
        }
      }
      if (granted !== undefined) return access(granted, now);
      line.set(key, now);
      let position = 1;
      for (const waiting of line.keys()) {
        if (waiting === key) break;
        position += 1;
      }
      return { status: expired ? "expired" : "waiting", position, accessLeftMs: 0, pace: pace() };
    },
    async generationStarted(id, leaseUntil) {
      busy.set(id, leaseUntil);
    },
    async generationEnded(id) {
      busy.delete(id);
    },
  };
}
