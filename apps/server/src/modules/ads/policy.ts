import { ADS, type Permission } from "@hearth/contracts";
import { definePolicy } from "../../policy";

/** Who asks: their permissions, whether they are an admin and whether the request came to a partner host. */
export type AdActor = { permissions: readonly Permission[]; admin: boolean; partnerHost: boolean };

/** A conversation's size: its messages, and those among them without alternates (never regenerated). */
export type ConversationSize = { messages: number; withoutAlternates: number };

type AdSubjects = {
  /** See ads at all: display_ads (guests, Free), never on a partner host (chat spec 1). */
  see: null;
  /** Create, change, delete and list house ads: admins. */
  manage: null;
};

export const can = definePolicy<AdActor, AdSubjects>({
  see: (actor) => !actor.partnerHost && actor.permissions.includes("display_ads"),
  manage: (actor) => actor.admin,
});

/**
 * Whether a conversation is long enough for an ad (chat spec 9): more than `minMessages` messages, and
 * more than two of them without alternates. Answers why not, or null when it is.
 */
export function conversationTooShort(
  size: ConversationSize,
  minMessages: number,
): "too_short" | "alternates" | null {
  if (size.messages <= minMessages) return "too_short";
  if (size.withoutAlternates <= ADS.minMessagesWithoutAlternates) return "alternates";
  return null;
}
