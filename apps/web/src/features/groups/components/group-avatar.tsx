import { Avatar } from "../../../components/ui/avatar";
import { cn } from "../../../components/ui/cn";

/** A character's round picture, with its name's initial as fallback, ringed to stand out in a stack. */
export function GroupAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null;
  className?: string;
}) {
  return <Avatar name={name} src={src} className={cn("ring-2 ring-surface-1", className)} />;
}

/** Several characters' pictures overlapping (a group chat's); the names are for the caller to show. */
export function GroupAvatars({
  characters,
  max = 4,
  className,
}: {
  characters: readonly { id: string; name: string; avatar_url: string | null }[];
  max?: number;
  className?: string;
}) {
  const shown = characters.slice(0, max);
  const more = characters.length - shown.length;
  return (
    <span className={cn("flex shrink-0 -space-x-2", className)} aria-hidden="true">
      {shown.map((character) => (
        <GroupAvatar
          key={character.id}
          name={character.name}
          src={character.avatar_url}
          className="h-8 w-8 text-xs"
        />
      ))}
      {more > 0 ? (
        <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold text-text-2 ring-2 ring-surface-1">
          +{more}
        </span>
      ) : null}
    </span>
  );
}

/** The chat header's identity for a group chat: the characters' pictures and names, and the mode. */
export function GroupHeaderIdentity({
  characters,
  detail,
}: {
  characters: readonly { id: string; name: string; avatar_url: string | null }[];
  detail: string;
}) {
  const names = characters.map((c) => c.name);
  const line = names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2.5 py-1 pr-2">
      <GroupAvatars characters={characters} max={3} />
      <span className="min-w-0">
        <span
          className="block truncate text-[15px] leading-tight font-bold text-text-1"
          data-testid="group-names"
        >
          {line}
        </span>
        <span className="block truncate text-xs leading-tight text-text-2">{detail}</span>
      </span>
    </div>
  );
}
