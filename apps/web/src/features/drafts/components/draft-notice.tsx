import { FileClock } from "lucide-react";
import { Link } from "react-router";

/** Tells the creator their typing is kept as a draft on this device. */
export function DraftNotice({ resumedAt }: { resumedAt: string | null }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-surface-3 bg-surface-1 px-4 py-2.5 text-sm text-text-2">
      <FileClock aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-400" />
      {resumedAt
        ? `Draft resumed (last edited ${new Date(resumedAt).toLocaleString()}).`
        : "Your progress is saved as a draft on this device as you type."}
      <Link to="/my-chatbots/drafts" className="font-medium text-link hover:underline">
        All drafts
      </Link>
    </p>
  );
}
