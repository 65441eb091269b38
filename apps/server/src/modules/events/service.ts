import type { EventBody } from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { AuthContext } from "../auth/context";
import { insertEvent } from "./repository";

/** Stores an analytics event under the member's id, the guest's id, or neither for anonymous visitors. */
export function recordEvent(db: Database, auth: AuthContext, body: EventBody): Promise<string> {
  return insertEvent(db, {
    userId: auth.kind === "member" ? auth.user.id : null,
    guestId: auth.kind === "guest" ? auth.guestId : null,
    eventName: body.event_name,
    payload: body.payload,
  });
}
