import type { Character } from "@hearth/contracts";

/**
 * The default (v2) chat layout's backdrop: the character's picture fills the screen behind the chat,
 * blurred and darkened towards the input so text stays readable.
 */
export function ChatBackdrop({ avatarUrl }: { avatarUrl: string | null }) {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-0 overflow-hidden">
      {avatarUrl ? (
        <img src={avatarUrl} alt="" className="h-full w-full scale-110 object-cover opacity-70 blur-xl" />
      ) : (
        <div className="h-full w-full bg-gradient-to-br from-brand-900 via-surface-0 to-accent-900 opacity-70" />
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-surface-0/40 via-surface-0/60 to-surface-0/95" />
    </div>
  );
}

/** The v2 layout's title at the top of the conversation: the character's picture, name and tagline. */
export function ChatHero({ character }: { character: Pick<Character, "name" | "title" | "avatar_url"> }) {
  return (
    <div className="mb-6 flex flex-col items-center gap-3 pt-4 text-center">
      <div className="h-24 w-24 overflow-hidden rounded-full shadow-2xl ring-4 ring-brand-500/40 sm:h-28 sm:w-28">
        {character.avatar_url ? (
          <img src={character.avatar_url} alt="" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-4xl font-bold text-white">
            {Array.from(character.name)[0]?.toUpperCase()}
          </div>
        )}
      </div>
      <div>
        <h1 className="text-2xl font-extrabold text-text-1">{character.name}</h1>
        {character.title ? <p className="mt-1 max-w-md text-sm text-text-2">{character.title}</p> : null}
      </div>
    </div>
  );
}
