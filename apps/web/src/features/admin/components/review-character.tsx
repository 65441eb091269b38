import type { ReviewCharacter, ReviewMessage, ReviewReport } from "@hearth/contracts";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../components/ui/cn";
import { formatDateTime } from "../lib/format";

/** The flags an admin acts on, as badges: visibility, NSFW, underage, deleted, moderation status. */
export function CharacterFlags({ character }: { character: ReviewCharacter }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant="neutral">{character.visibility}</Badge>
      {character.is_nsfw ? <Badge variant="accent">NSFW</Badge> : null}
      {character.is_underage ? <Badge variant="danger">Underage</Badge> : null}
      {character.is_deleted ? <Badge variant="danger">Deleted</Badge> : null}
      {character.moderation_status ? (
        <Badge variant="brand">{character.moderation_status.replaceAll("_", " ")}</Badge>
      ) : null}
    </div>
  );
}

/** The reported character as an admin sees it: card, flags and its definition. */
export function ReviewCharacterCard({ character }: { character: ReviewCharacter }) {
  const initial = Array.from(character.name.trim())[0]?.toUpperCase() ?? "?";
  return (
    <article
      aria-label={`Character ${character.name}`}
      className="flex flex-col gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-3"
    >
      <div className="flex gap-3">
        <div className="h-24 w-20 shrink-0 overflow-hidden rounded-xl bg-surface-2">
          {character.avatar_url ? (
            <img src={character.avatar_url} alt="" className="h-full w-full object-cover" />
          ) : (
            <div
              aria-hidden="true"
              className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-600 to-accent-600 text-2xl font-bold text-white"
            >
              {initial}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="truncate text-base font-semibold text-text-1">
            {character.is_deleted ? (
              character.name
            ) : (
              <Link to={`/chatbot/${character.id}`} className="hover:underline focus-visible:underline">
                {character.name}
              </Link>
            )}
          </h3>
          {character.title ? (
            <p className="line-clamp-2 text-[13px] leading-snug text-text-2">{character.title}</p>
          ) : null}
          <p className="truncate text-xs text-text-3">
            by {character.creator_username ? `@${character.creator_username}` : character.creator_user_id}
          </p>
          <CharacterFlags character={character} />
        </div>
      </div>
      {character.tags.length ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {character.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-text-2">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="group rounded-xl bg-surface-2/60 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400">
          Definition
        </summary>
        <dl className="mt-2 flex flex-col gap-2">
          {(
            [
              ["Greeting", character.greeting],
              ["Personality", character.persona],
              ["Scenario", character.scenario],
            ] as const
          ).map(([label, text]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-text-3 uppercase">{label}</dt>
              <dd className="mt-0.5 max-h-40 overflow-y-auto whitespace-pre-wrap text-text-1 [overflow-wrap:anywhere]">
                {text || <span className="text-text-3">Empty</span>}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </article>
  );
}

/** A message report's message (highlighted) among the messages around it. */
export function ReviewMessages({ messages }: { messages: readonly ReviewMessage[] }) {
  if (!messages.length) return null;
  return (
    <section aria-label="Reported messages" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-text-1">Reported messages</h3>
      <ol className="flex flex-col gap-2">
        {messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              "rounded-xl border px-3 py-2 text-sm",
              message.reported ? "border-danger/50 bg-danger/10" : "border-surface-3 bg-surface-1",
            )}
          >
            <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-text-3">
              <span className="font-semibold text-text-2">
                {message.role === "bot" ? "Character" : "Member"}
              </span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              {message.reported ? <Badge variant="danger">Reported</Badge> : null}
            </p>
            <p className="whitespace-pre-wrap text-text-1 [overflow-wrap:anywhere]">{message.content}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Every member's report that joined a character-report review: who, what, what they expect, when. */
export function ReviewReports({ reports, total }: { reports: readonly ReviewReport[]; total: number }) {
  if (!reports.length) return null;
  return (
    <section aria-label="Reports" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-text-1">
        Reports ({total}
        {total > reports.length ? `, the first ${reports.length} shown` : ""})
      </h3>
      <ol className="flex flex-col gap-2">
        {reports.map((report) => (
          <li key={report.id} className="rounded-xl border border-surface-3 bg-surface-1 px-3 py-2 text-sm">
            <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-text-3">
              <span className="font-semibold text-text-2">
                {report.reporter_username ? `@${report.reporter_username}` : "A member without a username"}
              </span>
              <Badge variant="neutral">{report.issue}</Badge>
              <span>expects: {report.resolution}</span>
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </p>
            <p className="whitespace-pre-wrap text-text-1 [overflow-wrap:anywhere]">{report.details}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
