import type { Persona } from "@hearth/contracts";
import { Trash2 } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useDeletePersona } from "../api/delete-persona";

/** Confirms a deletion; the server's refusal (default persona, other persona errors) shows inside. */
export function DeletePersonaDialog({ persona, onClose }: { persona: Persona | null; onClose: () => void }) {
  const remove = useDeletePersona();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={persona !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      icon={<Trash2 aria-hidden="true" className="h-5 w-5 text-danger" />}
      title={`Delete ${persona?.name ?? "persona"}?`}
      description="This persona will be removed for good. This can't be undone."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              if (persona) remove.mutate(persona.id, { onSuccess: close });
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      {remove.error ? <Alert>{remove.error.message}</Alert> : null}
    </Dialog>
  );
}
