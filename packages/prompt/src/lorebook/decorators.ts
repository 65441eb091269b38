// Character Card V3 decorators: lines at the start of an entry's content such as "@@depth 2" or
// "@@activate". The files keep them in the content (so they are written back as they were); activation
// reads the ones Hearth has a field for and leaves all of them out of the text that goes into a prompt.

import type { LorebookEntry } from "@hearth/contracts";
import { LOREBOOK_LIMITS } from "@hearth/contracts";

const DECORATOR_LINE = /^@@(@?)([a-z_]+)(?:[ \t]+(.*))?$/;

/**
 * The entry as activation uses it: without its leading decorator lines in the content, and with
 * @@depth N (inserted at that depth), @@position before_desc / after_desc, @@activate (always) and
 * @@dont_activate (never) applied. Fallback decorators (@@@name) and unknown ones are dropped from the
 * text only. Returns the entry itself when its content starts with no decorator.
 */
export function withDecorators(entry: LorebookEntry): LorebookEntry & { dontActivate?: true } {
  if (!entry.content.startsWith("@@")) return entry;
  const lines = entry.content.split("\n");
  let effective: LorebookEntry & { dontActivate?: true } = { ...entry };
  let index = 0;
  for (; index < lines.length; index++) {
    const match = DECORATOR_LINE.exec((lines[index] as string).trimEnd());
    if (!match) break;
    if (match[1] === "@") continue;
    const name = match[2] as string;
    const value = (match[3] ?? "").trim();
    if (name === "depth" && /^\d+$/.test(value)) {
      effective = {
        ...effective,
        position: "at_depth",
        depth: Math.min(Number(value), LOREBOOK_LIMITS.depthMax),
      };
    } else if (name === "position" && (value === "before_desc" || value === "after_desc")) {
      effective = { ...effective, position: value === "before_desc" ? "before_char" : "after_char" };
    } else if (name === "activate") effective = { ...effective, constant: true };
    else if (name === "dont_activate") effective = { ...effective, dontActivate: true };
  }
  return { ...effective, content: lines.slice(index).join("\n") };
}
