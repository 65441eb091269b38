import type { CharacterRow, ConversationRow } from "../../db/schema";
import { definePolicy } from "../../policy";
import { can as characterCan, type Viewer } from "../characters/index";

/** The member asking, as a characters viewer. */
export type TransferActor = Viewer & { userId: string };

type TransferSubjects = {
  /**
   * Export a conversation: its owner only (others get a 404). The repository's reads take the member's
   * id, so another member's conversation is never loaded (`findConversationForExport`).
   */
  export_chat: Pick<ConversationRow, "userId">;
  /**
   * Import a chat with a character: one the member may view and chat with (characters' view and
   * see_chat), not while they have blocked its creator (as generation's chat_with).
   */
  import_with: CharacterRow & { creatorBlocked: boolean };
};
export type TransferAction = keyof TransferSubjects;

export const can = definePolicy<TransferActor, TransferSubjects>({
  export_chat: (actor, conversation) => conversation.userId === actor.userId,
  import_with: (actor, character) =>
    characterCan(actor, "view", character) &&
    characterCan(actor, "see_chat", character) &&
    !character.creatorBlocked,
});
