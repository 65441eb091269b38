import {
  type ChatExportQuery,
  type ChatFileFormat,
  type ChatImportBody,
  type ChatImportResult,
  type HearthChatFile,
  hearthChatFileSchema,
  TRANSFER_LIMITS,
} from "@hearth/contracts";
import {
  ChatFileError,
  nextTimestamp,
  notAfter,
  parseSillyTavernChat,
  type TranscriptLimits,
  type TranscriptMessage,
} from "@hearth/prompt";
import type { Database } from "../../db/client";
import { fileBaseName } from "../../http/download";
import { AppError, notFound } from "../../http/errors";
import { isCreatorBlocked } from "../blocks/index";
import { findCharacterById } from "../characters/index";
import { can, type TransferActor } from "./policy";
import {
  type ExportedChat,
  presentHearthChat,
  presentImportResult,
  presentSillyTavernChat,
  SPEAKER_EXTRA,
} from "./presenter";
import {
  characterNames,
  findAccount,
  findConversationForExport,
  insertImportedConversation,
  listMessagesForExport,
} from "./repository";

export type ExportedFile = { filename: string; contentType: string; body: string };

export const LIMITS: TranscriptLimits = {
  maxMessages: TRANSFER_LIMITS.importMaxMessages,
  maxChars: TRANSFER_LIMITS.messageMaxChars,
  maxAlternates: TRANSFER_LIMITS.alternatesMax,
  maxNameChars: TRANSFER_LIMITS.nameMax,
};

/** One of the member's conversations with everything an export writes; null for anyone else's. */
export async function loadChat(db: Database, owner: TransferActor, id: string): Promise<ExportedChat | null> {
  const found = await findConversationForExport(db, id, owner);
  if (!found || !can(owner, "export_chat", found.conversation)) return null;
  const messages = await listMessagesForExport(db, id);
  const speakerIds = [...new Set(messages.flatMap((m) => (m.characterId ? [m.characterId] : [])))];
  const [speakers, account] = await Promise.all([
    characterNames(db, speakerIds),
    findAccount(db, owner.userId),
  ]);
  return { ...found, messages, speakers, memberName: account?.name ?? account?.username ?? "You" };
}

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

/** The file name of a chat: its character's name, its date, a short id (unique within an archive). */
export function chatFileName(chat: ExportedChat, format: ChatFileFormat): string {
  const base = `${fileBaseName(chat.character.name, "chat")}-${dateOf(chat.conversation.createdAt)}-${chat.conversation.id.slice(0, 8)}`;
  return format === "sillytavern" ? `${base}.jsonl` : `${base}.hearth.json`;
}

/** A chat as a file in one format. */
export function chatFile(chat: ExportedChat, format: ChatFileFormat, now = new Date()): ExportedFile {
  return format === "sillytavern"
    ? {
        filename: chatFileName(chat, format),
        contentType: "application/x-ndjson; charset=utf-8",
        body: presentSillyTavernChat(chat),
      }
    : {
        filename: chatFileName(chat, format),
        contentType: "application/json; charset=utf-8",
        body: `${JSON.stringify(presentHearthChat(chat, now), null, 2)}\n`,
      };
}

/** `GET /api/conversations/{id}/export`: the member's conversation as a file; 404 for anyone else's. */
export async function exportConversation(
  db: Database,
  owner: TransferActor,
  id: string,
  query: ChatExportQuery,
): Promise<ExportedFile> {
  const chat = await loadChat(db, owner, id);
  if (!chat) throw notFound();
  return chatFile(chat, query.format);
}

const fileError = (message: string) => new AppError(400, "validation_error", message, { file: message });

/**
 * Hearth's JSON or SillyTavern's JSONL: Hearth's file is one JSON document naming itself (or, when it does
 * not parse, one that starts by naming itself); anything else is read as JSONL.
 */
function detectFormat(text: string): ChatFileFormat {
  const start = text.replace(/^\ufeff/, "").trimStart();
  if (!start.startsWith("{")) return "sillytavern";
  try {
    const json: unknown = JSON.parse(start);
    return typeof json === "object" && json !== null && "format" in json && json.format === "hearth-chat"
      ? "hearth"
      : "sillytavern";
  } catch {
    // Several lines (JSONL), or a broken document: its first key tells.
    return /^\{\s*"format"\s*:\s*"hearth-chat"/.test(start) ? "hearth" : "sillytavern";
  }
}

type ReadChat = { messages: TranscriptMessage[]; meta: Record<string, unknown> | null; label: string | null };

function readHearthChat(text: string, now: Date): ReadChat {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\ufeff/, ""));
  } catch {
    throw fileError("The file is not valid JSON: this is not a Hearth chat file.");
  }
  const parsed = hearthChatFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join(".")})` : "";
    throw fileError(`${issue?.message ?? "This is not a Hearth chat file"}${where}.`);
  }
  const file: HearthChatFile = parsed.data;
  let previous: Date | null = null;
  const messages = file.messages.map((message, index): TranscriptMessage => {
    if (message.alternates.length > 0 && message.alternate_index >= message.alternates.length) {
      throw fileError(`Message ${index + 1} shows an alternate it does not have (alternate_index).`);
    }
    const createdAt = nextTimestamp(new Date(message.created_at), previous, now);
    previous = createdAt;
    const speaker = message.speaker?.name.slice(0, TRANSFER_LIMITS.nameMax) ?? null;
    const extras = speaker ? { ...message.extras, [SPEAKER_EXTRA]: speaker } : message.extras;
    return {
      role: message.role,
      content: message.content,
      alternates: message.alternates.length >= 2 ? message.alternates : [],
      alternateIndex: message.alternates.length >= 2 ? message.alternate_index : 0,
      createdAt,
      personaName: message.role === "user" ? message.persona_name : null,
      speakerName: speaker,
      extras,
    };
  });
  return { messages, meta: file.import_meta, label: file.conversation.label };
}

function readChat(format: ChatFileFormat, text: string, now: Date): ReadChat {
  if (format === "hearth") return readHearthChat(text, now);
  try {
    const chat = parseSillyTavernChat(text, LIMITS, now);
    return { messages: chat.messages, meta: chat.meta, label: null };
  } catch (error) {
    if (error instanceof ChatFileError) throw fileError(error.message);
    throw error;
  }
}

/**
 * `POST /api/conversations/import`: a chat file becomes a new conversation of the member with a character
 * they may chat with, its alternates, timestamps and names kept; one transaction, so a refused or failed
 * import writes nothing.
 */
export async function importConversation(
  db: Database,
  actor: TransferActor,
  body: ChatImportBody,
  now = new Date(),
): Promise<ChatImportResult> {
  const found = await findCharacterById(db, body.character_id);
  const character = found && {
    ...found,
    creatorBlocked: await isCreatorBlocked(db, actor.userId, found.creatorUserId),
  };
  if (!character || !can(actor, "import_with", character)) {
    throw new AppError(400, "validation_error", "Choose a character you can chat with.", {
      character_id: "Choose a character you can chat with.",
    });
  }
  if (Buffer.byteLength(body.file, "utf8") > TRANSFER_LIMITS.importMaxBytes) {
    throw fileError("The file is too large; the limit is 20 MB.");
  }
  const format = body.format ?? detectFormat(body.file);
  const chat = readChat(format, body.file, now);
  if (chat.messages.length === 0) throw fileError("This chat has no messages.");
  // Dates after now would sort the chat's next messages before these: they end just before now.
  const times = notAfter(
    chat.messages.map((message) => message.createdAt),
    now,
  );
  const conversationId = await insertImportedConversation(db, {
    userId: actor.userId,
    characterId: character.id,
    label: body.label || chat.label || null,
    importMeta: chat.meta,
    messages: chat.messages.map((message, index) => ({
      role: message.role,
      content: message.content,
      alternates: message.alternates,
      alternateIndex: message.alternateIndex,
      personaName: message.personaName,
      extras: message.extras,
      createdAt: times[index] ?? message.createdAt,
    })),
  });
  return presentImportResult({
    conversationId,
    characterId: character.id,
    format,
    messageCount: chat.messages.length,
  });
}
