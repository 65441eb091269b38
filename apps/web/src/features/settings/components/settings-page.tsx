import type { InferenceModel } from "@hearth/contracts";
import { Check, Cpu, FlaskConical, Lock, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { readGenerationSettings, saveInferenceModel } from "../../../api/generation-settings";
import { useInferenceModels } from "../../../api/inference-models";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../components/ui/cn";
import { requiredPlanFor } from "../lib/required-plan";

/** `/settings`: the inference model used for new replies, stored with the local generation settings. */
export function SettingsPage() {
  const models = useInferenceModels();
  const [selected, setSelected] = useState(() => readGenerationSettings().inference_model_id);
  const [saved, setSaved] = useState(false);

  function choose(model: InferenceModel) {
    if (!model.allowed) return;
    setSelected(saveInferenceModel(model.id).inference_model_id);
    setSaved(true);
  }

  const standard = models.data?.filter((m) => !m.experimental) ?? [];
  const experimental = models.data?.filter((m) => m.experimental) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-sm text-text-2 sm:text-base">Preferences kept on this device.</p>
      </header>

      <Card className="p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-link ring-1 ring-surface-3">
            <Cpu aria-hidden="true" className="h-5 w-5" />
          </div>
          <div className="min-w-0 flex-1">
            <h2 id="model-heading" className="text-lg font-bold text-text-1">
              Inference model
            </h2>
            <p className="text-sm text-text-2">
              The model that writes your characters' replies in new messages.
            </p>
          </div>
        </div>

        <div className="mt-5">
          {models.isPending ? (
            <div role="status" aria-label="Loading models" className="flex flex-col gap-3">
              {[0, 1].map((i) => (
                <div
                  key={i}
                  className="h-20 animate-pulse rounded-xl bg-surface-2 motion-reduce:animate-none"
                />
              ))}
            </div>
          ) : models.error ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4"
            >
              <p className="flex items-center gap-2 text-sm font-semibold text-text-1">
                <TriangleAlert aria-hidden="true" className="h-4 w-4 text-danger" />
                We couldn't load the models
              </p>
              <p className="text-sm text-text-2">{models.error.message}</p>
              <Button
                variant="secondary"
                size="sm"
                loading={models.isFetching}
                onClick={() => void models.refetch()}
              >
                Retry
              </Button>
            </div>
          ) : models.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-surface-3 p-6 text-center text-sm text-text-2">
              No models are available right now.
            </p>
          ) : (
            <div role="radiogroup" aria-labelledby="model-heading" className="flex flex-col gap-5">
              <ModelGroup title="Models" models={standard} selected={selected} onChoose={choose} />
              <ModelGroup
                title="Experimental"
                note="New models we're trying out. Replies may be slower or less consistent."
                models={experimental}
                selected={selected}
                onChoose={choose}
              />
            </div>
          )}
        </div>
        <p aria-live="polite" className={saved ? "mt-4 text-sm text-success" : "sr-only"}>
          {saved ? "Model saved. New replies will use it." : ""}
        </p>
      </Card>

      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div>
          <h2 className="text-lg font-bold text-text-1">Profile and account</h2>
          <p className="text-sm text-text-2">Your name, picture, username and account removal.</p>
        </div>
        <ButtonLink to="/profile" variant="secondary">
          Open profile
        </ButtonLink>
      </Card>
    </div>
  );
}

function ModelGroup({
  title,
  note,
  models,
  selected,
  onChoose,
}: {
  title: string;
  note?: string;
  models: readonly InferenceModel[];
  selected: string;
  onChoose: (model: InferenceModel) => void;
}) {
  if (models.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wider text-text-3 uppercase">
        {title === "Experimental" ? <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" /> : null}
        {title}
      </h3>
      {note ? <p className="-mt-1 text-xs text-text-3">{note}</p> : null}
      {models.map((model) => (
        <ModelOption key={model.id} model={model} checked={model.id === selected} onChoose={onChoose} />
      ))}
    </div>
  );
}

function ModelOption({
  model,
  checked,
  onChoose,
}: {
  model: InferenceModel;
  checked: boolean;
  onChoose: (model: InferenceModel) => void;
}) {
  const plan = model.allowed ? null : requiredPlanFor(model.permission);
  const id = `model-${model.id}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex items-start gap-3 rounded-xl border p-4 transition-colors",
        checked ? "border-brand-500 bg-brand-500/10" : "border-surface-3 bg-surface-2/50",
        model.allowed ? "cursor-pointer hover:border-brand-500/60" : "cursor-not-allowed opacity-70",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400",
      )}
    >
      <input
        id={id}
        type="radio"
        name="inference-model"
        value={model.id}
        checked={checked}
        disabled={!model.allowed}
        onChange={() => onChoose(model)}
        className="sr-only"
        aria-describedby={`${id}-desc`}
      />
      <span
        aria-hidden="true"
        className={cn(
          "mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2",
          checked ? "border-brand-500 bg-brand-500 text-white" : "border-surface-3",
        )}
      >
        {checked ? <Check className="h-3 w-3" strokeWidth={3} /> : null}
        {!model.allowed ? <Lock className="h-3 w-3 text-text-3" /> : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-text-1">{model.name}</span>
          <Badge variant="neutral">{model.tokens}</Badge>
          {model.experimental ? <Badge variant="accent">Experimental</Badge> : null}
        </span>
        <span id={`${id}-desc`} className="mt-1 block text-sm text-text-2">
          {model.description}
          {model.allowed ? null : (
            <span className="mt-1.5 flex items-center gap-1.5 text-xs font-semibold text-text-1">
              <Lock aria-hidden="true" className="h-3.5 w-3.5" />
              {plan ? `Requires ${plan}` : "Not available on your plan"}
            </span>
          )}
        </span>
      </span>
    </label>
  );
}
