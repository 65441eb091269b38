import type { BlockedCreator } from "@hearth/contracts";
import type { UserRow } from "../../db/schema";

/** A blocked creator as the member's list shows it: who, never more of their account. */
export function presentBlockedCreator(creator: Pick<UserRow, "id" | "username">): BlockedCreator {
  return { id: creator.id, username: creator.username };
}
