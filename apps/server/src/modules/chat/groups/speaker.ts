import { DEFAULT_TALKATIVENESS, type GroupMode } from "@hearth/contracts";

/** A character of the group as speaker choice sees it, in list order. */
export type SpeakerCandidate = { id: string; name: string; muted: boolean; talkativeness: number };

export type SpeakerChoice = {
  mode: GroupMode;
  /** The group's characters in list (position) order. */
  members: readonly SpeakerCandidate[];
  /** Who wrote the last bot message (null: nobody yet, or a character no longer in the group). */
  lastSpeakerId: string | null;
  /** The member's last message, where names are looked for (natural mode). */
  lastUserText: string | null;
  /** Makes the natural mode's talkativeness draw repeatable (the same seed, the same speaker). */
  seed: number;
};

/**
 * Who writes the next reply of a group chat, or null when the group cannot choose: manual mode (the member
 * picks), or every character muted. Muted characters are never chosen.
 * - natural: the characters named in the member's last message, the first named first (a named character
 *   answers even when it spoke last: it was addressed); else a draw weighted by each card's talkativeness
 *   (0..1) among the others than the last speaker (unless it is the only one left).
 * - list: the next unmuted character in list order after the last speaker, wrapping around.
 */
export function chooseSpeaker(choice: SpeakerChoice): string | null {
  const active = choice.members.filter((member) => !member.muted);
  if (active.length === 0 || choice.mode === "manual") return null;
  if (choice.mode === "list") return nextInList(choice.members, choice.lastSpeakerId);
  const named = choice.lastUserText ? mentionedIn(choice.lastUserText, active) : [];
  if (named[0]) return named[0].id;
  const others = active.length > 1 ? active.filter((member) => member.id !== choice.lastSpeakerId) : active;
  return weightedDraw(others, mulberry32(choice.seed)).id;
}

function nextInList(members: readonly SpeakerCandidate[], lastSpeakerId: string | null): string | null {
  const at = members.findIndex((member) => member.id === lastSpeakerId);
  for (let step = 1; step <= members.length; step += 1) {
    const member = members[(at + step) % members.length];
    if (member && !member.muted) return member.id;
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The characters whose name (or the name's first word, when it has 3 letters or more) appears in the text
 * as a whole word, any case, in the order of their first mention.
 */
export function mentionedIn(text: string, members: readonly SpeakerCandidate[]): SpeakerCandidate[] {
  const found: { member: SpeakerCandidate; at: number }[] = [];
  for (const member of members) {
    const full = member.name.trim();
    if (!full) continue;
    const first = full.split(/\s+/)[0] ?? full;
    const names = first !== full && first.length >= 3 ? [full, first] : [full];
    let at = -1;
    for (const name of names) {
      const match = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, "iu").exec(
        text,
      );
      if (match && (at < 0 || match.index < at)) at = match.index;
    }
    if (at >= 0) found.push({ member, at });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.member);
}

function weightedDraw(candidates: readonly SpeakerCandidate[], random: () => number): SpeakerCandidate {
  const weights = candidates.map((member) => clampTalkativeness(member.talkativeness));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  // Everyone silent (talkativeness 0): an even draw, so the group still answers.
  const even = total <= 0;
  let roll = random() * (even ? candidates.length : total);
  for (const [index, member] of candidates.entries()) {
    roll -= even ? 1 : (weights[index] ?? 0);
    if (roll < 0) return member;
  }
  const last = candidates.at(-1);
  if (!last) throw new Error("No candidate to draw from");
  return last;
}

const clampTalkativeness = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** A card's talkativeness (SillyTavern `extensions.talkativeness`, a number or a numeric string), 0..1. */
export function talkativenessOf(cardExtras: Record<string, unknown> | null | undefined): number {
  const extensions = cardExtras?.extensions;
  if (typeof extensions !== "object" || extensions === null) return DEFAULT_TALKATIVENESS;
  const raw = (extensions as Record<string, unknown>).talkativeness;
  const value = typeof raw === "number" ? raw : typeof raw === "string" ? Number.parseFloat(raw) : Number.NaN;
  return Number.isFinite(value) ? clampTalkativeness(value) : DEFAULT_TALKATIVENESS;
}

/** A 32-bit seed from a text (FNV-1a), e.g. the conversation id and its message count. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small seeded generator of numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
