import { CHAT_LIMITS } from "@hearth/contracts";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { useOnOpen } from "../hooks/use-on-open";
import { REPORT_OPTIONS } from "../lib/feedback-options";

type Step = "select" | "comment" | "done" | "error";

/**
 * The report flow (chat spec 4): select an option, then add a comment (the button reads Skip while it is
 * empty, Next otherwise), then a Done screen; a failure offers Close.
 */
export function ReportModal({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (label: string, comment: string) => Promise<void>;
}) {
  const [step, setStep] = useState<Step>("select");
  const [label, setLabel] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const [pending, setPending] = useState(false);

  useOnOpen(open, () => {
    setStep("select");
    setLabel(null);
    setComment("");
  });
  const close = (next: boolean) => onOpenChange(next);

  const submit = async () => {
    if (!label) return;
    setPending(true);
    try {
      await onSubmit(label, comment.trim());
      setStep("done");
    } catch {
      setStep("error");
    } finally {
      setPending(false);
    }
  };

  const footer =
    step === "select" ? (
      <Button disabled={!label} onClick={() => setStep("comment")}>
        Next
      </Button>
    ) : step === "comment" ? (
      <>
        <Button variant="ghost" onClick={() => setStep("select")}>
          Back
        </Button>
        <Button loading={pending} onClick={() => void submit()}>
          {comment.trim() ? "Next" : "Skip"}
        </Button>
      </>
    ) : step === "done" ? (
      <Button onClick={() => close(false)}>Done</Button>
    ) : (
      <Button variant="secondary" onClick={() => close(false)}>
        Close
      </Button>
    );

  return (
    <SheetDialog
      open={open}
      onOpenChange={close}
      title="Report message"
      description={step === "select" ? "Why are you reporting this message?" : undefined}
      footer={footer}
    >
      {step === "select" ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Reason</legend>
          {REPORT_OPTIONS.map((option) => (
            <label
              key={option}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors",
                label === option ? "border-brand-400 bg-brand-500/10" : "border-surface-3 hover:bg-surface-2",
              )}
            >
              <input
                type="radio"
                name="report-reason"
                value={option}
                checked={label === option}
                onChange={() => setLabel(option)}
                className="accent-brand-500"
              />
              {option}
            </label>
          ))}
        </fieldset>
      ) : step === "comment" ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="report-comment" className="text-sm font-medium">
            Add a comment (optional)
          </label>
          <textarea
            id="report-comment"
            value={comment}
            maxLength={CHAT_LIMITS.reportCommentMax}
            onChange={(e) => setComment(e.target.value)}
            rows={4}
            className={inputClasses}
            placeholder="Tell us more about what's wrong"
          />
          <p className="text-right text-xs text-text-3">
            {comment.length}/{CHAT_LIMITS.reportCommentMax}
          </p>
        </div>
      ) : step === "done" ? (
        <p className="text-sm text-text-2">Thanks for your report. Our team will review this message.</p>
      ) : (
        <p role="alert" className="text-sm text-danger">
          Your report could not be sent. Please try again later.
        </p>
      )}
    </SheetDialog>
  );
}
