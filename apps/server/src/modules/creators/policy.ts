import type { UserRow } from "../../db/schema";
import { definePolicy } from "../../policy";
import type { Viewer } from "../characters/index";

type CreatorSubjects = {
  /** `/creator/{username}` lists all the creator's live characters (private ones too) to the creator only. */
  see_all_characters: Pick<UserRow, "id">;
};
export type CreatorAction = keyof CreatorSubjects;

export const can = definePolicy<Pick<Viewer, "userId">, CreatorSubjects>({
  see_all_characters: (viewer, creator) => viewer.userId !== null && viewer.userId === creator.id,
});
