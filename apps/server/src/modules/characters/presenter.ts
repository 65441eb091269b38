import type { Character } from "@hearth/contracts";
import type { CharacterWithCreator } from "./repository";

export function presentCharacter(row: CharacterWithCreator, includeDefinition: boolean): Character {
  const character: Character = {
    id: row.id,
    name: row.name,
    title: row.title,
    avatar_url: row.avatarUrl,
    avatar_is_nsfw: row.avatarIsNsfw,
    creator_user_id: row.creatorUserId,
    creator_username: row.creatorUsername,
    tags: row.tags,
    greeting: row.greeting,
    visibility: row.visibility,
    definition_visible: row.definitionVisible,
    num_messages: row.numMessages,
    rating_score: row.ratingScore,
    token_count: row.tokenCount,
    language: row.language,
    is_nsfw: row.isNsfw,
    lora_status: row.loraStatus,
    created_at: row.createdAt.toISOString(),
  };
  if (includeDefinition) {
    character.persona = row.persona;
    character.scenario = row.scenario;
    character.dialogue = row.dialogue;
  }
  return character;
}
