import type { ConversationGroup, GenerateRequest, Message } from "@hearth/contracts";
import { useCallback, useRef, useState } from "react";
import { useGroup } from "../api/groups";
import { type Speaker, speakerOf } from "../lib/speakers";

export type GroupChat = {
  group: ConversationGroup | null;
  /** Manual mode: who answers the next message (the first unmuted character until the member picks). */
  nextSpeakerId: string | null;
  pickNext: (id: string) => void;
  /** What a sent message's generate request carries (manual mode's pick). */
  requestExtras: () => Pick<GenerateRequest, "speaker_id">;
  /** A message's speaker (a group's bot message), null otherwise. */
  speakerOf: (message: Pick<Message, "role" | "speaker_id">) => Speaker | null;
};

/** A conversation's group for the chat page: its characters, their labels and manual mode's pick. */
export function useGroupChat(conversationId: string | undefined, enabled: boolean): GroupChat {
  const query = useGroup(conversationId, enabled);
  const group = query.data ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const active = group?.members.filter((member) => !member.muted) ?? [];
  const nextSpeakerId =
    group?.mode === "manual"
      ? (active.find((member) => member.id === picked)?.id ?? active[0]?.id ?? group.members[0]?.id ?? null)
      : null;
  const nextRef = useRef(nextSpeakerId);
  nextRef.current = nextSpeakerId;
  const groupRef = useRef(group);
  groupRef.current = group;
  const requestExtras = useCallback(
    (): Pick<GenerateRequest, "speaker_id"> => (nextRef.current ? { speaker_id: nextRef.current } : {}),
    [],
  );
  const speakerOfMessage = useCallback(
    (message: Pick<Message, "role" | "speaker_id">) =>
      message.role === "bot" ? speakerOf(groupRef.current, message.speaker_id) : null,
    [],
  );
  return { group, nextSpeakerId, pickNext: setPicked, requestExtras, speakerOf: speakerOfMessage };
}
