import {
  formatLeaderboardScore,
  formatMoney,
  type LeaderboardEntry,
  PROMOTION_TEXTS,
  type SaleOffer,
  type SalePage as SalePageData,
  type SalePopularCategory,
} from "@hearth/contracts";
import {
  Crown,
  ExternalLink,
  Gift,
  MessageCircle,
  PartyPopper,
  Sparkles,
  Trophy,
  UserRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { EmptyState } from "../../../components/ui/empty-state";
import { ApiError } from "../../../lib/api-client";
import { useSalePage, useShowcase } from "../hooks/use-sale";
import { Countdown } from "./countdown";

const checkoutHref = (offer: SaleOffer) =>
  `/checkout?plan_id=${encodeURIComponent(offer.plan_id)}&o_id=${encodeURIComponent(offer.offer_id)}`;

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const dayFormat = new Intl.DateTimeFormat("en", { month: "long", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });

/** The sale's days as "May 30 – June 3" (the last day is the one before ends_at). */
function saleDays(page: SalePageData): string {
  const last = new Date(Date.parse(page.ends_at) - 1);
  return `${dayFormat.format(new Date(page.starts_at))} – ${dayFormat.format(last)}`;
}

/**
 * The birthday sale (spec 2): shown only while the sale runs. Before the server answers nothing renders;
 * when it says no sale runs (or this is a partner host) the page goes to /not-found.
 */
export function SalePage() {
  const page = useSalePage();
  if (page.isPending) return null;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404)
      return <Navigate to="/not-found" replace />;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        <EmptyState
          alert
          icon={<PartyPopper aria-hidden="true" className="h-6 w-6" />}
          title="The sale could not be loaded"
          description="Check your connection and try again."
          action={<Button onClick={() => void page.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  return <SaleContent page={page.data} />;
}

function SaleContent({ page }: { page: SalePageData }) {
  const best = Math.max(0, ...page.first_month.map((offer) => offer.percent_off));
  return (
    <div className="flex flex-col">
      <section
        aria-labelledby="sale-title"
        className="relative isolate overflow-hidden bg-gradient-to-br from-fuchsia-700 via-brand-700 to-amber-600 px-4 pt-12 pb-16 text-center text-white sm:pt-16 sm:pb-20"
      >
        <Confetti />
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1 text-xs font-bold tracking-widest uppercase ring-1 ring-white/30">
          <PartyPopper aria-hidden="true" className="h-4 w-4" />
          Birthday sale · {saleDays(page)}
        </p>
        <h1 id="sale-title" className="mt-5 text-4xl font-black tracking-tight sm:text-6xl">
          {PROMOTION_TEXTS.saleTitle}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-base text-white/90 sm:text-lg">
          Thank you for another year of stories. Celebrate with up to{" "}
          <strong className="font-extrabold text-white">{best}% off</strong> your first month, and a year of
          any tier at its lowest price ever.
        </p>
        <div className="mt-8">
          <p className="mb-3 text-sm font-semibold text-white/85">The sale ends in</p>
          <Countdown endsAt={page.ends_at} large />
        </div>
      </section>

      <div className="mx-auto -mt-10 flex w-full max-w-6xl flex-col gap-16 px-4 pb-16 sm:px-6">
        <OfferCards offers={page.first_month} annual={page.annual} />
        <Showcase />
        <PersonaAnnouncement />
        <PopularCharacters categories={page.popular} />
        <Community links={page.community} />
      </div>
    </div>
  );
}

/** Decorative confetti behind the hero. */
function Confetti() {
  const dots = [
    "top-6 left-[8%] h-3 w-3 bg-amber-300",
    "top-20 left-[20%] h-2 w-5 rotate-45 bg-white/70",
    "top-10 right-[12%] h-4 w-4 bg-fuchsia-300",
    "top-32 right-[25%] h-2 w-2 bg-white",
    "bottom-10 left-[14%] h-2 w-6 -rotate-12 bg-amber-200",
    "bottom-16 right-[8%] h-3 w-3 bg-white/80",
    "top-1/2 left-[4%] h-2 w-2 bg-fuchsia-200",
    "bottom-6 right-[40%] h-2 w-4 rotate-12 bg-amber-300",
  ];
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute -top-24 -left-24 h-72 w-72 rounded-full bg-white/10 blur-3xl" />
      <div className="absolute -right-20 -bottom-28 h-80 w-80 rounded-full bg-amber-300/20 blur-3xl" />
      {dots.map((dot) => (
        <span key={dot} className={cn("absolute rounded-full", dot)} />
      ))}
    </div>
  );
}

function OfferCards({ offers, annual }: { offers: SaleOffer[]; annual: SaleOffer[] }) {
  return (
    <section aria-labelledby="sale-offers" className="flex flex-col gap-4">
      <h2 id="sale-offers" className="sr-only">
        Birthday offers
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {offers.map((offer, index) => {
          const year = annual.find((a) => a.role === offer.role);
          const featured = index === 1;
          return (
            <li
              key={offer.offer_id}
              className={cn(
                "relative flex flex-col rounded-3xl border bg-surface-1 p-6 shadow-2xl shadow-black/20",
                featured ? "border-brand-500 ring-2 ring-brand-500/40" : "border-surface-3",
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-lg font-bold text-text-1">{offer.name}</h3>
                <span className="rounded-full bg-gradient-to-r from-fuchsia-600 to-amber-500 px-2.5 py-1 text-xs font-black text-white">
                  -{offer.percent_off}%
                </span>
              </div>
              {featured ? (
                <Badge variant="accent" className="mt-2 self-start">
                  <Sparkles aria-hidden="true" className="mr-1 h-3 w-3" />
                  Most popular
                </Badge>
              ) : null}
              <p className="mt-5 flex items-baseline gap-2">
                <span className="text-4xl font-black text-text-1">{formatMoney(offer.price)}</span>
                <span className="text-sm text-text-3">
                  <span className="sr-only">instead of </span>
                  <s>{formatMoney(offer.list_price)}</s>
                </span>
              </p>
              <p className="mt-1 text-sm text-text-2">
                for your first month, then {formatMoney(offer.list_price)}/month. Plus taxes.
              </p>
              <ButtonLink
                to={checkoutHref(offer)}
                size="lg"
                variant={featured ? "primary" : "secondary"}
                className="mt-6"
              >
                <Gift aria-hidden="true" className="h-4 w-4" />
                <span>
                  Claim {offer.percent_off}% off{" "}
                  <span className="sr-only">
                    {offer.name} for {formatMoney(offer.price)}
                  </span>
                </span>
              </ButtonLink>
              {year ? (
                <p className="mt-4 text-center text-sm text-text-2">
                  Or a whole year for{" "}
                  <Link
                    to={checkoutHref(year)}
                    className="font-semibold text-link underline-offset-2 hover:underline"
                  >
                    {formatMoney(year.price)}
                    <span className="sr-only"> ({offer.name}, yearly)</span>
                  </Link>{" "}
                  <s className="text-text-3">{formatMoney(year.list_price)}</s>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SectionHeading({
  id,
  icon,
  title,
  lead,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  lead: string;
}) {
  return (
    <div className="mb-6 flex flex-col items-center gap-2 text-center">
      <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-500/15 text-brand-400">
        {icon}
      </span>
      <h2 id={id} className="text-2xl font-black tracking-tight text-text-1 sm:text-3xl">
        {title}
      </h2>
      <p className="max-w-xl text-sm text-text-2 sm:text-base">{lead}</p>
    </div>
  );
}

/** The latest closed leaderboard month's top creators; hidden when no month is closed or it cannot load. */
function Showcase() {
  const showcase = useShowcase();
  const data = showcase.data;
  if (!data) return null;
  const month = monthFormat.format(new Date(`${data.date}-01T00:00:00Z`));
  const columns = [
    { title: "All Bots", hits: data.allBots.hits.slice(0, 3) },
    { title: "New Bots", hits: data.newBots.hits.slice(0, 3) },
  ].filter((column) => column.hits.length > 0);
  if (columns.length === 0) return null;
  return (
    <section aria-labelledby="sale-showcase">
      <SectionHeading
        id="sale-showcase"
        icon={<Trophy aria-hidden="true" className="h-5 w-5" />}
        title="Creators Showcase"
        lead={`The creators whose characters members loved most in ${month}.`}
      />
      <div className="grid gap-4 md:grid-cols-2">
        {columns.map((column) => (
          <div key={column.title} className="rounded-3xl border border-surface-3 bg-surface-1 p-5">
            <h3 className="mb-3 text-sm font-bold tracking-wider text-text-3 uppercase">
              {column.title} · {month}
            </h3>
            <ol className="flex flex-col gap-2">
              {column.hits.map((entry) => (
                <ShowcaseRow key={entry.id} entry={entry} />
              ))}
            </ol>
          </div>
        ))}
      </div>
      <div className="mt-6 flex justify-center">
        <ButtonLink to="/creators/leaderboard" variant="secondary">
          Learn More
          <span className="sr-only"> about the creators leaderboard</span>
        </ButtonLink>
      </div>
    </section>
  );
}

const MEDALS = ["text-amber-400", "text-slate-300", "text-orange-400"];

function ShowcaseRow({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-surface-2/60 px-3 py-2">
      <Crown aria-hidden="true" className={cn("h-5 w-5 shrink-0", MEDALS[entry.rank - 1] ?? "text-text-3")} />
      <span className="sr-only">Rank {entry.rank}:</span>
      <Avatar name={entry.creator_username} src={entry.avatar_url} className="h-9 w-9 text-sm" />
      <Link
        to={`/creator/${encodeURIComponent(entry.creator_username)}`}
        className="min-w-0 flex-1 truncate font-semibold text-text-1 hover:underline"
      >
        {entry.creator_username}
      </Link>
      <span className="text-sm font-bold text-text-2 tabular-nums">
        {formatLeaderboardScore(entry.score)}
      </span>
    </li>
  );
}

function PersonaAnnouncement() {
  return (
    <section
      aria-labelledby="sale-personas"
      className="relative overflow-hidden rounded-3xl border border-accent-500/40 bg-gradient-to-br from-accent-600/25 via-surface-1 to-brand-600/20 p-6 sm:p-10"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-3xl bg-accent-500/20 text-accent-400">
          <UserRound aria-hidden="true" className="h-8 w-8" />
        </span>
        <div>
          <Badge variant="accent">Coming soon</Badge>
          <h2 id="sale-personas" className="mt-2 text-2xl font-black tracking-tight text-text-1">
            {PROMOTION_TEXTS.personaTitle}
          </h2>
          <p className="mt-2 max-w-2xl text-text-2">
            Be someone new in every story: create personas with their own name, look and backstory, and let
            each character meet the one you choose. Our next birthday present is on its way.
          </p>
        </div>
      </div>
    </section>
  );
}

function PopularCharacters({ categories }: { categories: SalePopularCategory[] }) {
  return (
    <section aria-labelledby="sale-popular">
      <SectionHeading
        id="sale-popular"
        icon={<MessageCircle aria-hidden="true" className="h-5 w-5" />}
        title="The year's most popular characters"
        lead="The characters members talked to most, overall and in two favorite genres."
      />
      <div className="grid gap-4 lg:grid-cols-3">
        {categories.map((category) => (
          <div key={category.name} className="rounded-3xl border border-surface-3 bg-surface-1 p-5">
            <h3 className="mb-3 text-lg font-bold text-text-1">{category.name}</h3>
            {category.characters.length === 0 ? (
              <p className="text-sm text-text-3">No characters here yet.</p>
            ) : (
              <ol className="flex flex-col gap-1.5">
                {category.characters.map((character, index) => (
                  <li key={character.id}>
                    <Link
                      to={`/chatbot/${character.id}`}
                      className="flex items-center gap-3 rounded-2xl px-2 py-1.5 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand-400"
                    >
                      <span className="w-5 text-right text-sm font-bold text-text-3 tabular-nums">
                        {index + 1}
                      </span>
                      <Avatar
                        name={character.name}
                        src={character.avatar_url}
                        className="h-10 w-10 text-sm"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-semibold text-text-1">{character.name}</span>
                        <span className="block truncate text-xs text-text-3">{character.title}</span>
                      </span>
                      <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-text-2 tabular-nums">
                        <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" />
                        {compact.format(character.num_messages)}
                        <span className="sr-only"> messages</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function Community({ links }: { links: SalePageData["community"] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="sale-community" className="text-center">
      <h2 id="sale-community" className="text-2xl font-black tracking-tight text-text-1">
        Celebrate with the community
      </h2>
      <p className="mt-2 text-text-2">Share your favorite stories of the year and meet other storytellers.</p>
      <ul className="mt-5 flex flex-wrap justify-center gap-3">
        {links.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex h-11 items-center gap-2 rounded-xl border border-surface-3 bg-surface-1 px-5 font-semibold text-text-1 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
            >
              {link.label}
              <ExternalLink aria-hidden="true" className="h-4 w-4 text-text-3" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
