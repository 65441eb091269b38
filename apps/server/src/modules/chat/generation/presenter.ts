import type { ReplyStreamStop } from "@hearth/contracts";

/** `DELETE /api/generate/{stream_id}`: the reply was asked to stop. */
export function presentReplyStop(): ReplyStreamStop {
  return { stopped: true };
}
