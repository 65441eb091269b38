import { FileClock } from "lucide-react";
import { Link } from "react-router";

/** Tells the creator their typing is kept as a draft on this device. */
export function DraftNotice({ resumedAt }: { resumedAt: string | null }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-surface-3 bg-surface-1 px-4 py-2.5 text-sm text-text-2">
      <FileClock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
      <span>
        {resumedAt
          ? `Draft resumed (last edited ${new Date(resumedAt).toLocaleString()}).`
          : "Your progress is saved as a draft on this device as you type."}{" "}
        <Link to="/my-chatbots/drafts" className="font-medium whitespace-nowrap text-link hover:underline">
          All drafts
        </Link>
      </span>
    </p>
  );
}
