import type {
  Character,
  CharacterCard,
  CharacterCreateBody,
  CharacterListQuery,
  CharacterUpdateBody,
  OwnCharacter,
  OwnCharacterCard,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { characters } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import type { TokenCounter } from "../llm/index";
import { decodeCursor, encodeCursor } from "./cursor";
import { canChangeVisibility, canSeeModeration, canViewCharacter, decideDelete, decideEdit } from "./policy";
import {
  presentCharacterDetail,
  presentOwnCharacter,
  presentOwnSummaries,
  presentSummaries,
} from "./presenter";
import { loadRelations } from "./relations";
import {
  browseCharacters,
  findCharacterById,
  insertCharacter,
  listOwnCharacters,
  lockCharacter,
  updateCharacter,
} from "./repository";
import { listTagSuggestions } from "./tag-suggestions";
import { countDefinitionTokens } from "./token-count";
import type { Viewer } from "./viewer";

const OWN_LIST_MAX = 500;
const PERMANENTLY_PRIVATE_MESSAGE =
  "This character was made permanently private by moderation; its visibility cannot be changed.";

/** `GET /api/characters`: listed characters, searched, tag-filtered and sorted, one keyset page. */
export async function browse(
  db: Database,
  viewer: Viewer,
  query: CharacterListQuery,
): Promise<{ data: CharacterCard[]; next_cursor: string | null }> {
  const rows = await browseCharacters(db, {
    includeNsfw: viewer.allowsNsfw,
    viewerId: viewer.userId,
    search: query.search || undefined,
    tags: query.tags,
    sort: query.sort,
    cursor: query.cursor ? decodeCursor(query.cursor, query.sort) : null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ key: last.sortKey, id: last.id }) : null;
  return { data: await presentSummaries(db, viewer, page), next_cursor: nextCursor };
}

/** One character as the viewer may see it; 404 when they may not. */
export async function getCharacter(db: Database, viewer: Viewer, id: string): Promise<Character> {
  const row = await findCharacterById(db, id);
  if (!row || !canViewCharacter(row, viewer)) throw notFound();
  const [relationOf, suggestions] = await Promise.all([
    loadRelations(db, viewer, [row]),
    canSeeModeration(row, viewer) ? listTagSuggestions(db, row.id) : Promise.resolve([]),
  ]);
  return presentCharacterDetail(row, viewer, relationOf(row), suggestions);
}

/** The character as its creator sees it, after they created, edited or imported it; 404 for anyone else. */
async function getOwnCharacter(db: Database, viewer: Viewer, id: string): Promise<OwnCharacter> {
  const row = await findCharacterById(db, id);
  if (!row || !canViewCharacter(row, viewer) || !canSeeModeration(row, viewer)) throw notFound();
  const [relationOf, suggestions] = await Promise.all([
    loadRelations(db, viewer, [row]),
    listTagSuggestions(db, row.id),
  ]);
  return presentOwnCharacter(row, viewer, relationOf(row), suggestions);
}

type Definition = Pick<
  typeof characters.$inferSelect,
  "name" | "greeting" | "persona" | "scenario" | "dialogue"
>;

/** A new character of the member; `countTokens` (the platform model's tokenizer) gives its token_count. */
export async function createCharacter(
  db: Database,
  viewer: Viewer & { userId: string },
  body: CharacterCreateBody,
  countTokens: TokenCounter,
  cardExtras: Record<string, unknown> = {},
): Promise<OwnCharacter> {
  const id = await insertCharacter(db, {
    creatorUserId: viewer.userId,
    name: body.name,
    title: body.title,
    greeting: body.greeting,
    persona: body.persona,
    scenario: body.scenario,
    dialogue: body.dialogue,
    tags: body.tags,
    avatarUrl: body.avatar_url,
    avatarIsNsfw: body.avatar_is_nsfw,
    visibility: body.visibility,
    definitionVisible: body.definition_visible,
    isNsfw: body.is_nsfw,
    language: body.language,
    cardExtras,
    tokenCount: countDefinitionTokens(body, countTokens),
  });
  return getOwnCharacter(db, viewer, id);
}

/**
 * `PATCH /api/characters/{id}`: the creator's changed fields. Refused while under review; saving a
 * fix-required character sends it back for review. The token count follows the definition (`countTokens`).
 */
export async function editCharacter(
  db: Database,
  viewer: Viewer,
  id: string,
  changes: CharacterUpdateBody,
  countTokens: TokenCounter,
): Promise<OwnCharacter> {
  await db.transaction(async (tx) => {
    const row = await lockCharacter(tx, id);
    const decision = decideEdit(row, viewer);
    if (decision === "not_found" || !row) throw notFound();
    if (decision === "not_creator")
      throw new AppError(403, "forbidden", "Only the creator can edit this character.");
    if (decision === "under_review") throw new AppError(409, "under_review");
    if (changes.visibility !== undefined && !canChangeVisibility(row)) {
      throw new AppError(403, "forbidden", PERMANENTLY_PRIVATE_MESSAGE, {
        visibility: PERMANENTLY_PRIVATE_MESSAGE,
      });
    }
    const definition: Definition = {
      name: changes.name ?? row.name,
      greeting: changes.greeting ?? row.greeting,
      persona: changes.persona ?? row.persona,
      scenario: changes.scenario ?? row.scenario,
      dialogue: changes.dialogue ?? row.dialogue,
    };
    await updateCharacter(tx, id, {
      ...definition,
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.tags !== undefined && { tags: changes.tags }),
      ...(changes.avatar_url !== undefined && { avatarUrl: changes.avatar_url }),
      ...(changes.avatar_is_nsfw !== undefined && { avatarIsNsfw: changes.avatar_is_nsfw }),
      ...(changes.visibility !== undefined && { visibility: changes.visibility }),
      ...(changes.definition_visible !== undefined && { definitionVisible: changes.definition_visible }),
      ...(changes.is_nsfw !== undefined && { isNsfw: changes.is_nsfw }),
      ...(changes.language !== undefined && { language: changes.language }),
      ...(row.moderationStatus === "fix_required" && { moderationStatus: "rereview_required" as const }),
      tokenCount: countDefinitionTokens(definition, countTokens),
    });
  });
  return getOwnCharacter(db, viewer, id);
}

/** Soft delete by the creator (the route already required delete_character). */
export async function deleteCharacter(db: Database, viewer: Viewer, id: string): Promise<void> {
  const row = await findCharacterById(db, id);
  const decision = decideDelete(row, viewer);
  if (decision === "not_found" || !row) throw notFound();
  if (decision === "not_creator")
    throw new AppError(403, "forbidden", "Only the creator can delete this character.");
  await updateCharacter(db, id, { isDeleted: true });
}

/** `GET /api/users/characters`: the caller's own characters, fix required first. */
export async function listMyCharacters(
  db: Database,
  viewer: Viewer & { userId: string },
): Promise<OwnCharacterCard[]> {
  const rows = await listOwnCharacters(db, viewer.userId, OWN_LIST_MAX);
  return presentOwnSummaries(db, viewer, rows);
}
