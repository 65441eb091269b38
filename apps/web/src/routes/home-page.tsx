import { CHARACTER_SORTS, type CharacterCard, type CharacterSort } from "@hearth/contracts";
import { Clock, Compass, Flame, Hash, Plus, SearchX, Sparkles } from "lucide-react";
import { type ReactNode, useContext, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { type BrowseParams, useBrowseCharacters } from "../api/characters";
import { useAppConfig } from "../api/config";
import { useRecentConversations } from "../api/conversations";
import { Button, ButtonLink } from "../components/ui/button";
import { cn } from "../components/ui/cn";
import { Rail, RailItem } from "../components/ui/rail";
import { SearchBox, SortTabs } from "../features/characters/components/browse-controls";
import { CharacterAvatar, fallbackGradient } from "../features/characters/components/character-avatar";
import { CharacterGrid, GridMessage } from "../features/characters/components/character-grid";
import {
  CharacterRailCard,
  CharacterRailCardSkeleton,
} from "../features/characters/components/character-rail-card";
import { TagFilter } from "../features/characters/components/tag-filter";
import { collectTags } from "../features/characters/lib/tags";
import { useHideNsfwAvatars } from "../features/characters/lib/use-hide-nsfw-avatars";
import {
  ContinueChattingCard,
  ContinueChattingCardSkeleton,
} from "../features/conversations/components/continue-chatting-card";
import { LegacyOnboarding } from "../features/onboarding/components/legacy-onboarding";
import { SessionContext, useViewerKey } from "../lib/session";

const GRID_HEADING_ID = "popular-characters-heading";

/** How many popular tags get a row of their own on a member's home. */
const CATEGORY_ROWS = 3;

/**
 * Home. Signed-out visitors: a compact hero, then the Trending and New rows. Members: a greeting, their
 * recent conversations ("Continue chatting"), Trending, New and a row per popular tag. Then, for everyone,
 * search (`?q=`), tag filter (`?tag=`), sort (`?sort=`) and the paged characters grid.
 */
export function HomePage() {
  const { data: config } = useAppConfig();
  // Read without useSession(): home also renders in tests and previews that have no session at all.
  const session = useContext(SessionContext);
  const viewer = useViewerKey();
  const isMember = viewer?.[0] === "member";
  const [searchParams, setSearchParams] = useSearchParams();
  const gridHeadingRef = useRef<HTMLHeadingElement>(null);

  const search = searchParams.get("q")?.trim() ?? "";
  const selectedTag = searchParams.get("tag")?.trim() || null;
  const sortParam = searchParams.get("sort");
  const sort: CharacterSort = (CHARACTER_SORTS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as CharacterSort)
    : "popular";
  const params = useMemo(
    () => ({ search, tags: selectedTag ? [selectedTag.toLowerCase()] : [], sort }),
    [search, selectedTag, sort],
  );
  const characters = useBrowseCharacters(params);
  const pages = characters.data?.pages;
  const all = useMemo(() => pages?.flatMap((page) => page.data), [pages]);
  const filtered = Boolean(search || selectedTag);

  // Tag chips come from the unfiltered first page so they stay put while filtering.
  const unfiltered = useBrowseCharacters({ search: "", tags: [], sort });
  const tagSource = unfiltered.data?.pages[0]?.data;
  const tags = useMemo(() => collectTags(tagSource ?? []), [tagSource]);
  // Category rows: the most used tags among the most popular characters (the Trending row's query).
  const popularFirst = useBrowseCharacters(POPULAR).data?.pages[0]?.data;
  const categories = useMemo(() => collectTags(popularFirst ?? []), [popularFirst]);

  function updateParam(key: "q" | "tag" | "sort", value: string | null) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  /** "See all" of a row: the grid shows that sort or tag, and takes the focus. */
  function seeAll(change: { sort: CharacterSort } | { tag: string }) {
    if ("sort" in change) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete("q");
          next.delete("tag");
          if (change.sort === "popular") next.delete("sort");
          else next.set("sort", change.sort);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    } else {
      updateParam("tag", change.tag);
    }
    browse();
  }

  function browse() {
    const heading = gridHeadingRef.current;
    if (!heading) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    heading.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    heading.focus({ preventScroll: true });
  }

  function clearFilters() {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("q");
        next.delete("tag");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 pt-4 pb-16 sm:px-6 sm:pt-6 lg:px-8">
      {isMember ? (
        <MemberGreeting name={session?.user?.name || session?.user?.username || null} />
      ) : viewer ? (
        <Hero
          brandName={config?.branding.name}
          featured={unfiltered.data?.pages[0]?.data.slice(0, 3) ?? []}
          featuredLoading={unfiltered.isPending}
          onBrowse={browse}
        />
      ) : (
        <h1 className="sr-only">{config?.branding.name ?? "Home"}</h1>
      )}
      <LegacyOnboarding />

      {/* A search or tag filter is a question: answer it with the grid alone, not the discovery rows. */}
      {filtered ? null : (
        <div className="-mt-2 flex flex-col gap-8 sm:mt-0">
          {isMember ? <ContinueChattingRow /> : null}
          <BrowseRail
            headingId="home-trending-heading"
            title="Trending"
            icon={<Flame aria-hidden="true" className="h-5 w-5 text-orange-400" />}
            params={POPULAR}
            onSeeAll={() => seeAll({ sort: "popular" })}
          />
          <BrowseRail
            headingId="home-new-heading"
            title="New"
            icon={<Sparkles aria-hidden="true" className="h-5 w-5 text-brand-400" />}
            params={NEWEST}
            onSeeAll={() => seeAll({ sort: "newest" })}
          />
          {isMember
            ? categories
                .slice(0, CATEGORY_ROWS)
                .map(({ tag }) => (
                  <BrowseRail
                    key={tag.toLowerCase()}
                    headingId={`home-tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`}
                    title={tag}
                    icon={<Hash aria-hidden="true" className="h-5 w-5 text-accent-400" />}
                    params={{ search: "", tags: [tag.toLowerCase()], sort: "popular" }}
                    onSeeAll={() => seeAll({ tag })}
                  />
                ))
            : null}
        </div>
      )}

      <section aria-labelledby={GRID_HEADING_ID} className="flex scroll-mt-20 flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <h2
            id={GRID_HEADING_ID}
            ref={gridHeadingRef}
            tabIndex={-1}
            className="scroll-mt-20 rounded-md text-xl font-bold tracking-tight text-text-1 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 sm:text-2xl"
          >
            {GRID_HEADINGS[sort]}
          </h2>
          <p aria-live="polite" className="text-sm text-text-3">
            {resultSummary(all, search, selectedTag, Boolean(characters.hasNextPage))}
          </p>
        </div>

        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <SearchBox
            value={search}
            onSearch={(q) => updateParam("q", q || null)}
            className="md:max-w-md md:flex-1"
          />
          <SortTabs value={sort} onChange={(next) => updateParam("sort", next === "popular" ? null : next)} />
        </div>

        {tags.length > 0 || selectedTag ? (
          <TagFilter tags={tags} selected={selectedTag} onSelect={(tag) => updateParam("tag", tag)} />
        ) : null}

        <CharacterGrid
          characters={all}
          isLoading={characters.isPending}
          error={characters.isError && !all ? characters.error : null}
          onRetry={() => void characters.refetch()}
          isRetrying={characters.isFetching}
          labelledBy={GRID_HEADING_ID}
          empty={
            filtered ? (
              <GridMessage
                icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
                title={emptyTitle(search, selectedTag)}
                description="Try other words or another tag, or browse everything."
                action={
                  <Button variant="secondary" onClick={clearFilters}>
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

        {characters.hasNextPage || (characters.isFetchNextPageError && all) ? (
          <div className="flex flex-col items-center gap-2 pt-2">
            {characters.isFetchNextPageError ? (
              <p role="alert" className="text-sm text-danger">
                {characters.error?.message || "Uh oh, something went wrong"}
              </p>
            ) : null}
            <Button
              variant="secondary"
              size="lg"
              loading={characters.isFetchingNextPage}
              onClick={() => void characters.fetchNextPage()}
            >
              {characters.isFetchNextPageError ? "Try again" : "Load more"}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

const POPULAR: BrowseParams = { search: "", tags: [], sort: "popular" };
const NEWEST: BrowseParams = { search: "", tags: [], sort: "newest" };

function SeeAll({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label={`See all ${label}`}>
      See all
    </Button>
  );
}

type BrowseRailProps = {
  headingId: string;
  title: string;
  icon: ReactNode;
  params: BrowseParams;
  onSeeAll: () => void;
};

/** A row of the first page of one browse query (the same query the grid uses for that sort or tag). */
function BrowseRail({ headingId, title, icon, params, onSeeAll }: BrowseRailProps) {
  const query = useBrowseCharacters(params);
  const characters = query.data?.pages[0]?.data;
  return (
    <Rail
      headingId={headingId}
      title={title}
      icon={icon}
      action={<SeeAll label={`${title} characters`} onClick={onSeeAll} />}
      itemCount={characters?.length ?? 0}
      isLoading={query.isPending}
      error={query.isError ? query.error : null}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
      skeleton={<CharacterRailCardSkeleton />}
    >
      {characters?.map((character) => (
        <RailItem key={character.id}>
          <CharacterRailCard character={character} />
        </RailItem>
      ))}
    </Rail>
  );
}

/** The member's most recent conversations; hidden when they have none. */
function ContinueChattingRow() {
  const recent = useRecentConversations();
  const hideNsfw = useHideNsfwAvatars();
  return (
    <Rail
      headingId="home-continue-heading"
      title="Continue chatting"
      icon={<Clock aria-hidden="true" className="h-5 w-5 text-sky-400" />}
      action={
        <ButtonLink to="/chats" variant="ghost" size="sm" aria-label="See all your conversations">
          See all
        </ButtonLink>
      }
      itemCount={recent.data?.length ?? 0}
      isLoading={recent.isPending}
      error={recent.isError ? recent.error : null}
      onRetry={() => void recent.refetch()}
      isRetrying={recent.isFetching}
      errorText="Couldn't load your recent chats."
      skeleton={<ContinueChattingCardSkeleton />}
      skeletonCount={4}
    >
      {recent.data?.map((conversation) => (
        <RailItem key={conversation.id} className="flex">
          <ContinueChattingCard conversation={conversation} hideNsfwAvatar={hideNsfw} />
        </RailItem>
      ))}
    </Rail>
  );
}

function MemberGreeting({ name }: { name: string | null }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-extrabold tracking-tight text-balance text-text-1 sm:text-3xl">
        {name ? `Welcome back, ${name}` : "Welcome back"}
      </h1>
      <p className="text-sm text-text-2 sm:text-base">Pick up a conversation, or meet someone new.</p>
    </div>
  );
}

const GRID_HEADINGS: Record<CharacterSort, string> = {
  popular: "Popular characters",
  newest: "Newest characters",
  rating: "Top rated characters",
};

function emptyTitle(search: string, tag: string | null): string {
  if (search && tag) return `No characters tagged “${tag}” match “${search}”`;
  if (search) return `No characters match “${search}”`;
  return `No characters tagged “${tag}”`;
}

function resultSummary(
  all: readonly CharacterCard[] | undefined,
  search: string,
  tag: string | null,
  more: boolean,
): string {
  if (!all || all.length === 0) return "";
  const count = `${all.length}${more ? "+" : ""}`;
  const noun = all.length === 1 && !more ? "character" : "characters";
  const parts = [`${count} ${noun}`];
  if (tag) parts.push(`tagged “${tag}”`);
  if (search) parts.push(`matching “${search}”`);
  return parts.join(" ");
}

type HeroProps = {
  brandName: string | undefined;
  featured: readonly CharacterCard[];
  featuredLoading: boolean;
  onBrowse: () => void;
};

/** Medium on phones (the hero stays short), large from `sm`. */
const HERO_BUTTON = "sm:h-12 sm:px-6 sm:text-base";

function Hero({ brandName, featured, featuredLoading, onBrowse }: HeroProps) {
  return (
    <section
      aria-labelledby="home-hero-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-surface-1 px-5 py-5 ring-1 ring-surface-3 sm:px-10 sm:py-10"
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
        <div className="flex max-w-2xl flex-1 flex-col items-start gap-3 sm:gap-5">
          <p className="inline-flex min-h-7 items-center gap-1.5 rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold text-text-2 ring-1 ring-surface-3">
            <Sparkles aria-hidden="true" className="h-3.5 w-3.5 text-brand-500" />
            {brandName ? `Welcome to ${brandName}` : "Welcome"}
          </p>
          <h1
            id="home-hero-heading"
            className="text-2xl leading-tight font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl lg:text-[2.75rem]"
          >
            Chat with characters made by a community of{" "}
            <span className="bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-transparent">
              storytellers
            </span>
          </h1>
          <p className="hidden max-w-xl text-pretty text-text-2 sm:block sm:text-lg">
            Roleplay, adventures, companions and writing partners. Pick a character and start talking, or
            create your own and share it with everyone.
          </p>
          <div className="flex gap-3">
            <ButtonLink to="/chatbot/create" className={HERO_BUTTON}>
              <Plus aria-hidden="true" className="hidden h-5 w-5 sm:block" />
              Create a character
            </ButtonLink>
            {/* On phones the rows right below the hero are the way to browse. */}
            <div className="hidden sm:block">
              <Button variant="secondary" className={HERO_BUTTON} onClick={onBrowse}>
                <Compass aria-hidden="true" className="hidden h-5 w-5 sm:block" />
                Browse characters
              </Button>
            </div>
          </div>
        </div>
        <FeaturedStack characters={featured} loading={featuredLoading} />
      </div>
    </section>
  );
}

/** Decorative fan of the three most popular characters, desktop only. */
function FeaturedStack({ characters, loading }: { characters: readonly CharacterCard[]; loading: boolean }) {
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
