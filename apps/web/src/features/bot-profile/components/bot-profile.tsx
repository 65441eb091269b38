import { type Character, definitionOf } from "@hearth/contracts";
import { Coins, Flag, MessageCircle, MessagesSquare, Pencil, ThumbsUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { RateChatbot } from "./rate-chatbot";
import { ShareButton } from "./share-button";
import { TagSection } from "./tag-section";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export type BotProfileProps = {
  character: Character;
  /** The profile V2 flag picks the layout. */
  v2: boolean;
  isCreator: boolean;
  signedIn: boolean;
  /** Favorite toggle (signed-in members, not on their own bot). */
  favorite?: ReactNode;
  /** Block creator (signed-in members, not on their own bot). */
  block?: ReactNode;
  /** Export as a card (creator, or anyone when the definition is visible). */
  exportMenu?: ReactNode;
};

/** The bot profile in either version: identity, actions, stats, tags, greeting and (when allowed) the definition. */
export function BotProfile(props: BotProfileProps) {
  return props.v2 ? <ProfileV2 {...props} /> : <ProfileV1 {...props} />;
}

function Avatar({ character, className }: { character: Character; className?: string }) {
  return (
    <div className={cn("overflow-hidden bg-surface-2", className)}>
      {character.avatar_url ? (
        <img src={character.avatar_url} alt={character.name} className="h-full w-full object-cover" />
      ) : (
        <div
          role="img"
          aria-label={character.name}
          className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-6xl font-bold text-white"
        >
          {Array.from(character.name.trim())[0]?.toUpperCase() ?? "?"}
        </div>
      )}
    </div>
  );
}

/** A score only from real votes: "No ratings yet" until a member rated the chatbot. */
function ratingStat(character: Pick<Character, "rating_score" | "rating_count">) {
  const { rating_score: score, rating_count: count } = character;
  if (score === null || count === 0) return { value: "No ratings yet", full: "No ratings yet" };
  const percent = Math.round(Math.min(1, Math.max(0, score)) * 100);
  const votes = `${count.toLocaleString("en-US")} ${count === 1 ? "rating" : "ratings"}`;
  return { value: `${percent}%`, full: `${percent}% positive from ${votes}` };
}

function Stats({ character, className }: { character: Character; className?: string }) {
  const rating = ratingStat(character);
  const items = [
    {
      label: "Messages",
      value: compact.format(character.num_messages),
      full: `${character.num_messages.toLocaleString("en-US")} messages`,
      icon: <MessageCircle aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: "Rating",
      value: rating.value,
      full: rating.full,
      icon: <ThumbsUp aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: "Tokens",
      value: character.token_count.toLocaleString("en-US"),
      full: `${character.token_count.toLocaleString("en-US")} tokens`,
      icon: <Coins aria-hidden="true" className="h-4 w-4" />,
    },
  ];
  return (
    <dl className={cn("grid grid-cols-3 gap-2", className)}>
      {items.map((item) => (
        <div
          key={item.label}
          title={item.full}
          className="rounded-xl bg-surface-2/70 px-3 py-2 ring-1 ring-surface-3"
        >
          <dt className="flex items-center gap-1.5 text-xs text-text-3">
            {item.icon}
            {item.label}
          </dt>
          <dd className="mt-0.5 text-lg font-bold text-text-1 tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Actions({ character, isCreator, signedIn, favorite, block, exportMenu }: BotProfileProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ButtonLink to={`/chat/${character.id}`} size="lg" className="flex-1 sm:flex-none">
        <MessagesSquare aria-hidden="true" className="h-5 w-5" />
        Chat Now
      </ButtonLink>
      {favorite}
      <ShareButton characterId={character.id} />
      {signedIn && !isCreator && character.visibility === "public" ? (
        <RateChatbot characterId={character.id} name={character.name} myRating={character.my_rating} />
      ) : null}
      {isCreator ? (
        <ButtonLink to={`/chatbot/edit/${character.id}`} variant="secondary">
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </ButtonLink>
      ) : null}
      {exportMenu}
      {block}
      {signedIn && !isCreator ? (
        <ButtonLink
          to={`/report/${character.id}`}
          variant="ghost"
          aria-label={`Report ${character.name}`}
          title="Report"
        >
          <Flag aria-hidden="true" className="h-4 w-4" />
          Report
        </ButtonLink>
      ) : null}
    </div>
  );
}

function CreatorLink({ character }: { character: Character }) {
  if (!character.creator_username) return null;
  return (
    <p className="text-sm text-text-2">
      by{" "}
      <Link
        to={`/creator/${encodeURIComponent(character.creator_username)}`}
        className="font-semibold text-link hover:underline"
      >
        @{character.creator_username}
      </Link>
    </p>
  );
}

function TextBlock({ title, text, id }: { title: string; text: string; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-5"
    >
      <h2 id={id} className="text-sm font-semibold tracking-wide text-text-3 uppercase">
        {title}
      </h2>
      <p className="text-[15px] leading-relaxed whitespace-pre-wrap text-text-1 [overflow-wrap:anywhere]">
        {text || <span className="text-text-3">Nothing here yet.</span>}
      </p>
    </section>
  );
}

/** Greeting always; personality, scenario and example dialogues only when the API sends them. */
function Definition({ character }: { character: Character }) {
  const definition = definitionOf(character);
  return (
    <div className="flex flex-col gap-4">
      <TextBlock id="profile-greeting" title="Greeting" text={character.greeting} />
      {definition ? (
        <>
          <TextBlock id="profile-personality" title="Personality" text={definition.persona} />
          <TextBlock id="profile-scenario" title="Scenario" text={definition.scenario} />
          <TextBlock id="profile-dialogues" title="Example dialogues" text={definition.dialogue} />
        </>
      ) : (
        <p className="rounded-2xl border border-dashed border-surface-3 px-4 py-3 text-sm text-text-3">
          The creator keeps this chatbot's definition private.
        </p>
      )}
    </div>
  );
}

function ProfileV2(props: BotProfileProps) {
  const { character, isCreator, signedIn } = props;
  return (
    <div className="flex w-full flex-col pb-16">
      <div className="relative isolate overflow-hidden">
        {character.avatar_url ? (
          <img
            src={character.avatar_url}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 -z-10 h-full w-full scale-110 object-cover opacity-40 blur-3xl"
          />
        ) : (
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-700/40 to-accent-600/30"
          />
        )}
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-surface-0/30 to-surface-0"
        />
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 pt-8 pb-6 sm:flex-row sm:items-end sm:gap-8 sm:px-6 sm:pt-12">
          <Avatar
            character={character}
            className="mx-auto h-56 w-44 shrink-0 rounded-3xl shadow-2xl shadow-black/40 ring-1 ring-white/10 sm:mx-0 sm:h-72 sm:w-56"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="flex flex-col gap-1 text-center sm:text-left">
              <h1 className="text-3xl font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl">
                {character.name}
              </h1>
              {character.title ? <p className="text-base text-text-2 sm:text-lg">{character.title}</p> : null}
              <CreatorLink character={character} />
            </div>
            <Stats character={character} className="sm:max-w-md" />
            <Actions {...props} />
          </div>
        </div>
      </div>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 pt-4 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <Definition character={character} />
        <aside className="order-first flex flex-col gap-4 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-5 lg:order-none lg:self-start">
          <TagSection character={character} canSuggest={signedIn && !isCreator} isCreator={isCreator} />
        </aside>
      </div>
    </div>
  );
}

function ProfileV1(props: BotProfileProps) {
  const { character, isCreator, signedIn } = props;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-8 pb-16 sm:px-6">
      <div className="flex flex-col items-center gap-4 rounded-3xl border border-surface-3 bg-surface-1 p-6 text-center">
        <Avatar character={character} className="h-36 w-36 rounded-full ring-4 ring-surface-3" />
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-extrabold tracking-tight text-text-1">{character.name}</h1>
          {character.title ? <p className="text-text-2">{character.title}</p> : null}
          <CreatorLink character={character} />
        </div>
        <Stats character={character} className="w-full max-w-md" />
        <div className="flex justify-center">
          <Actions {...props} />
        </div>
      </div>
      <div className="rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-5">
        <TagSection character={character} canSuggest={signedIn && !isCreator} isCreator={isCreator} />
      </div>
      <Definition character={character} />
    </div>
  );
}

export function BotProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading chatbot"
      className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 pt-12 sm:flex-row sm:px-6"
    >
      <div className="mx-auto h-72 w-56 shrink-0 animate-pulse rounded-3xl bg-surface-2 sm:mx-0" />
      <div className="flex flex-1 flex-col gap-3 pt-4">
        <div className="h-9 w-2/3 animate-pulse rounded-lg bg-surface-2" />
        <div className="h-5 w-1/2 animate-pulse rounded bg-surface-2" />
        <div className="h-16 w-full max-w-md animate-pulse rounded-xl bg-surface-2" />
        <div className="h-12 w-full max-w-md animate-pulse rounded-xl bg-surface-2" />
      </div>
    </div>
  );
}
