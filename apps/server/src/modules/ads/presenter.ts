import type { AdminAd, AdPick, ShownAd } from "@hearth/contracts";
import type { AdRow } from "../../db/schema";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentAdminAd(row: AdRow): AdminAd {
  return {
    id: row.id,
    code: row.code,
    text: row.text,
    link_url: row.linkUrl,
    image_url: row.imageUrl,
    keywords: row.keywords,
    active: row.active,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    last_shown_at: iso(row.lastShownAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentShownAd(row: AdRow): ShownAd {
  return { id: row.id, code: row.code, text: row.text, link_url: row.linkUrl, image_url: row.imageUrl };
}

export function presentNoAd(reason: NonNullable<AdPick["reason"]>): AdPick {
  return { ad: null, message_id: null, matched: 0, reason };
}
