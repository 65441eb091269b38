import type { BillingSubscriptionRow } from "../../db/schema";
import { definePolicy } from "../../policy";

/** The member asking. */
export type BillingActor = { userId: string };

type Sub = Pick<BillingSubscriptionRow, "userId" | "status" | "platform">;

type BillingSubjects = {
  /** See it in the portal: the member's own. */
  view: Sub;
  /** Active: cancel at the end of the period. */
  cancel: Sub;
  /** Cancelled (and not yet ended): renew again. */
  uncancel: Sub;
  /** Active only: Change Plan is disabled while cancelled (spec 4) or in grace. */
  change_plan: Sub;
  /** Any live state: a new card for the next charges. */
  change_card: Sub;
  /** Grace: pay the amount due now. */
  charge_rebill: Sub;
};
export type BillingAction = keyof BillingSubjects;

const owns = (actor: BillingActor, sub: Sub) => sub.userId === actor.userId;
/** Subscriptions bought on another platform are managed there (spec 2 and 6). */
const managedHere = (actor: BillingActor, sub: Sub) => owns(actor, sub) && sub.platform === "web";

export const can = definePolicy<BillingActor, BillingSubjects>({
  view: owns,
  cancel: (actor, sub) => managedHere(actor, sub) && sub.status === "active",
  uncancel: (actor, sub) => managedHere(actor, sub) && sub.status === "cancelled",
  change_plan: (actor, sub) => managedHere(actor, sub) && sub.status === "active",
  change_card: (actor, sub) => managedHere(actor, sub) && sub.status !== "expired",
  charge_rebill: (actor, sub) => managedHere(actor, sub) && sub.status === "grace",
});
