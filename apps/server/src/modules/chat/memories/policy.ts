import { definePolicy } from "../../../policy";
import { type ConversationActor, can as conversationCan } from "../conversations/policy";

/** A memory as the service reads it: with its conversation's owner. */
type OwnedMemory = { userId: string };

type MemorySubjects = {
  /** Read, change, pin or delete a memory: the owner of its conversation only. */
  manage: OwnedMemory;
};
export type MemoryAction = keyof MemorySubjects;

export const can = definePolicy<ConversationActor, MemorySubjects>({
  manage: (actor, memory) => conversationCan(actor, "manage", memory),
});
