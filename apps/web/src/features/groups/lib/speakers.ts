import type { ConversationGroup, GroupMember, GroupMode } from "@hearth/contracts";

export type Speaker = { id: string; name: string; avatarUrl: string | null };

/** Who wrote a message of the group: a character of it now, or one removed since (its messages stay). */
export function speakerOf(
  group: ConversationGroup | null | undefined,
  speakerId: string | null | undefined,
): Speaker | null {
  if (!group || !speakerId) return null;
  const found = group.members.find((m) => m.id === speakerId) ?? group.former.find((m) => m.id === speakerId);
  return found ? { id: found.id, name: found.name, avatarUrl: found.avatar_url } : null;
}

/** The group's names as one line: "Aria, Bram and Cleo". */
export function groupNames(members: readonly Pick<GroupMember, "name">[]): string {
  const names = members.map((m) => m.name);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export const GROUP_MODE_LABELS: Record<GroupMode, { label: string; hint: string }> = {
  natural: {
    label: "Natural",
    hint: "Whoever you name answers; otherwise the most talkative characters speak more.",
  },
  list: { label: "List order", hint: "Characters take turns in the order of the list." },
  manual: { label: "You pick", hint: "You choose who answers each message." },
};

/** The id list with one character moved by `delta` places (within bounds). */
export function moved(ids: readonly string[], id: string, delta: number): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
