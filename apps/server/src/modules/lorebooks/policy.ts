import type { ConversationRow, LorebookRow } from "../../db/schema";
import { definePolicy } from "../../policy";

/** The member asking (services pass `{ userId: user.id }`). */
export type LorebookActor = { userId: string };

type LorebookSubjects = {
  /** See, change, export or delete a book and its entries: books are private to their member. */
  manage: Pick<LorebookRow, "userId">;
  /** Attach a book to a chat, or use it in one: only one of the member's own books. */
  use: Pick<LorebookRow, "userId">;
  /** Choose the books of a chat, read its prompt report: the chat's owner only. */
  configure_chat: Pick<ConversationRow, "userId">;
};
export type LorebookAction = keyof LorebookSubjects;

const owns = (actor: LorebookActor, subject: { userId: string }) => subject.userId === actor.userId;

export const can = definePolicy<LorebookActor, LorebookSubjects>({
  manage: owns,
  use: owns,
  configure_chat: owns,
});
