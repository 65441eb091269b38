import { SearchX, TriangleAlert } from "lucide-react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { usePersonas } from "../../../api/personas";
import { Button, ButtonLink } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { useCreatePersona } from "../api/create-persona";
import { useUpdatePersona } from "../api/update-persona";
import { backToChatFrom } from "../lib/back-to-chat";
import { PersonasHeader } from "./page-header";
import { PersonaForm } from "./persona-form";

const WRAP = "mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6";

/** `/personas/create`. */
export function CreatePersonaPage() {
  const [params] = useSearchParams();
  const back = backToChatFrom(params);
  const listHref = `/personas${back?.query ?? ""}`;
  const navigate = useNavigate();
  const personas = usePersonas();
  const create = useCreatePersona();
  return (
    <div className={WRAP}>
      <PersonasHeader
        title="Create persona"
        subtitle="Give characters someone to talk to: a name, a picture and a few highlights."
        back={back}
      />
      <PersonaForm
        initial={null}
        submitLabel="Create persona"
        cancelHref={listHref}
        forceDefault={personas.data?.length === 0}
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          navigate(listHref);
        }}
      />
    </div>
  );
}

/** `/personas/edit/{personaId}`: there is no single-persona call, so the list is loaded and searched. */
export function EditPersonaPage() {
  const { personaId } = useParams();
  const [params] = useSearchParams();
  const back = backToChatFrom(params);
  const listHref = `/personas${back?.query ?? ""}`;
  const navigate = useNavigate();
  const personas = usePersonas();
  const update = useUpdatePersona();
  const persona = personas.data?.find((p) => p.id === personaId);

  const header = (
    <PersonasHeader
      title="Edit persona"
      subtitle="Changes apply to new messages in every chat that uses this persona."
      back={back}
    />
  );
  if (personas.isPending) {
    return (
      <div className={WRAP}>
        {header}
        <PageSpinner />
      </div>
    );
  }
  if (personas.error || !persona) {
    return (
      <div className={WRAP}>
        {header}
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1/50 px-6 py-14 text-center"
        >
          {personas.error ? (
            <TriangleAlert aria-hidden="true" className="h-7 w-7 text-danger" />
          ) : (
            <SearchX aria-hidden="true" className="h-7 w-7 text-text-3" />
          )}
          <p className="text-base font-semibold text-text-1">
            {personas.error ? "We couldn't load this persona" : "This persona doesn't exist"}
          </p>
          <p className="max-w-sm text-sm text-text-2">
            {personas.error ? personas.error.message : "It may have been deleted."}
          </p>
          <div className="mt-2 flex gap-2">
            {personas.error ? (
              <Button
                variant="secondary"
                loading={personas.isFetching}
                onClick={() => void personas.refetch()}
              >
                Retry
              </Button>
            ) : null}
            <ButtonLink to={listHref} variant={personas.error ? "ghost" : "secondary"}>
              Back to My Personas
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={WRAP}>
      {header}
      <PersonaForm
        key={persona.id}
        initial={persona}
        submitLabel="Save changes"
        cancelHref={listHref}
        onSubmit={async (body) => {
          await update.mutateAsync({ id: persona.id, body });
          navigate(listHref);
        }}
      />
    </div>
  );
}
