import type { EventBody } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import type { AuthContext } from "../auth/context";
import { DOMAIN_EVENTS } from "./domain-events";
import { insertEvent } from "./repository";

/**
 * Stores an analytics event under the member's id, the guest's id, or neither for anonymous visitors.
 * Domain events (a rating, a tag suggestion) apply their change in the same transaction first.
 */
export function recordEvent(
  db: Database,
  auth: AuthContext,
  body: EventBody,
  config: Pick<ServerConfig, "brand">,
): Promise<string> {
  const handler = Object.hasOwn(DOMAIN_EVENTS, body.event_name) ? DOMAIN_EVENTS[body.event_name] : undefined;
  if (handler) {
    return db.transaction(async (tx) => {
      await handler(tx, auth, body.payload, config);
      return store(tx, auth, body);
    });
  }
  return store(db, auth, body);
}

function store(db: Database, auth: AuthContext, body: EventBody): Promise<string> {
  return insertEvent(db, {
    userId: auth.kind === "member" ? auth.user.id : null,
    guestId: auth.kind === "guest" ? auth.guestId : null,
    eventName: body.event_name,
    payload: body.payload,
  });
}
