import { VISIBILITIES } from "@hearth/contracts";
import { z } from "zod";

/** What a draft keeps: the editor's fields as typed so far (all optional, nothing validated yet). */
export const draftValuesSchema = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  greeting: z.string().optional(),
  persona: z.string().optional(),
  scenario: z.string().optional(),
  dialogue: z.string().optional(),
  tags: z.array(z.string()).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  definition_visible: z.boolean().optional(),
  is_nsfw: z.boolean().optional(),
  avatar_url: z.string().nullable().optional(),
});
export type DraftValues = z.infer<typeof draftValuesSchema>;

export const draftSchema = z.object({
  id: z.string(),
  updated_at: z.string(),
  values: draftValuesSchema,
});
export type Draft = z.infer<typeof draftSchema>;

const draftMapSchema = z.record(z.string(), z.unknown());

/** Drafts live in localStorage under one key per user, as a map from draft id to draft. */
export function draftStorageKey(userId: string): string {
  return `hearth.drafts.${userId}`;
}

function readMap(storage: Storage, userId: string): Record<string, Draft> {
  let raw: string | null;
  try {
    raw = storage.getItem(draftStorageKey(userId));
  } catch {
    return {};
  }
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  const map = draftMapSchema.safeParse(parsed);
  if (!map.success) return {};
  const drafts: Record<string, Draft> = {};
  // A damaged entry is dropped on its own; the others survive.
  for (const [id, value] of Object.entries(map.data)) {
    const draft = draftSchema.safeParse(value);
    if (draft.success && draft.data.id === id) drafts[id] = draft.data;
  }
  return drafts;
}

function writeMap(storage: Storage, userId: string, drafts: Record<string, Draft>): boolean {
  try {
    if (Object.keys(drafts).length === 0) storage.removeItem(draftStorageKey(userId));
    else storage.setItem(draftStorageKey(userId), JSON.stringify(drafts));
    return true;
  } catch {
    return false;
  }
}

/** True when a draft holds nothing worth keeping (every text blank, no tags, no avatar). */
export function isEmptyDraft(values: DraftValues): boolean {
  const texts = [
    values.name,
    values.title,
    values.greeting,
    values.persona,
    values.scenario,
    values.dialogue,
  ];
  return texts.every((t) => !t?.trim()) && !values.tags?.length && !values.avatar_url;
}

/** A user's drafts, most recently edited first. */
export function listDrafts(storage: Storage, userId: string): Draft[] {
  return Object.values(readMap(storage, userId)).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

export function getDraft(storage: Storage, userId: string, id: string): Draft | null {
  return readMap(storage, userId)[id] ?? null;
}

/** Saves (or replaces) a draft; an empty one is removed instead. Answers false when storage is unavailable. */
export function saveDraft(
  storage: Storage,
  userId: string,
  id: string,
  values: DraftValues,
  now: Date = new Date(),
): boolean {
  const drafts = readMap(storage, userId);
  if (isEmptyDraft(values)) delete drafts[id];
  else drafts[id] = { id, updated_at: now.toISOString(), values: draftValuesSchema.parse(values) };
  return writeMap(storage, userId, drafts);
}

export function deleteDraft(storage: Storage, userId: string, id: string): boolean {
  const drafts = readMap(storage, userId);
  if (!(id in drafts)) return true;
  delete drafts[id];
  return writeMap(storage, userId, drafts);
}

export function newDraftId(): string {
  return crypto.randomUUID();
}
