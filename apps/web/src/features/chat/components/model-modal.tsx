import type { InferenceModel } from "@hearth/contracts";
import { Lock } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";

/** Model choice: the models the user may see; those without their permission are shown disabled. */
export function ModelModal({
  open,
  onOpenChange,
  models,
  loading,
  failed,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  models: InferenceModel[];
  loading: boolean;
  failed: boolean;
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose a model"
      description="The language model that writes the replies."
    >
      {loading ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : failed ? (
        <p role="alert" className="text-sm text-danger">
          The models could not be loaded. Please try again later.
        </p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Model</legend>
          {models.map((model) => (
            <label
              key={model.id}
              className={cn(
                "flex items-start gap-3 rounded-xl border px-3 py-2.5 text-sm",
                model.allowed ? "cursor-pointer" : "cursor-not-allowed opacity-60",
                selectedId === model.id ? "border-brand-400 bg-brand-500/10" : "border-surface-3",
                model.allowed && selectedId !== model.id && "hover:bg-surface-2",
              )}
            >
              <input
                type="radio"
                name="inference-model"
                className="mt-1 accent-brand-500"
                checked={selectedId === model.id}
                disabled={!model.allowed}
                onChange={() => {
                  onSelect(model.id);
                  onOpenChange(false);
                }}
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-1.5 font-semibold">
                  {model.name}
                  <Badge variant="neutral">{model.tokens}</Badge>
                  {model.experimental ? <Badge variant="accent">Experimental</Badge> : null}
                  {model.allowed ? null : (
                    <Lock aria-label="Needs a higher plan" className="h-3.5 w-3.5 text-text-3" />
                  )}
                </span>
                {model.description ? (
                  <span className="mt-0.5 block text-xs text-text-3">{model.description}</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </SheetDialog>
  );
}
