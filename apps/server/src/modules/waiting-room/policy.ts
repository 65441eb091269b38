import { permissionsOf } from "../../kernel/access-policy";
import type { AuthContext } from "../../kernel/auth-context";
import { definePolicy } from "../../policy";

/** Who looks at the waiting room: the request's auth, and whether it came through a partner host. */
export type WaitingRoomActor = { auth: AuthContext; partnerHost: boolean };

/** The character a chat is with, as the waiting room sees it. */
export type WaitingRoomCharacter = {
  characterId: string;
  /** The caller says they arrived through this character's share link. */
  sharedLink: boolean;
  /** The site's special bot (SPECIAL_CHARACTER_ID), open to everyone. */
  specialCharacterId: string | null;
};

type WaitingRoomSubjects = {
  /**
   * Never wait: members with skip_waiting_room (subscribers), and everyone on a partner host, which has
   * no waiting room (account spec: "The reduced partner variant has no ... waiting room").
   */
  skip: null;
  /**
   * Chat with this character while waiting (the queue's `bypass`): the site's special bot, for everyone;
   * a share link's character, for visitors without an account (a share link brings newcomers; members
   * could claim any link, so theirs does not count).
   */
  chat_while_waiting: WaitingRoomCharacter;
};
export type WaitingRoomAction = keyof WaitingRoomSubjects;

export const can = definePolicy<WaitingRoomActor, WaitingRoomSubjects>({
  skip: (actor) => actor.partnerHost || permissionsOf(actor.auth).includes("skip_waiting_room"),
  chat_while_waiting: (actor, character) =>
    character.characterId === character.specialCharacterId ||
    (character.sharedLink && actor.auth.kind !== "member"),
});
