import { ShieldAlert, ShieldCheck } from "lucide-react";
import { cn } from "../../../components/ui/cn";

export type ModerationInfo = {
  moderation_status: "pending" | "rereview_required" | "fix_required" | null;
  reason_for_moderation?: readonly string[];
  action_taken_description?: string | null;
};

const TITLES = {
  pending: "This chatbot is under review",
  rereview_required: "This chatbot is waiting for another review",
  fix_required: "This chatbot needs changes",
} as const;

/** Shown above the editor whenever the bot has a moderation status. */
export function ModerationBanner({ report, label }: { report: ModerationInfo; label?: string }) {
  const status = report.moderation_status;
  if (!status) return null;
  const underReview = status !== "fix_required";
  const reasons = report.reason_for_moderation ?? [];
  return (
    <section
      aria-label="Moderation"
      className={cn(
        "flex gap-3 rounded-2xl border px-4 py-3.5",
        underReview ? "border-amber-500/40 bg-amber-500/10" : "border-danger/40 bg-danger/10",
      )}
    >
      {underReview ? (
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-400" />
      ) : (
        <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger" />
      )}
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="font-semibold text-text-1">
          {TITLES[status]}
          {label ? (
            <span className="ml-2 rounded-full bg-danger/20 px-2 py-0.5 text-xs text-danger">{label}</span>
          ) : null}
        </p>
        {underReview ? (
          <p className="text-text-2">Editing is disabled until the review is finished.</p>
        ) : (
          <p className="text-text-2">Fix the points below and save to send it back for review.</p>
        )}
        {reasons.length ? (
          <ul className="list-disc pl-5 text-text-2">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        {report.action_taken_description ? (
          <p className="text-text-2">
            <span className="font-medium text-text-1">Action taken: </span>
            {report.action_taken_description}
          </p>
        ) : null}
      </div>
    </section>
  );
}
