import type { Persona } from "@hearth/contracts";
import { Pencil, Star, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink } from "../../../components/ui/button";
import { PersonaAvatar } from "./persona-avatar";

export type PersonaCardProps = {
  persona: Persona;
  /** Query string carried to the edit page (the "Go Back" context). */
  query: string;
  onSetDefault: (persona: Persona) => void;
  onDelete: (persona: Persona) => void;
  settingDefault: boolean;
};

export function PersonaCard({ persona, query, onSetDefault, onDelete, settingDefault }: PersonaCardProps) {
  const headingId = `persona-${persona.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-surface-3 bg-surface-1 p-4 shadow-lg shadow-black/10 transition-colors hover:border-brand-500/40"
    >
      <div className="flex items-start gap-3">
        <PersonaAvatar name={persona.name} src={persona.avatar_url} className="h-14 w-14 text-xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="truncate text-base font-bold text-text-1">
              {persona.name}
            </h2>
            {persona.is_default ? (
              <Badge>
                <Star aria-hidden="true" className="mr-1 h-3 w-3 fill-current" />
                Default
              </Badge>
            ) : null}
          </div>
          <p className="mt-1 line-clamp-3 text-sm break-words text-text-2">
            {persona.highlights || <span className="text-text-3 italic">No highlights yet.</span>}
          </p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-surface-3 pt-3">
        <ButtonLink
          to={`/personas/edit/${persona.id}${query}`}
          variant="secondary"
          size="sm"
          aria-label={`Edit ${persona.name}`}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </ButtonLink>
        {persona.is_default ? null : (
          <Button
            variant="ghost"
            size="sm"
            loading={settingDefault}
            onClick={() => onSetDefault(persona)}
            aria-label={`Set ${persona.name} as default`}
          >
            {settingDefault ? null : <Star aria-hidden="true" className="h-4 w-4" />}
            Set as default
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto h-8 w-8 text-danger hover:bg-danger/10 hover:text-danger"
          onClick={() => onDelete(persona)}
          aria-label={`Delete ${persona.name}`}
          title="Delete"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </article>
  );
}

export function PersonaCardSkeleton() {
  return (
    <div className="flex h-44 flex-col gap-4 rounded-2xl border border-surface-3 bg-surface-1 p-4">
      <div className="flex gap-3">
        <div className="h-14 w-14 animate-pulse rounded-full bg-surface-2 motion-reduce:animate-none" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
          <div className="h-3 w-full animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
          <div className="h-3 w-3/4 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
        </div>
      </div>
    </div>
  );
}
