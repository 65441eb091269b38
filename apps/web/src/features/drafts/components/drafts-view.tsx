import { FileClock, FilePlus2, ShieldAlert, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useDrafts } from "../hooks/use-drafts";
import type { Draft } from "../lib/draft-storage";

/** A bot of the user's that moderation sent back for a fix; its draft opens the editor. */
export type FixRequiredBot = { id: string; name: string; avatar_url: string | null; label: string };

const gridClasses = "grid grid-cols-[repeat(auto-fill,minmax(160px,1fr))] gap-3";

/** Drafts page: local drafts (open at /chatbot/create/{id}, delete) and bots needing a fix (open the editor). */
export function DraftsView({ fixRequired }: { fixRequired: readonly FixRequiredBot[] }) {
  const { drafts, remove } = useDrafts();
  const [pending, setPending] = useState<Draft | null>(null);
  const empty = drafts.length === 0 && fixRequired.length === 0;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Drafts</h1>
          <p className="mt-1 text-sm text-text-2">Unfinished chatbots, saved on this device as you type.</p>
        </div>
        <ButtonLink to="/chatbot/create">
          <FilePlus2 aria-hidden="true" className="h-4 w-4" />
          New chatbot
        </ButtonLink>
      </div>

      {empty ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1/60 px-6 py-14 text-center">
          <div className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-500/15 text-brand-500">
            <FileClock aria-hidden="true" className="h-6 w-6" />
          </div>
          <p className="text-base font-semibold text-text-1">No drafts</p>
          <p className="max-w-md text-sm text-text-2">
            Start a chatbot and leave whenever you like: what you typed waits here.
          </p>
        </div>
      ) : (
        <ul aria-label="Drafts" className={gridClasses}>
          {fixRequired.map((bot) => (
            <li key={bot.id} className="min-w-0">
              <DraftTile
                to={`/chatbot/edit/${bot.id}`}
                name={bot.name}
                image={bot.avatar_url}
                subtitle={
                  <span className="inline-flex items-center gap-1 font-semibold text-danger">
                    <ShieldAlert aria-hidden="true" className="h-3.5 w-3.5" />
                    {bot.label}: needs a fix
                  </span>
                }
              />
            </li>
          ))}
          {drafts.map((draft) => (
            <li key={draft.id} className="min-w-0">
              <DraftTile
                to={`/chatbot/create/${draft.id}`}
                name={draft.values.name?.trim() || "Untitled draft"}
                image={draft.values.avatar_url ?? null}
                subtitle={`Edited ${new Date(draft.updated_at).toLocaleDateString()}`}
                onDelete={() => setPending(draft)}
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title="Delete this draft?"
        description="What you typed in it is removed from this device."
        footer={
          <>
            <Button variant="ghost" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (pending) remove(pending.id);
                setPending(null);
              }}
            >
              Delete draft
            </Button>
          </>
        }
      />
    </div>
  );
}

function DraftTile({
  to,
  name,
  image,
  subtitle,
  onDelete,
}: {
  to: string;
  name: string;
  image: string | null;
  subtitle: ReactNode;
  onDelete?: () => void;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-surface-1 ring-1 ring-surface-3 transition hover:ring-brand-500/50">
      <div className="aspect-[4/5] overflow-hidden bg-surface-2">
        {image ? (
          <img src={image} alt="" className="h-full w-full object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-surface-2 to-brand-700/40 text-4xl font-bold text-white/80"
          >
            {Array.from(name)[0]?.toUpperCase() ?? "?"}
          </div>
        )}
      </div>
      <div className="flex flex-1 items-start gap-2 p-3">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[15px] font-semibold text-text-1">
            <Link
              to={to}
              className="outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
            >
              {name}
            </Link>
          </h2>
          <p className="text-xs text-text-3">{subtitle}</p>
        </div>
        {onDelete ? (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete draft ${name}`}
            className="relative z-10 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-text-3 hover:bg-danger/15 hover:text-danger focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : null}
      </div>
    </article>
  );
}
