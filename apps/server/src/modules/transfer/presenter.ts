import {
  type ArchiveProfile,
  archiveProfileSchema,
  type ChatFileFormat,
  type ChatImportResult,
  chatImportResultSchema,
  HEARTH_CHAT_VERSION,
  type HearthChatFile,
  hearthChatFileSchema,
  type Persona,
} from "@hearth/contracts";
import { serializeSillyTavernChat, type TranscriptMessage } from "@hearth/prompt";
import type { PersonaRow, UserRow } from "../../db/schema";
import { presentPersona } from "../personas/index";
import type { ConversationForExport, ExportedMessage } from "./repository";

/**
 * Every answer of this module: the chat files (Hearth's JSON through its contracts schema, SillyTavern's
 * JSONL through packages/prompt), the import result, and the archive's profile and personas.
 */

/** Where a message imported from Hearth's JSON keeps the name of the group member who wrote it. */
export const SPEAKER_EXTRA = "speaker_name";

export type ExportedChat = ConversationForExport & {
  messages: ExportedMessage[];
  /** Names of the group members who wrote messages, by character id. */
  speakers: Map<string, string>;
  /** The member's own name, for chats without a persona. */
  memberName: string;
};

function speakerOf(message: ExportedMessage, chat: ExportedChat): string | null {
  if (message.role !== "bot") return null;
  const named = message.characterId ? chat.speakers.get(message.characterId) : undefined;
  if (named) return named;
  const kept = message.extras?.[SPEAKER_EXTRA];
  return typeof kept === "string" ? kept : null;
}

/** Hearth's own chat file (contracts `hearthChatFileSchema`, version HEARTH_CHAT_VERSION). */
export function presentHearthChat(chat: ExportedChat, now: Date): HearthChatFile {
  const { conversation } = chat;
  return hearthChatFileSchema.parse({
    format: "hearth-chat",
    version: HEARTH_CHAT_VERSION,
    exported_at: now.toISOString(),
    conversation: {
      id: conversation.id,
      label: conversation.label,
      created_at: conversation.createdAt.toISOString(),
      group_mode: conversation.groupMode,
    },
    character: chat.character,
    characters: chat.members,
    persona: chat.persona ? { name: chat.persona.name } : null,
    import_meta: conversation.importMeta,
    messages: chat.messages.map((message) => {
      const speaker = message.characterId ? chat.speakers.get(message.characterId) : undefined;
      return {
        role: message.role,
        content: message.content,
        alternates: message.alternates,
        alternate_index: message.alternateIndex,
        created_at: message.createdAt.toISOString(),
        persona_name: message.personaName,
        speaker:
          message.role === "bot" && message.characterId && speaker
            ? { character_id: message.characterId, name: speaker }
            : null,
        extras: message.extras,
      };
    }),
  } satisfies HearthChatFile);
}

/** SillyTavern's chat JSONL; a chat imported from it gives back the file it came from. */
export function presentSillyTavernChat(chat: ExportedChat): string {
  const messages: TranscriptMessage[] = chat.messages.map((message) => ({
    role: message.role,
    content: message.content,
    alternates: message.alternates,
    alternateIndex: message.alternateIndex,
    createdAt: message.createdAt,
    personaName: message.personaName,
    speakerName: speakerOf(message, chat),
    extras: message.extras,
  }));
  return serializeSillyTavernChat({
    userName: chat.persona?.name ?? chat.memberName,
    characterName: chat.character.name,
    createdAt: chat.conversation.createdAt,
    meta: chat.conversation.importMeta,
    messages,
  });
}

export function presentImportResult(result: {
  conversationId: string;
  characterId: string;
  format: ChatFileFormat;
  messageCount: number;
}): ChatImportResult {
  return chatImportResultSchema.parse({
    conversation_id: result.conversationId,
    character_id: result.characterId,
    format: result.format,
    message_count: result.messageCount,
  } satisfies ChatImportResult);
}

/** profile.json of the archive: never the password hash, the API key or any session data. */
export function presentArchiveProfile(user: UserRow): ArchiveProfile {
  return archiveProfileSchema.parse({
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    avatar_url: user.avatarUrl,
    highlights: user.highlights,
    role: user.role,
    show_nsfw: user.showNsfw,
    blur_nsfw_avatars: user.blurNsfwAvatars,
    openai_mode: user.openaiMode,
    openai_api_key_hint: user.openaiApiKeyHint,
    created_at: user.createdAt.toISOString(),
  } satisfies ArchiveProfile);
}

export function presentArchivePersonas(rows: PersonaRow[]): Persona[] {
  return rows.map(presentPersona);
}
