import type {
  ChatLorebooks,
  Lorebook,
  LorebookDetail,
  LorebookSummary,
  PromptReport,
  PromptReportResponse,
} from "@hearth/contracts";
import { promptReportSchema } from "@hearth/contracts";
import type { LorebookRow } from "../../db/schema";
import type { ChatBookRow } from "./repository";

/** The stored book (written only by this module, always in Hearth's form). */
export const bookOf = (row: Pick<LorebookRow, "book">): Lorebook => row.book as Lorebook;

export function presentLorebookSummary(row: LorebookRow): LorebookSummary {
  return {
    id: row.id,
    name: row.name,
    description: bookOf(row).description,
    entry_count: row.entryCount,
    all_chats: row.allChats,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentLorebook(row: LorebookRow): LorebookDetail {
  return { ...presentLorebookSummary(row), book: bookOf(row) };
}

export type CharacterBookFacts = {
  characterId: string;
  characterName: string;
  name: string;
  entryCount: number;
  enabled: boolean;
};

/** The books of a chat. The character's embedded book is named and counted, never its entries. */
export function presentChatLorebooks(
  characterBook: CharacterBookFacts | null,
  books: ChatBookRow[],
): ChatLorebooks {
  return {
    character_book: characterBook && {
      character_id: characterBook.characterId,
      character_name: characterBook.characterName,
      name: characterBook.name,
      entry_count: characterBook.entryCount,
      enabled: characterBook.enabled,
    },
    books: books.map((book) => ({
      id: book.id,
      name: book.name,
      entry_count: book.entryCount,
      attached: book.chatEnabled === null ? "all_chats" : "chat",
      enabled: book.chatEnabled ?? book.allChats,
    })),
  };
}

/**
 * A reply's prompt report. When the viewer may not see the character's definition, the entries of its
 * embedded book show their names only: why they fired (their keys) is left out.
 */
export function presentPromptReport(
  messageId: string | null,
  stored: Record<string, unknown> | null,
  definitionVisible: boolean,
): PromptReportResponse {
  const parsed = stored ? promptReportSchema.safeParse(stored) : null;
  if (!parsed?.success) return { message_id: messageId, report: null };
  const report: PromptReport = {
    ...parsed.data,
    fired: parsed.data.fired.map((entry) =>
      entry.source_kind === "character" && !definitionVisible
        ? { ...entry, reason: { kind: "hidden" } }
        : entry,
    ),
  };
  return { message_id: messageId, report };
}
