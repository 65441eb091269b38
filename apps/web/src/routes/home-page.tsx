import type { Character } from "@hearth/contracts";
import { Compass, Plus, SearchX, Sparkles } from "lucide-react";
import { useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { Button, ButtonLink } from "../components/ui/button";
import { cn } from "../components/ui/cn";
import { useCharacters } from "../features/characters/api/list-characters";
import { CharacterAvatar, fallbackGradient } from "../features/characters/components/character-avatar";
import { CharacterGrid, GridMessage } from "../features/characters/components/character-grid";
import { TagFilter } from "../features/characters/components/tag-filter";
import { collectTags, filterByTag } from "../features/characters/lib/tags";
import { useHideNsfwAvatars } from "../features/characters/lib/use-hide-nsfw-avatars";
import { useAppConfig } from "../lib/app-config";

const GRID_HEADING_ID = "popular-characters-heading";

/** Home: hero, tag filter (kept in `?tag=`) and the popular characters grid. */
export function HomePage() {
  const { data: config } = useAppConfig();
  const characters = useCharacters();
  const [searchParams, setSearchParams] = useSearchParams();
  const gridHeadingRef = useRef<HTMLHeadingElement>(null);

  const selectedTag = searchParams.get("tag")?.trim() || null;
  const all = characters.data;
  const tags = useMemo(() => collectTags(all ?? []), [all]);
  const visible = useMemo(() => (all ? filterByTag(all, selectedTag) : undefined), [all, selectedTag]);

  function selectTag(tag: string | null) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tag) next.set("tag", tag);
        else next.delete("tag");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function browse() {
    const heading = gridHeadingRef.current;
    if (!heading) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    heading.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    heading.focus({ preventScroll: true });
  }

  const filteredEmpty = Boolean(selectedTag) && all !== undefined && all.length > 0 && visible?.length === 0;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 pt-4 pb-16 sm:px-6 sm:pt-6 lg:px-8">
      <Hero
        brandName={config?.branding.name}
        featured={all?.slice(0, 3) ?? []}
        featuredLoading={characters.isPending}
        onBrowse={browse}
      />

      <section aria-labelledby={GRID_HEADING_ID} className="flex scroll-mt-20 flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <h2
            id={GRID_HEADING_ID}
            ref={gridHeadingRef}
            tabIndex={-1}
            className="scroll-mt-20 rounded-md text-xl font-bold tracking-tight text-text-1 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 sm:text-2xl"
          >
            Popular characters
          </h2>
          <p aria-live="polite" className="text-sm text-text-3">
            {resultSummary(all, visible, selectedTag)}
          </p>
        </div>

        {tags.length > 0 || selectedTag ? (
          <TagFilter tags={tags} selected={selectedTag} onSelect={selectTag} />
        ) : null}

        <CharacterGrid
          characters={filteredEmpty ? [] : visible}
          isLoading={characters.isPending}
          error={characters.error}
          onRetry={() => void characters.refetch()}
          isRetrying={characters.isFetching}
          labelledBy={GRID_HEADING_ID}
          empty={
            filteredEmpty ? (
              <GridMessage
                icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
                title={`No characters tagged “${selectedTag}”`}
                description="Try another tag, or browse everything."
                action={
                  <Button variant="secondary" onClick={() => selectTag(null)}>
                    Show all characters
                  </Button>
                }
              />
            ) : (
              <GridMessage
                icon={<Sparkles aria-hidden="true" className="h-6 w-6" />}
                title="No characters yet"
                description="Be the first to bring a character to life. It takes a name, a greeting and a bit of imagination."
                action={
                  <ButtonLink to="/chatbot/create">
                    <Plus aria-hidden="true" className="h-4 w-4" />
                    Create a character
                  </ButtonLink>
                }
              />
            )
          }
        />
      </section>
    </div>
  );
}

function resultSummary(
  all: readonly Character[] | undefined,
  visible: readonly Character[] | undefined,
  tag: string | null,
): string {
  if (!all || !visible || all.length === 0) return "";
  const noun = visible.length === 1 ? "character" : "characters";
  return tag ? `${visible.length} ${noun} tagged “${tag}”` : `${visible.length} ${noun}`;
}

type HeroProps = {
  brandName: string | undefined;
  featured: readonly Character[];
  featuredLoading: boolean;
  onBrowse: () => void;
};

function Hero({ brandName, featured, featuredLoading, onBrowse }: HeroProps) {
  return (
    <section
      aria-labelledby="home-hero-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-surface-1 px-5 py-7 ring-1 ring-surface-3 sm:px-10 sm:py-10"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -left-16 -z-10 h-72 w-72 rounded-full bg-brand-500/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-10 -bottom-28 -z-10 h-80 w-80 rounded-full bg-accent-500/25 blur-3xl"
      />
      <div className="flex items-center gap-10">
        <div className="flex max-w-2xl flex-1 flex-col items-start gap-4 sm:gap-5">
          <p className="inline-flex min-h-7 items-center gap-1.5 rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold text-text-2 ring-1 ring-surface-3">
            <Sparkles aria-hidden="true" className="h-3.5 w-3.5 text-brand-500" />
            {brandName ? `Welcome to ${brandName}` : "Welcome"}
          </p>
          <h1
            id="home-hero-heading"
            className="text-[1.75rem] leading-tight font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl lg:text-[2.75rem]"
          >
            Chat with characters made by a community of{" "}
            <span className="bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-transparent">
              storytellers
            </span>
          </h1>
          <p className="max-w-xl text-[15px] text-pretty text-text-2 sm:text-lg">
            Roleplay, adventures, companions and writing partners. Pick a character and start talking, or
            create your own and share it with everyone.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to="/chatbot/create" size="lg">
              <Plus aria-hidden="true" className="h-5 w-5" />
              Create a character
            </ButtonLink>
            <Button variant="secondary" size="lg" onClick={onBrowse}>
              <Compass aria-hidden="true" className="h-5 w-5" />
              Browse characters
            </Button>
          </div>
        </div>
        <FeaturedStack characters={featured} loading={featuredLoading} />
      </div>
    </section>
  );
}

/** Decorative fan of the three most popular characters, desktop only. */
function FeaturedStack({ characters, loading }: { characters: readonly Character[]; loading: boolean }) {
  const hideNsfw = useHideNsfwAvatars();
  const slots = [0, 1, 2] as const;
  const placement = [
    "left-0 top-8 -rotate-6",
    "left-1/2 top-0 z-10 -translate-x-1/2",
    "right-0 top-8 rotate-6",
  ] as const;
  return (
    <div aria-hidden="true" className="relative hidden h-64 w-[22rem] shrink-0 lg:block">
      {slots.map((slot) => {
        const character = characters[slot];
        return (
          <div
            key={slot}
            className={cn(
              "absolute h-56 w-40 overflow-hidden rounded-2xl bg-surface-2 shadow-2xl shadow-black/30 ring-1 ring-white/10",
              placement[slot],
            )}
          >
            {character ? (
              <>
                <CharacterAvatar
                  seed={character.id}
                  name={character.name}
                  src={character.avatar_url}
                  hidden={character.avatar_is_nsfw && hideNsfw}
                  width={176}
                  height={240}
                  alt=""
                />
                <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-3 pt-8 pb-2.5">
                  <p className="truncate text-sm font-semibold text-white">{character.name}</p>
                </div>
              </>
            ) : loading ? (
              <div className="h-full w-full animate-pulse bg-surface-2 motion-reduce:animate-none" />
            ) : (
              <div
                className={cn(
                  "flex h-full w-full items-center justify-center bg-gradient-to-br text-white/90",
                  fallbackGradient(`slot-${slot}`),
                )}
              >
                <Sparkles className="h-10 w-10" />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
