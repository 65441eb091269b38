import type { SubscribeStarAttempt, SubscribeStarLink } from "@hearth/contracts";
import type { SubscribeStarAttemptRow, SubscribeStarLinkRow } from "../../db/schema";

export function presentLink(row: SubscribeStarLinkRow): SubscribeStarLink {
  return {
    subscribestar_user_id: row.subscribestarUserId,
    name: row.name,
    tier_id: row.tierId,
    price: row.priceCents,
    role: row.role,
    active: row.status === "active",
    linked_at: row.linkedAt.toISOString(),
    checked_at: row.checkedAt.toISOString(),
  };
}

export function presentAttempt(row: SubscribeStarAttemptRow, authorizeUrl: string): SubscribeStarAttempt {
  return { transient_id: row.id, authorize_url: authorizeUrl, expires_at: row.expiresAt.toISOString() };
}
