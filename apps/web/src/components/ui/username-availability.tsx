import { PROFILE_MESSAGES } from "@hearth/contracts";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import type { UsernameAvailabilityStatus } from "../../lib/use-username-availability";
import { cn } from "./cn";

/** The live line under a username field: Checking, Available, Not Available or the invalid notice. */
export function UsernameAvailabilityNote({
  status,
  id,
}: {
  status: UsernameAvailabilityStatus;
  id?: string;
}) {
  const content = {
    idle: null,
    invalid: { text: PROFILE_MESSAGES.usernameInvalid, tone: "text-text-3", Icon: XCircle },
    checking: { text: "Checking", tone: "text-text-3", Icon: Loader2 },
    available: { text: "Available", tone: "text-success", Icon: CheckCircle2 },
    unavailable: { text: "Not Available", tone: "text-danger", Icon: XCircle },
    error: { text: "Couldn't check this username right now", tone: "text-text-3", Icon: XCircle },
  }[status];
  return (
    <p id={id} aria-live="polite" className="min-h-4 text-xs font-medium">
      {content ? (
        <span className={cn("inline-flex items-center gap-1.5", content.tone)}>
          <content.Icon
            aria-hidden="true"
            className={cn("h-3.5 w-3.5", status === "checking" && "animate-spin motion-reduce:animate-none")}
          />
          {content.text}
        </span>
      ) : null}
    </p>
  );
}
