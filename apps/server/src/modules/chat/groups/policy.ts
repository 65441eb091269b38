import { GROUP_LIMITS } from "@hearth/contracts";
import type { CharacterRow } from "../../../db/schema";
import { definePolicy } from "../../../policy";
import { can as characterCan, type Viewer } from "../../characters/index";

/** The member asking, as a characters viewer. */
export type GroupActor = Viewer & { userId: string };

/** What a character must let the member do to be in their group: the same as a chat with it alone. */
export type GroupCandidate = Pick<
  CharacterRow,
  | "creatorUserId"
  | "isDeleted"
  | "isUnderage"
  | "isNsfw"
  | "visibility"
  | "moderationStatus"
  | "definitionVisible"
> & { creatorBlocked: boolean };

type GroupSubjects = {
  /**
   * Put a character in a group chat or make it speak there: the member may view it (characters' `view`)
   * and has not blocked its creator, the checks a chat with that character alone makes.
   */
  include: GroupCandidate;
  /** Grow a group by one character: below GROUP_LIMITS.maxCharacters. */
  grow: { size: number };
  /** Remove a character: at least GROUP_LIMITS.minCharacters stay. */
  shrink: { size: number };
};
export type GroupAction = keyof GroupSubjects;

export const can = definePolicy<GroupActor, GroupSubjects>({
  include: (viewer, character) => characterCan(viewer, "view", character) && !character.creatorBlocked,
  grow: (_viewer, group) => group.size < GROUP_LIMITS.maxCharacters,
  shrink: (_viewer, group) => group.size > GROUP_LIMITS.minCharacters,
});
