import type { AdminUser } from "@hearth/contracts";
import { ROLE_DISPLAY_NAMES } from "@hearth/contracts";
import { ArrowLeft, Search, UserRound, UserX } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAdminUser, useUserSearch } from "../../../api/admin";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";
import { ACTION_LABELS, formatDateTime } from "../lib/format";
import { AdminLoadError, AdminLoading } from "./admin-query-states";
import { AdminMessage, AdminShell } from "./admin-shell";
import { RESTRICTION_LABELS, RestrictionForm } from "./restriction-form";
import { CharacterFlags } from "./review-character";

/** `/admin/users`: find a member by email or username, see their characters and reviews, restrict or lift. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const selected = params.get("user");
  const [draft, setDraft] = useState(q);
  const search = useUserSearch(q);

  useEffect(() => setDraft(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = draft.trim();
    setParams(term ? { q: term } : {});
  };
  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("user", id);
    else next.delete("user");
    setParams(next);
  };

  let results: React.ReactNode;
  if (!q) {
    results = (
      <AdminMessage
        icon={<Search aria-hidden="true" className="h-6 w-6" />}
        title="Find a member"
        description="Search by email address or username."
      />
    );
  } else if (search.isPending) {
    results = <AdminLoading label="Searching members" compact />;
  } else if (search.isError) {
    results = <AdminLoadError title="We couldn't search the members" query={search} />;
  } else if (!search.data.length) {
    results = (
      <AdminMessage
        icon={<UserX aria-hidden="true" className="h-6 w-6" />}
        title="No member matches"
        description={`Nobody's email or username matches "${q}".`}
      />
    );
  } else {
    results = (
      <ul aria-label="Members found" className="flex flex-col gap-2">
        {search.data.map((user) => (
          <li key={user.id}>
            <UserRow user={user} selected={user.id === selected} onSelect={() => select(user.id)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AdminShell title="Users" description="Find a member, see what they made and set or lift a restriction.">
      <search>
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            Email or username
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Email or username"
            autoComplete="off"
            spellCheck={false}
            className={cn(inputClasses, "flex-1")}
          />
          <Button type="submit">
            <Search aria-hidden="true" className="h-4 w-4" />
            Search
          </Button>
        </form>
      </search>
      <div className="grid items-start gap-5 lg:grid-cols-[22rem_1fr]">
        <div className={cn(selected && "max-lg:hidden")}>{results}</div>
        {selected ? (
          <UserDetail id={selected} onBack={() => select(null)} />
        ) : (
          <p className="hidden rounded-2xl border border-dashed border-surface-3 px-4 py-12 text-center text-sm text-text-3 lg:block">
            Choose a member to see their details.
          </p>
        )}
      </div>
    </AdminShell>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function RestrictionBadge({ user }: { user: AdminUser }) {
  if (!user.restriction) return null;
  return <Badge variant="danger">{RESTRICTION_LABELS[user.restriction]}</Badge>;
}

function UserRow({ user, selected, onSelect }: { user: AdminUser; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      className={cn(
        "flex w-full flex-col gap-1 rounded-xl border px-3.5 py-3 text-left transition-colors",
        "focus-visible:outline-2 focus-visible:outline-brand-400",
        selected ? "border-brand-400 bg-brand-500/10" : "border-surface-3 bg-surface-1 hover:bg-surface-2",
      )}
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 truncate font-semibold text-text-1">
          {user.username ? `@${user.username}` : (user.name ?? "No username")}
        </span>
        <Badge variant="neutral">{ROLE_DISPLAY_NAMES[user.role]}</Badge>
        <RestrictionBadge user={user} />
      </span>
      <span className="truncate text-sm text-text-2">{user.email}</span>
      <span className="text-xs text-text-3">
        {plural(user.character_count, "character")} · {plural(user.report_count, "report")} filed
      </span>
    </button>
  );
}

function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useAdminUser(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = query.isSuccess;

  useEffect(() => {
    if (loaded) headingRef.current?.focus({ preventScroll: true });
  }, [loaded]);

  const back = (
    <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to results
    </Button>
  );

  if (query.isPending || query.isError) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        {query.isPending ? (
          <AdminLoading label="Loading the member" compact />
        ) : (
          <AdminLoadError title="We couldn't load this member" query={query} />
        )}
      </div>
    );
  }
  const user = query.data;
  return (
    <section aria-labelledby="admin-user-title" className="flex min-w-0 flex-col gap-4">
      {back}
      <div className="flex flex-col gap-4 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-surface-2 text-text-2">
            <UserRound aria-hidden="true" className="h-5 w-5" />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <h2
              id="admin-user-title"
              ref={headingRef}
              tabIndex={-1}
              className="truncate text-lg font-bold text-text-1 outline-none"
            >
              {user.username ? `@${user.username}` : (user.name ?? user.email)}
            </h2>
            <p className="truncate text-sm text-text-2">{user.email}</p>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="neutral">{ROLE_DISPLAY_NAMES[user.role]}</Badge>
              <RestrictionBadge user={user} />
            </div>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {(
            [
              ["Joined", formatDateTime(user.created_at)],
              ["Characters", String(user.character_count)],
              ["Reports filed", String(user.report_count)],
              ["Restricted until", user.restriction_ends_at ? formatDateTime(user.restriction_ends_at) : "—"],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl bg-surface-2/70 px-3 py-2">
              <dt className="text-xs text-text-3">{label}</dt>
              <dd className="font-medium text-text-1">{value}</dd>
            </div>
          ))}
        </dl>
        <RestrictionForm user={user} />
      </div>

      <section aria-labelledby="admin-user-characters" className="flex flex-col gap-2">
        <h3 id="admin-user-characters" className="text-sm font-semibold text-text-1">
          Characters ({user.characters.length})
        </h3>
        {user.characters.length ? (
          <ul className="flex flex-col gap-2">
            {user.characters.map((character) => (
              <li
                key={character.id}
                className="flex flex-col gap-1.5 rounded-xl border border-surface-3 bg-surface-1 px-3.5 py-2.5 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <Link
                    to={`/chatbot/${character.id}`}
                    className="font-medium text-text-1 hover:underline focus-visible:underline"
                  >
                    {character.name}
                  </Link>
                  {character.title ? (
                    <span className="block truncate text-xs text-text-3">{character.title}</span>
                  ) : null}
                </span>
                <CharacterFlags character={character} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-text-3">No characters.</p>
        )}
      </section>

      <section aria-labelledby="admin-user-reviews" className="flex flex-col gap-2">
        <h3 id="admin-user-reviews" className="text-sm font-semibold text-text-1">
          Reviews of their characters ({user.reviews.length})
        </h3>
        {user.reviews.length ? (
          <ul className="flex flex-col gap-2">
            {user.reviews.map((review) => (
              <li
                key={review.id}
                className="flex flex-col gap-1 rounded-xl border border-surface-3 bg-surface-1 px-3.5 py-2.5 text-sm"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-text-1">{review.issue}</span>
                  <Badge variant={review.status === "open" ? "brand" : "neutral"}>{review.status}</Badge>
                  {review.overdue ? <Badge variant="danger">Overdue</Badge> : null}
                  {review.status === "closed" ? (
                    <span className="text-xs text-text-3">{ACTION_LABELS[review.action_taken]}</span>
                  ) : null}
                </span>
                <span className="line-clamp-2 text-text-2">{review.details}</span>
                <span className="text-xs text-text-3">
                  {review.character?.name ?? review.character_id} · {formatDateTime(review.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-text-3">No reviews.</p>
        )}
      </section>
    </section>
  );
}
