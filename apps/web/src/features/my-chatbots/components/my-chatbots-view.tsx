import type { OwnCharacterCard } from "@hearth/contracts";
import { Bot, Plus, SearchX, TriangleAlert } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { useMyCharacters } from "../../../api/my-characters";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { useDeleteCharacter } from "../api/delete-character";
import {
  type MySort,
  matchesFilter,
  matchesSearch,
  orderMyCharacters,
  STATUS_LABELS,
  type StatusFilter,
} from "../lib/card-status";
import { MyChatbotCard, MyChatbotCardSkeleton } from "./my-chatbot-card";

/** Card grids from the spec: 164.41px columns with gap 20 (first version), 160 and 12 (second). */
export function myGridClasses(v2: boolean): string {
  return v2
    ? "grid grid-cols-[repeat(auto-fill,minmax(160px,1fr))] gap-3"
    : "grid grid-cols-[repeat(auto-fill,minmax(164.41px,1fr))] gap-5";
}

const FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All chatbots" },
  { value: "public", label: STATUS_LABELS.public },
  { value: "unlisted", label: STATUS_LABELS.unlisted },
  { value: "private", label: STATUS_LABELS.private },
  { value: "review", label: STATUS_LABELS.review },
  { value: "action", label: STATUS_LABELS.action },
];

const SORTS: readonly { value: MySort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "messages", label: "Most messages" },
  { value: "name", label: "Name" },
];

type MyChatbotsViewProps = {
  /** The second grid version (flag my_chatbots_v2). */
  v2: boolean;
  canDelete: boolean;
  hideNsfwAvatars: boolean;
  /** The Drafts card, first in the grid (null when there are no drafts). */
  draftsCard: ReactNode;
};

/** My Chatbots: search, filter, sort, a grid of own bots (fix-required first) and delete with confirmation. */
export function MyChatbotsView({ v2, canDelete, hideNsfwAvatars, draftsCard }: MyChatbotsViewProps) {
  const query = useMyCharacters();
  const remove = useDeleteCharacter();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [sort, setSort] = useState<MySort>("newest");
  const [pendingDelete, setPendingDelete] = useState<OwnCharacterCard | null>(null);

  const all = query.data;
  const shown = useMemo(
    () =>
      orderMyCharacters(
        (all ?? []).filter((c) => matchesFilter(c, filter) && matchesSearch(c, search)),
        sort,
      ),
    [all, filter, search, sort],
  );
  const gridClasses = myGridClasses(v2);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading your chatbots" className={gridClasses}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <MyChatbotCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (query.isError) {
    content = (
      <Message
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" className="h-6 w-6" />}
        title="We couldn't load your chatbots"
        description={query.error.message}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        }
      />
    );
  } else if (!all?.length) {
    content = (
      <>
        {draftsCard ? <div className={gridClasses}>{draftsCard}</div> : null}
        <Message
          icon={<Bot aria-hidden="true" className="h-6 w-6" />}
          title="You haven't created any chatbots yet"
          description="Bring a character to life: give it a name, a greeting and a personality."
          action={
            <ButtonLink to="/chatbot/create">
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create a chatbot
            </ButtonLink>
          }
        />
      </>
    );
  } else {
    content = (
      <>
        <ul aria-label="Your chatbots" className={gridClasses}>
          {draftsCard && filter === "all" && !search ? <li className="min-w-0">{draftsCard}</li> : null}
          {shown.map((character) => (
            <li key={character.id} className="min-w-0">
              <MyChatbotCard
                character={character}
                hideAvatar={character.avatar_is_nsfw && hideNsfwAvatars}
                onDelete={canDelete ? () => setPendingDelete(character) : undefined}
              />
            </li>
          ))}
        </ul>
        {shown.length === 0 ? (
          <Message
            icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
            title="No chatbots match"
            description="Try another search or filter."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch("");
                  setFilter("all");
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">My Chatbots</h1>
          <p className="mt-1 text-sm text-text-2">
            {all?.length ? `${all.length} chatbot${all.length === 1 ? "" : "s"}` : "Chatbots you created"}
          </p>
        </div>
        <ButtonLink to="/chatbot/create">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create
        </ButtonLink>
      </div>

      {all?.length ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="flex-1">
            <label htmlFor="my-chatbots-search" className="sr-only">
              Search your chatbots
            </label>
            <input
              id="my-chatbots-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search your chatbots"
              className={inputClasses}
            />
          </div>
          <div className="flex gap-2">
            <Select label="Filter" value={filter} options={FILTERS} onChange={setFilter} />
            <Select label="Sort" value={sort} options={SORTS} onChange={setSort} />
          </div>
        </div>
      ) : null}

      {content}

      <Dialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPendingDelete(null);
            remove.reset();
          }
        }}
        title={`Delete ${pendingDelete?.name ?? "this chatbot"}?`}
        description="The chatbot and its profile are removed for everyone. This cannot be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => {
                if (!pendingDelete) return;
                remove.mutate(pendingDelete.id, { onSuccess: () => setPendingDelete(null) });
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        {remove.isError ? (
          <p role="alert" className="text-sm text-danger">
            {remove.error.message || "The chatbot could not be deleted."}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = `my-chatbots-${label.toLowerCase()}`;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="text-sm text-text-3">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={cn(inputClasses, "min-w-0 py-2.5 pr-8")}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Message({
  icon,
  title,
  description,
  action,
  tone = "neutral",
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  tone?: "neutral" | "danger";
}) {
  return (
    <div
      role={tone === "danger" ? "alert" : undefined}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1/60 px-6 py-14 text-center"
    >
      <div
        className={cn(
          "flex h-12 w-12 items-center justify-center rounded-full",
          tone === "danger" ? "bg-danger/15 text-danger" : "bg-brand-500/15 text-brand-500",
        )}
      >
        {icon}
      </div>
      <p className="text-base font-semibold text-text-1">{title}</p>
      {description ? <p className="max-w-md text-sm text-text-2">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
