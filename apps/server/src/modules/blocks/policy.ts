import type { UserRow } from "../../db/schema";
import { definePolicy } from "../../policy";

/** Who asks: a member, or a visitor (null) on the pages that show the blocked state. */
export type BlockActor = { userId: string | null };

type BlockSubjects = {
  /** Block (or be shown as having blocked) a creator: a member, any creator but themselves. */
  block: Pick<UserRow, "id">;
};
export type BlockAction = keyof BlockSubjects;

export const can = definePolicy<BlockActor, BlockSubjects>({
  block: (actor, creator) => actor.userId !== null && actor.userId !== creator.id,
});
