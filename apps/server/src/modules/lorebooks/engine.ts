/**
 * The lorebook engine (packages/prompt: formats and activation), as this module uses it: one place that
 * names its functions, so the rest of the module reads its own vocabulary.
 *
 * Interim: the engine's format converters land in packages/prompt separately; until they do, the module
 * reaches them by name and answers "cannot read" when they are missing.
 */
import type { Lorebook } from "@hearth/contracts";
import * as prompt from "@hearth/prompt";

export { activateLore, type FiredEntry, type LoreSource, type SkippedEntry } from "@hearth/prompt";

type LorebookFormats = {
  parseLorebookFile(file: unknown): { format: string; book: Lorebook };
  toSillyTavernWorldInfo(book: Lorebook): unknown;
  toV3Lorebook(book: Lorebook): unknown;
  LorebookFormatError: new (...args: never[]) => Error;
};
const formats: Partial<LorebookFormats> = prompt as Partial<LorebookFormats>;

export class LorebookFormatError extends Error {}

function available<K extends keyof LorebookFormats>(name: K): LorebookFormats[K] {
  const found = formats[name];
  if (!found) throw new LorebookFormatError("Lorebook files cannot be read yet.");
  return found;
}

export function parseLorebookFile(file: unknown): { format: string; book: Lorebook } {
  try {
    return available("parseLorebookFile")(file);
  } catch (error) {
    const EngineError = formats.LorebookFormatError;
    if (EngineError && error instanceof EngineError) throw new LorebookFormatError(error.message);
    throw error;
  }
}
export const toSillyTavernWorldInfo = (book: Lorebook): unknown => available("toSillyTavernWorldInfo")(book);
export const toV3Lorebook = (book: Lorebook): unknown => available("toV3Lorebook")(book);
