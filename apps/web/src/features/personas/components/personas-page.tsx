import { PERSONA_CAPS, type Persona } from "@hearth/contracts";
import { Plus, Search, SearchX, Smile, TriangleAlert } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { usePersonas } from "../../../api/personas";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { inputClasses } from "../../../components/ui/input";
import { useSession } from "../../../lib/session";
import { useUpdatePersona } from "../api/update-persona";
import { backToChatFrom } from "../lib/back-to-chat";
import { filterPersonas, sortPersonas } from "../lib/persona-search";
import { DeletePersonaDialog } from "./delete-persona-dialog";
import { PersonasHeader } from "./page-header";
import { PersonaCard, PersonaCardSkeleton } from "./persona-card";

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** My Personas: search, grid of cards, Create New, set default, delete. */
export function PersonasPage() {
  const [params] = useSearchParams();
  const back = backToChatFrom(params);
  const query = back?.query ?? "";
  const { user } = useSession();
  const personas = usePersonas();
  const update = useUpdatePersona();
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<Persona | null>(null);

  const sorted = useMemo(() => sortPersonas(personas.data ?? []), [personas.data]);
  const visible = useMemo(() => filterPersonas(sorted, search), [sorted, search]);
  const cap = user ? PERSONA_CAPS[user.role] : null;

  function setDefault(persona: Persona) {
    const { name, highlights, avatar_url } = persona;
    update.mutate({ id: persona.id, body: { name, highlights, avatar_url, is_default: true } });
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <PersonasHeader
        title="My Personas"
        subtitle="A persona is who you are in a chat: the name, picture and highlights characters know you by."
        back={back}
        actions={
          <ButtonLink to={`/personas/create${query}`}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create New
          </ButtonLink>
        }
      />

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <label htmlFor="persona-search" className="sr-only">
            Search personas
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-text-3"
          />
          <input
            id="persona-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search by name"
            autoComplete="off"
            className={`${inputClasses} pl-10`}
          />
        </div>
        {personas.data && cap !== null ? (
          <p className="text-sm text-text-3" aria-live="polite">
            {search.trim()
              ? `${visible.length} of ${sorted.length} personas`
              : `${sorted.length} of ${cap} personas used`}
          </p>
        ) : null}
      </div>

      {update.error ? <Alert>{update.error.message}</Alert> : null}

      {personas.isPending ? (
        <div role="status" aria-label="Loading personas" className={GRID}>
          {[0, 1, 2].map((i) => (
            <PersonaCardSkeleton key={i} />
          ))}
        </div>
      ) : personas.error ? (
        <EmptyState
          icon={<TriangleAlert aria-hidden="true" className="h-6 w-6 text-danger" />}
          title="We couldn't load your personas"
          description={personas.error.message}
          action={
            <Button variant="secondary" loading={personas.isFetching} onClick={() => void personas.refetch()}>
              Retry
            </Button>
          }
          alert
        />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={<Smile aria-hidden="true" className="h-6 w-6" />}
          title="No personas yet"
          description="Create one to tell characters who they're talking to."
          action={
            <ButtonLink to={`/personas/create${query}`}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create New
            </ButtonLink>
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="h-6 w-6" />}
          title={`No persona names start with “${search.trim()}”`}
          description="Try another name."
          action={
            <Button variant="secondary" onClick={() => setSearch("")}>
              Clear search
            </Button>
          }
        />
      ) : (
        <ul aria-label="Personas" className={GRID}>
          {visible.map((persona) => (
            <li key={persona.id} className="min-w-0">
              <PersonaCard
                persona={persona}
                query={query}
                onSetDefault={setDefault}
                onDelete={setDeleting}
                settingDefault={update.isPending && update.variables?.id === persona.id}
              />
            </li>
          ))}
        </ul>
      )}

      <DeletePersonaDialog persona={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
