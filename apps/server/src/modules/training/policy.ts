import type { Permission } from "@hearth/contracts";
import type { CharacterRow } from "../../db/schema";
import { definePolicy } from "../../policy";
import { canViewCharacter, type Viewer } from "../characters/index";

/** The member asking: as a viewer of characters, with their permissions. */
export type TrainingActor = Viewer & { userId: string; permissions: readonly Permission[] };

type CharacterFacts = Parameters<typeof canViewCharacter>[0] & Pick<CharacterRow, "id">;

type TrainingSubjects = {
  /** Ask for a character's training: members with image_training, for a character they can chat with. */
  train: CharacterFacts;
  /** See a character's training status in the dialog: whoever can see the character. */
  view_status: CharacterFacts;
};
export type TrainingAction = keyof TrainingSubjects;

export const can = definePolicy<TrainingActor, TrainingSubjects>({
  train: (actor, character) =>
    actor.permissions.includes("image_training") && canViewCharacter(character, actor),
  view_status: (actor, character) => canViewCharacter(character, actor),
});
