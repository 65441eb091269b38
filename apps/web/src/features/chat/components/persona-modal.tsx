import type { Persona } from "@hearth/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useModalAction } from "../hooks/use-modal-action";
import { ModalFooter } from "./modal-footer";

/**
 * Persona chooser: who the user speaks as. In an existing conversation a change is confirmed first
 * (change-persona confirm); before the first message the choice applies directly.
 */
export function PersonaModal({
  open,
  onOpenChange,
  personas,
  loading,
  failed,
  currentId,
  confirmChange,
  manageHref,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  personas: Persona[];
  loading: boolean;
  failed: boolean;
  currentId: string | null;
  confirmChange: boolean;
  manageHref: string;
  onChoose: (persona: Persona) => Promise<void>;
}) {
  const [pendingChoice, setPendingChoice] = useState<Persona | null>(null);
  const { pending: saving, error, run } = useModalAction();

  const apply = (persona: Persona) =>
    run(async () => {
      await onChoose(persona);
      setPendingChoice(null);
      onOpenChange(false);
    });

  return (
    <>
      <SheetDialog
        open={open && !pendingChoice}
        onOpenChange={onOpenChange}
        title="Choose your persona"
        description="The identity the character knows you by."
        footer={
          <Link to={manageHref} className="text-sm font-semibold text-brand-300 hover:underline">
            Manage personas
          </Link>
        }
      >
        {loading ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : failed ? (
          <p role="alert" className="text-sm text-danger">
            Your personas could not be loaded. Please try again later.
          </p>
        ) : personas.length === 0 ? (
          <p className="text-sm text-text-2">
            You have no personas yet. Create one to roleplay as someone else.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {personas.map((persona) => {
              const active = currentId ? persona.id === currentId : persona.is_default;
              return (
                <li key={persona.id}>
                  <button
                    type="button"
                    aria-pressed={active}
                    disabled={saving}
                    onClick={() => {
                      if (active) return onOpenChange(false);
                      if (confirmChange) setPendingChoice(persona);
                      else void apply(persona);
                    }}
                    className={cn(
                      "flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-left text-sm transition-colors",
                      "focus-visible:outline-2 focus-visible:outline-brand-400",
                      active ? "border-brand-400 bg-brand-500/10" : "border-surface-3 hover:bg-surface-2",
                    )}
                  >
                    <Avatar name={persona.name} src={persona.avatar_url} className="h-9 w-9 text-sm" />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-1.5 font-semibold">
                        {persona.name}
                        {persona.is_default ? <Badge variant="neutral">Default</Badge> : null}
                      </span>
                      {persona.highlights ? (
                        <span className="block truncate text-xs text-text-3">{persona.highlights}</span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {error && !pendingChoice ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </SheetDialog>
      <SheetDialog
        open={pendingChoice !== null}
        onOpenChange={(next) => {
          if (!next) setPendingChoice(null);
        }}
        title="Change Persona"
        description={
          pendingChoice
            ? `Continue this conversation as ${pendingChoice.name}? The character will know you by this persona from the next message on.`
            : undefined
        }
        footer={
          <ModalFooter
            onCancel={() => setPendingChoice(null)}
            onConfirm={() => pendingChoice && void apply(pendingChoice)}
            confirmLabel="Change Persona"
            pending={saving}
          />
        }
      >
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </SheetDialog>
    </>
  );
}
