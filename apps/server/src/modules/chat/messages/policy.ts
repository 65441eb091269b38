import { definePolicy } from "../../../policy";
import { type ConversationActor, can as conversationCan } from "../conversations/policy";

/** A message as the service reads it: with its conversation's owner. */
type OwnedMessage = { userId: string };

type MessageSubjects = {
  /** Edit, pick a version of, rate or report a message: the owner of its conversation only. */
  manage: OwnedMessage;
};
export type MessageAction = keyof MessageSubjects;

export const can = definePolicy<ConversationActor, MessageSubjects>({
  manage: (actor, message) => conversationCan(actor, "manage", message),
});
