import {
  type ConversationGroup,
  type ConversationSummary,
  conversationSummarySchema,
  type GroupAnswer,
  type GroupCreate,
  type GroupUpdate,
  groupAnswerSchema,
} from "@hearth/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { conversationKeys } from "../../../api/conversations";
import { apiFetch } from "../../../lib/api-client";

export const groupKeys = {
  group: (conversationId: string) => ["groups", conversationId] as const,
};

const groupPath = (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}/group`;

/** `GET /api/conversations/{id}/group`: the conversation's group, null for a chat with one character. */
export function useGroup(conversationId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.group(conversationId ?? ""),
    queryFn: ({ signal }) => apiFetch(groupPath(conversationId ?? ""), { schema: groupAnswerSchema, signal }),
    enabled: enabled && conversationId !== undefined,
    select: (answer: GroupAnswer): ConversationGroup | null => answer.group,
    staleTime: 30_000,
    retry: false,
  });
}

/** `POST /api/group-chats`: a new group chat; answers its summary. */
export function useCreateGroupChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupCreate): Promise<ConversationSummary> =>
      apiFetch("/group-chats", { method: "POST", body, schema: conversationSummarySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists }),
  });
}

export type GroupChange =
  | { kind: "update"; body: GroupUpdate }
  | { kind: "add"; characterId: string }
  | { kind: "remove"; characterId: string }
  | { kind: "mute"; characterId: string; muted: boolean };

function sendChange(conversationId: string, change: GroupChange): Promise<GroupAnswer> {
  const base = groupPath(conversationId);
  const member = (id: string) => `${base}/characters/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case "update":
      return apiFetch(base, { method: "PUT", body: change.body, schema: groupAnswerSchema });
    case "add":
      return apiFetch(`${base}/characters`, {
        method: "POST",
        body: { character_id: change.characterId },
        schema: groupAnswerSchema,
      });
    case "remove":
      return apiFetch(member(change.characterId), { method: "DELETE", schema: groupAnswerSchema });
    case "mute":
      return apiFetch(member(change.characterId), {
        method: "PATCH",
        body: { muted: change.muted },
        schema: groupAnswerSchema,
      });
  }
}

/** Changes the group (mode, order, members, mutes); the answer replaces the cached group. */
export function useChangeGroup(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GroupChange) => sendChange(conversationId, change),
    onSuccess: (answer) => {
      queryClient.setQueryData(groupKeys.group(conversationId), answer);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  });
}
