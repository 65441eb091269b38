import {
  type ChatLorebooks,
  type ChatLoreEntryBody,
  chatLorebooksSchema,
  chatLoreEntryResultSchema,
  type LorebookCreateBody,
  type LorebookDetail,
  type LorebookEntryBody,
  type LorebookExportFormat,
  type LorebookSettingsBody,
  lorebookDetailSchema,
  lorebookEntryResultSchema,
  lorebookListSchema,
  promptReportResponseSchema,
} from "@hearth/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiFetchFile } from "../../../lib/api-client";

export const lorebookKeys = {
  all: ["lorebooks"] as const,
  list: () => [...lorebookKeys.all, "list"] as const,
  detail: (id: string) => [...lorebookKeys.all, "detail", id] as const,
  chat: (conversationId: string) => [...lorebookKeys.all, "chat", conversationId] as const,
  report: (conversationId: string) => [...lorebookKeys.all, "report", conversationId] as const,
};

const path = (id: string) => `/lorebooks/${encodeURIComponent(id)}`;
const chatPath = (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}`;

/** `GET /api/lorebooks`: the member's books, newest change first. */
export function useLorebooks(enabled = true) {
  return useQuery({
    queryKey: lorebookKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiFetch("/lorebooks", { schema: lorebookListSchema, signal })).data,
    enabled,
  });
}

export function lorebookQuery(id: string) {
  return queryOptions({
    queryKey: lorebookKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(path(id), { schema: lorebookDetailSchema, signal }),
  });
}

/** `GET /api/lorebooks/{id}`: the whole book. */
export function useLorebook(id: string) {
  return useQuery({ ...lorebookQuery(id), retry: false });
}

/** Every change answers the whole book: it goes straight into the cache, the list is read again. */
function useBookChange<V>(change: (variables: V) => Promise<LorebookDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (book) => {
      queryClient.setQueryData(lorebookKeys.detail(book.id), book);
      void queryClient.invalidateQueries({ queryKey: lorebookKeys.list() });
    },
  });
}

/** `POST /api/lorebooks`: an empty book, or an imported file (any supported format). */
export function useCreateLorebook() {
  return useBookChange((body: LorebookCreateBody) =>
    apiFetch("/lorebooks", { method: "POST", body, schema: lorebookDetailSchema }),
  );
}

export function useUpdateLorebook(id: string) {
  return useBookChange((body: LorebookSettingsBody) =>
    apiFetch(path(id), { method: "PATCH", body, schema: lorebookDetailSchema }),
  );
}

export function useAddEntry(id: string) {
  return useBookChange(
    async (body: LorebookEntryBody) =>
      (await apiFetch(`${path(id)}/entries`, { method: "POST", body, schema: lorebookEntryResultSchema }))
        .lorebook,
  );
}

export function useUpdateEntry(id: string) {
  return useBookChange(
    async ({ entryId, body }: { entryId: string; body: LorebookEntryBody }) =>
      (
        await apiFetch(`${path(id)}/entries/${encodeURIComponent(entryId)}`, {
          method: "PUT",
          body,
          schema: lorebookEntryResultSchema,
        })
      ).lorebook,
  );
}

export function useDeleteEntry(id: string) {
  return useBookChange((entryId: string) =>
    apiFetch(`${path(id)}/entries/${encodeURIComponent(entryId)}`, {
      method: "DELETE",
      schema: lorebookDetailSchema,
    }),
  );
}

export function useSetEntriesEnabled(id: string) {
  return useBookChange((body: { entry_ids: string[]; enabled: boolean }) =>
    apiFetch(`${path(id)}/entries`, { method: "PATCH", body, schema: lorebookDetailSchema }),
  );
}

export function useDeleteLorebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<void> => apiFetch(path(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lorebookKeys.all }),
  });
}

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `GET /api/lorebooks/{id}/export?format=` downloaded as a file. */
export function useExportLorebook() {
  return useMutation({
    mutationFn: async ({ id, name, format }: { id: string; name: string; format: LorebookExportFormat }) => {
      const { blob, filename } = await apiFetchFile(`${path(id)}/export?format=${format}`);
      saveBlob(blob, filename ?? `${name || "lorebook"}.json`);
    },
  });
}

/* Per chat -------------------------------------------------------------------------------------------- */

/** `GET /api/conversations/{id}/lorebooks`: the books that apply to a chat. */
export function useChatLorebooks(conversationId: string, enabled = true) {
  return useQuery({
    queryKey: lorebookKeys.chat(conversationId),
    queryFn: ({ signal }) =>
      apiFetch(`${chatPath(conversationId)}/lorebooks`, { schema: chatLorebooksSchema, signal }),
    enabled,
  });
}

/** Switches of a chat's books; each answers the chat's books afresh. */
export function useChatLorebookSwitch(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: "character"; enabled: boolean }
        | { kind: "book"; id: string; enabled: boolean }
        | { kind: "detach"; id: string },
    ): Promise<ChatLorebooks> => {
      const base = chatPath(conversationId);
      if (change.kind === "character")
        return apiFetch(`${base}/character-book`, {
          method: "PUT",
          body: { enabled: change.enabled },
          schema: chatLorebooksSchema,
        });
      const url = `${base}/lorebooks/${encodeURIComponent(change.id)}`;
      return change.kind === "detach"
        ? apiFetch(url, { method: "DELETE", schema: chatLorebooksSchema })
        : apiFetch(url, { method: "PUT", body: { enabled: change.enabled }, schema: chatLorebooksSchema });
    },
    onSuccess: (books) => queryClient.setQueryData(lorebookKeys.chat(conversationId), books),
  });
}

/** 'Add to lorebook' from a chat. */
export function useAddChatLoreEntry(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatLoreEntryBody) =>
      apiFetch(`${chatPath(conversationId)}/lore-entries`, {
        method: "POST",
        body,
        schema: chatLoreEntryResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lorebookKeys.all }),
  });
}

/** `GET /api/conversations/{id}/prompt-report`: read afresh each time the inspector opens. */
export function usePromptReport(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: lorebookKeys.report(conversationId),
    queryFn: ({ signal }) =>
      apiFetch(`${chatPath(conversationId)}/prompt-report`, { schema: promptReportResponseSchema, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
