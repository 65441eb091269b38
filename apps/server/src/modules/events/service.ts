import { EVENTS_WITH_OWN_ROUTES, type EventBody } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { type AuthContext, optionalMember } from "../../kernel/auth-context";
import { insertEvent } from "./repository";

/** Who an event is stored under: a member's id, a guest's id, or neither for anonymous visitors. */
export type EventActor = { userId: string | null; guestId: string | null };

export function eventActorOf(auth: AuthContext): EventActor {
  return {
    userId: optionalMember(auth)?.id ?? null,
    guestId: auth.kind === "guest" ? auth.guestId : null,
  };
}

/**
 * `POST /api/event`: stores an analytics event and changes nothing else. The events that stand for a
 * change with its own route (a rating, a tag suggestion) are refused with a 400 naming that route: the
 * route logs them itself, and accepting them here would tell a client its rating was stored when it was not.
 */
export function recordEvent(db: Database, auth: AuthContext, body: EventBody): Promise<string> {
  const route = Object.hasOwn(EVENTS_WITH_OWN_ROUTES, body.event_name)
    ? EVENTS_WITH_OWN_ROUTES[body.event_name as keyof typeof EVENTS_WITH_OWN_ROUTES]
    : undefined;
  if (route) {
    const message = `${body.event_name} is logged by ${route}; send that request instead.`;
    throw new AppError(400, "validation_error", message, { event_name: message });
  }
  return logEvent(db, eventActorOf(auth), body.event_name, body.payload);
}

/** Logs an analytics event; domain services call it in the transaction of the change it describes. */
export function logEvent(
  db: Database,
  actor: EventActor,
  eventName: string,
  payload: Record<string, unknown>,
): Promise<string> {
  return insertEvent(db, { ...actor, eventName, payload });
}
