import { TRAINING_LIMITS, TRAINING_TEXTS, type TrainingStatus } from "@hearth/contracts";
import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useRequestTraining, useTrainingStatus } from "../api/training";

export type TrainingDialogProps = {
  characterId: string;
  characterName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "about 10 minutes", "about 2 hours", "about 3 days". */
export function formatWait(minutes: number): string {
  const plural = (n: number, unit: string) => `about ${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 60) return plural(Math.max(1, minutes), "minute");
  if (minutes < 48 * 60) return plural(Math.round(minutes / 60), "hour");
  return plural(Math.round(minutes / (24 * 60)), "day");
}

/** Chat spec 8's training error, with what the server said when it says more. */
function submitError(error: Error): string {
  if (error instanceof ApiError) {
    if (error.code === "training_limit") return `${TRAINING_TEXTS.error} ${TRAINING_TEXTS.limit}`;
    if (error.code === "training_unavailable") return TRAINING_TEXTS.unavailable;
    if (error.message && error.message !== TRAINING_TEXTS.error && error.code !== "internal_error") {
      return `${TRAINING_TEXTS.error} ${error.message}`;
    }
  }
  return TRAINING_TEXTS.error;
}

function QueuePlace({ request, count }: { request: TrainingStatus["request"]; count: number | null }) {
  const position = request?.position ?? count;
  const wait =
    request?.expected_wait_minutes ?? (count === null ? null : count * TRAINING_LIMITS.minutesPerTraining);
  return (
    <div role="status" className="rounded-xl border border-surface-3 bg-surface-2 px-4 py-3 text-sm">
      <p className="font-semibold text-text-1">
        {request?.status === "training" ? "Training in progress" : TRAINING_TEXTS.queued}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-text-2">
        {position !== null ? (
          <>
            <dt>Place in the queue</dt>
            <dd className="font-medium text-text-1">#{position}</dd>
          </>
        ) : null}
        {wait !== null ? (
          <>
            <dt>Expected wait</dt>
            <dd className="font-medium text-text-1">{formatWait(wait)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 text-xs text-text-2">
        You can close this: training goes on, and images use it once it is ready.
      </p>
    </div>
  );
}

/**
 * The training dialog (chat spec 2, 6): what training does, a submit button, and the character's place in
 * the queue and expected wait once requested (or already pending); chat spec 8's error when a request
 * fails, and 'not available' on servers without a trainer.
 */
export function TrainingDialog({ characterId, characterName, open, onOpenChange }: TrainingDialogProps) {
  const status = useTrainingStatus(characterId, open);
  const submit = useRequestTraining(characterId);
  const data = status.data;
  const waiting = data?.request?.position !== null && data?.request?.position !== undefined;
  const justQueued = submit.isSuccess && !waiting ? submit.data.count : null;
  const unavailable = data?.available === false;
  const canSubmit = Boolean(data) && !unavailable && !waiting && justQueued === null;

  let body: ReactNode;
  if (status.isPending) {
    body = <Spinner label="Loading training status" className="flex py-6" />;
  } else if (status.isError) {
    body = (
      <div className="space-y-3">
        <Alert>Could not load this character's training status.</Alert>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (unavailable) {
    body = <Alert>{TRAINING_TEXTS.unavailable}</Alert>;
  } else {
    body = (
      <div className="space-y-3">
        {waiting || justQueued !== null ? (
          <QueuePlace request={waiting ? (data?.request ?? null) : null} count={justQueued} />
        ) : null}
        {!waiting && justQueued === null && data?.lora_status === "ready" ? (
          <Alert tone="success">{TRAINING_TEXTS.ready}</Alert>
        ) : null}
        {!waiting && justQueued === null && data?.request?.status === "failed" ? (
          <p className="text-sm text-text-2">The last training did not finish. You can ask for it again.</p>
        ) : null}
        {submit.isError ? <Alert>{submitError(submit.error)}</Alert> : null}
        {canSubmit && data ? (
          <p className="text-xs text-text-2">
            {`You can ask for ${data.requests_left} more training${data.requests_left === 1 ? "" : "s"} today (${TRAINING_LIMITS.dailyRequests} a day).`}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Train ${characterName}`}
      description={TRAINING_TEXTS.body}
      icon={<Sparkles aria-hidden="true" className="h-5 w-5" />}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {TRAINING_TEXTS.close}
          </Button>
          {canSubmit ? (
            <Button loading={submit.isPending} onClick={() => submit.mutate()}>
              {data?.lora_status === "ready" ? "Train again" : TRAINING_TEXTS.submit}
            </Button>
          ) : null}
        </>
      }
    >
      {body}
    </Dialog>
  );
}
