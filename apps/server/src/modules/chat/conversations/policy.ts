import type { ConversationRow, PersonaRow } from "../../../db/schema";
import { definePolicy } from "../../../policy";
import { can as personaCan } from "../../personas/index";

/** The member asking; `ConversationMember` (a member viewer) is one. */
export type ConversationActor = { userId: string };

type ConversationSubjects = {
  /**
   * Read, change, clone or delete a conversation, its messages and memories: its owner only (others get
   * a 404). The repository reads that take the member's id apply this rule in SQL, so nothing of another
   * member's is loaded to be checked: `findOwnConversation`, `listOwnMessages`, `findOwnMessage`,
   * memories' `findOwnMemory` and the generation store's `find` and `messages`.
   */
  manage: Pick<ConversationRow, "userId">;
  /** Attach a persona to a conversation or show it there: only one of the member's own (personas policy). */
  attach_persona: Pick<PersonaRow, "userId">;
};
export type ConversationAction = keyof ConversationSubjects;

export const can = definePolicy<ConversationActor, ConversationSubjects>({
  manage: (actor, conversation) => conversation.userId === actor.userId,
  attach_persona: (actor, persona) => personaCan(actor, "use", persona),
});
