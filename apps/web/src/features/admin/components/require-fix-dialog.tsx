import { adminCharacterUpdateSchema, MODERATION_LIMITS } from "@hearth/contracts";
import { Wrench } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea } from "../../../components/ui/text-area";

/** Reasons an admin picks most often (chat spec 3, reason_for_moderation); others are typed in. */
export const PRESET_REASONS = [
  "Underage traits or terms",
  "NSFW content not marked as NSFW",
  "Wrong or misleading tags",
  "Real person or copyrighted character without permission",
  "Broken, empty or spam definition",
] as const;

/** The fix-required variant of the contracts' admin character update: its messages are shown as they are. */
const fixSchema = adminCharacterUpdateSchema.options[3];

export type FixRequest = { reasons: string[]; description: string };

/** Collects the reasons and what the creator must change, checked with the contracts' schema. */
export function validateFix(
  picked: readonly string[],
  other: string,
  description: string,
): { ok: true; fix: FixRequest } | { ok: false; reasons?: string; description?: string } {
  const typed = other
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const parsed = fixSchema.safeParse({
    moderation_status: "fix_required",
    reason_for_moderation: [...picked, ...typed],
    action_taken_description: description,
  });
  if (parsed.success) {
    return {
      ok: true,
      fix: { reasons: parsed.data.reason_for_moderation, description: parsed.data.action_taken_description },
    };
  }
  const errors: { reasons?: string; description?: string } = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === "reason_for_moderation" ? "reasons" : "description";
    errors[key] ??= issue.message;
  }
  return { ok: false, ...errors };
}

type RequireFixDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  characterName: string;
  pending: boolean;
  error: string | null;
  onSubmit: (fix: FixRequest) => void;
};

/** Require a fix: reasons (presets and typed ones) and a description of what the creator must change. */
export function RequireFixDialog({
  open,
  onOpenChange,
  characterName,
  pending,
  error,
  onSubmit,
}: RequireFixDialogProps) {
  const id = useId();
  const [picked, setPicked] = useState<string[]>([]);
  const [other, setOther] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<{ reasons?: string; description?: string }>({});

  useEffect(() => {
    if (!open) return;
    setPicked([]);
    setOther("");
    setDescription("");
    setErrors({});
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateFix(picked, other, description);
    if (!result.ok) {
      setErrors({ reasons: result.reasons, description: result.description });
      return;
    }
    setErrors({});
    onSubmit(result.fix);
  };

  const formId = `${id}-form`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<Wrench aria-hidden="true" className="h-5 w-5" />}
      title={`Require a fix to ${characterName}`}
      description="The creator sees these reasons in the editor and must fix the chatbot before it is reviewed again."
      className="max-w-lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Require fix
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <fieldset aria-describedby={errors.reasons ? `${id}-reasons-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-text-1">Reasons</legend>
          <div className="flex flex-col gap-1.5">
            {PRESET_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex cursor-pointer items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm text-text-1 hover:bg-surface-2"
              >
                <input
                  type="checkbox"
                  checked={picked.includes(reason)}
                  onChange={(e) =>
                    setPicked((list) =>
                      e.target.checked ? [...list, reason] : list.filter((r) => r !== reason),
                    )
                  }
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500"
                />
                {reason}
              </label>
            ))}
          </div>
          {errors.reasons ? (
            <p id={`${id}-reasons-error`} className="mt-1.5 text-xs font-medium text-danger">
              {errors.reasons}
            </p>
          ) : null}
        </fieldset>
        <TextArea
          label="Other reasons"
          hint={`One per line, up to ${MODERATION_LIMITS.reasonsMax} reasons in all.`}
          value={other}
          onChange={(e) => setOther(e.target.value)}
          rows={2}
          className="[&_textarea]:min-h-16"
        />
        <TextArea
          label="What the creator must change"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          counterMax={MODERATION_LIMITS.descriptionMax}
          rows={3}
        />
        {error ? <Alert>{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
