import { ADS, type AdminAd, type AdPick, type adInputSchema } from "@hearth/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client";
import type { AdRow } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/index";
import { type AdActor, type ConversationSize, can, conversationTooShort } from "./policy";
import { presentAdminAd, presentNoAd, presentShownAd } from "./presenter";
import {
  type AdValues,
  conversationOwner,
  conversationSize,
  countAds,
  deleteAd,
  findAd,
  findAdByCode,
  insertAd,
  listAds,
  markShown,
  recentMessages,
  runningAds,
  updateAd,
} from "./repository";
import { chooseAd } from "./selection";

type ParsedAdInput = z.output<typeof adInputSchema>;

/** Who picks an ad: the actor, and the member's id or the guest's (exactly one of them when signed in). */
export type AdViewer = AdActor & { userId: string | null; guestId: string | null };

/** A guest's conversation as the chat module keeps it (guests' chats are never in the database). */
export type GuestConversationReader = (
  guestId: string,
  conversationId: string,
) => Promise<{ messages: { id: string; content: string; alternates: string[]; createdAt: Date }[] } | null>;

/** What the pick reads of a conversation: its size and its newest messages, newest first. */
type ConversationView = { size: ConversationSize; recent: { id: string; content: string }[] };

async function memberConversation(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<ConversationView | null> {
  if ((await conversationOwner(db, conversationId)) !== userId) return null;
  const [size, recent] = await Promise.all([
    conversationSize(db, conversationId),
    recentMessages(db, conversationId, ADS.recentMessages),
  ]);
  return { size, recent };
}

async function guestConversation(
  read: GuestConversationReader,
  guestId: string,
  conversationId: string,
): Promise<ConversationView | null> {
  const conversation = await read(guestId, conversationId);
  if (!conversation) return null;
  const newestFirst = [...conversation.messages].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  return {
    size: {
      messages: newestFirst.length,
      withoutAlternates: newestFirst.filter((message) => message.alternates.length <= 1).length,
    },
    recent: newestFirst.slice(0, ADS.recentMessages).map(({ id, content }) => ({ id, content })),
  };
}

/**
 * `GET /api/ads/pick`: the ad to show after the conversation's newest message, or none with the reason.
 * No ad without display_ads or on a partner host, in a chat of `minMessages` or fewer messages, or with
 * two or fewer messages without alternates; otherwise the choice of selection.ts among the running ads,
 * recorded as shown (the next tie goes to another ad). A conversation that is not the caller's is 404.
 * Members' conversations are read from the database, guests' from the chat module's guest store.
 */
export async function pickAd(
  db: Database,
  viewer: AdViewer,
  conversationId: string,
  options: { minMessages: number; now: Date; guestConversation: GuestConversationReader },
): Promise<AdPick> {
  if (!can(viewer, "see", null)) return presentNoAd("not_eligible");
  const conversation = viewer.userId
    ? await memberConversation(db, viewer.userId, conversationId)
    : viewer.guestId
      ? await guestConversation(options.guestConversation, viewer.guestId, conversationId)
      : null;
  if (!conversation) throw notFound();
  const tooShort = conversationTooShort(conversation.size, options.minMessages);
  if (tooShort) return presentNoAd(tooShort);
  const newest = conversation.recent[0];
  if (!newest) return presentNoAd("too_short");
  const choice = chooseAd(
    await runningAds(db, options.now),
    conversation.recent.map((message) => message.content),
  );
  if (!choice) return presentNoAd("no_ad");
  await markShown(db, choice.ad.id, options.now);
  return { ad: presentShownAd(choice.ad), message_id: newest.id, matched: choice.matched, reason: null };
}

function valuesOf(input: ParsedAdInput): AdValues {
  return {
    code: input.code,
    text: input.text,
    linkUrl: input.link_url,
    imageUrl: input.image_url,
    keywords: input.keywords,
    active: input.active,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

const codeTaken = () =>
  new AppError(400, "validation_error", "Another ad has this code", { code: "Another ad has this code" });

/** What the audit log keeps of an ad: its fields, without when it was last shown. */
function audited(row: AdRow): Record<string, unknown> {
  const {
    last_shown_at: _shown,
    created_at: _created,
    updated_at: _updated,
    ...fields
  } = presentAdminAd(row);
  return fields;
}

function requireManager(actor: AdActor): void {
  if (!can(actor, "manage", null)) throw forbidden();
}

export async function listAdminAds(db: Database, actor: AdActor): Promise<AdminAd[]> {
  requireManager(actor);
  return (await listAds(db)).map(presentAdminAd);
}

export async function createAd(
  db: Database,
  actor: AdActor & { userId: string },
  input: ParsedAdInput,
): Promise<AdminAd> {
  requireManager(actor);
  return db.transaction(async (tx) => {
    if ((await countAds(tx)) >= ADS.adsMax) {
      throw new AppError(400, "validation_error", `At most ${ADS.adsMax} ads; delete one first`);
    }
    const row = await insertAd(tx, valuesOf(input));
    if (!row) throw codeTaken();
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: "ad.create",
      subjectType: "ad",
      subjectId: row.id,
      before: null,
      after: audited(row),
    });
    return presentAdminAd(row);
  });
}

export async function changeAd(
  db: Database,
  actor: AdActor & { userId: string },
  id: string,
  input: ParsedAdInput,
): Promise<AdminAd> {
  requireManager(actor);
  return db.transaction(async (tx) => {
    const before = await findAd(tx, id);
    if (!before) throw notFound();
    const sameCode = await findAdByCode(tx, input.code);
    if (sameCode && sameCode.id !== id) throw codeTaken();
    let row: AdRow | null;
    try {
      row = await updateAd(tx, id, valuesOf(input));
    } catch (error) {
      if ((error as { code?: string }).code === "23505") throw codeTaken();
      throw error;
    }
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: "ad.update",
      subjectType: "ad",
      subjectId: row.id,
      before: audited(before),
      after: audited(row),
    });
    return presentAdminAd(row);
  });
}

export async function removeAd(db: Database, actor: AdActor & { userId: string }, id: string): Promise<void> {
  requireManager(actor);
  await db.transaction(async (tx) => {
    const row = await deleteAd(tx, id);
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: "ad.delete",
      subjectType: "ad",
      subjectId: row.id,
      before: audited(row),
      after: null,
    });
  });
}
