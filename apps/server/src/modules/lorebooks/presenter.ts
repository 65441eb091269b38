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

/** The books of a chat. The characters' embedded books are named and counted, never their entries. */
export function presentChatLorebooks(
  characterBooks: CharacterBookFacts[],
  books: ChatBookRow[],
): ChatLorebooks {
  return {
    character_books: characterBooks.map((book) => ({
      character_id: book.characterId,
      character_name: book.characterName,
      name: book.name,
      entry_count: book.entryCount,
      enabled: book.enabled,
    })),
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
 * A reply's prompt report. When the viewer may not see a character's definition, the entries of its
 * embedded book show their names only: why they fired (their keys) is left out.
 */
export function presentPromptReport(
  messageId: string | null,
  stored: Record<string, unknown> | null,
  /** The characters whose definition the viewer may see. */
  definitionVisible: ReadonlySet<string>,
): PromptReportResponse {
  const parsed = stored ? promptReportSchema.safeParse(stored) : null;
  if (!parsed?.success) return { message_id: messageId, report: null };
  const report: PromptReport = {
    ...parsed.data,
    fired: parsed.data.fired.map((entry) =>
      entry.source_kind === "character" && !definitionVisible.has(entry.source_id)
        ? { ...entry, reason: { kind: "hidden" } }
        : entry,
    ),
  };
  return { message_id: messageId, report };
}
