import { type QueueAnswer, queueAnswerSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";
import type { ViewerKey } from "../../../lib/session";

export type QueueParams = {
  /** The character on screen: the answer's `bypass` names it when it may be chatted with anyway. */
  characterId: string;
  /** The visitor arrived through this character's share link. */
  sharedLink: boolean;
};

export const waitingRoomKeys = {
  all: ["waiting-room"] as const,
  /** One place in line per viewer (a new guest or a sign-in asks again) and character on screen. */
  line: (viewer: ViewerKey, { characterId, sharedLink }: QueueParams) =>
    ["waiting-room", viewer, characterId, sharedLink] as const,
};

/** `GET /api/queue?character_id=…&shared_link=…`: the caller's place in the waiting room. */
export function fetchQueue(
  { characterId, sharedLink }: QueueParams,
  signal?: AbortSignal,
): Promise<QueueAnswer> {
  const search = new URLSearchParams();
  if (characterId) search.set("character_id", characterId);
  search.set("shared_link", String(sharedLink));
  return apiFetch(`/queue?${search.toString()}`, { schema: queueAnswerSchema, signal });
}
