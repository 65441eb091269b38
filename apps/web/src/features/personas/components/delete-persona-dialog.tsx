import type { Persona } from "@hearth/contracts";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useDeletePersona } from "../api/delete-persona";

/** Confirms a deletion; the server's refusal (default persona, other persona errors) shows inside. */
export function DeletePersonaDialog({ persona, onClose }: { persona: Persona | null; onClose: () => void }) {
  const remove = useDeletePersona();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={persona !== null}
      icon={<Trash2 aria-hidden="true" className="h-5 w-5 text-danger" />}
      title={`Delete ${persona?.name ?? "persona"}?`}
      description="This persona will be removed for good. This can't be undone."
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => {
        if (persona) remove.mutate(persona.id, { onSuccess: close });
      }}
      onClose={close}
    />
  );
}
