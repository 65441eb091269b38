import { TIMINGS } from "@hearth/contracts";
import { Check, Link2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { shareLinkFor } from "../../../lib/shared-link";

/**
 * Share the chatbot: its profile link, marked as a share link (a guest arriving through it may chat with
 * the character from the waiting room), with Copy Link ('Copied!' for 2 s).
 */
export function ShareModal({
  open,
  onOpenChange,
  characterId,
  characterName,
  copy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  characterId: string;
  characterName: string;
  copy: (text: string) => Promise<boolean>;
}) {
  const [copied, setCopied] = useState(false);
  const link = shareLinkFor(window.location.origin, characterId);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), TIMINGS.copyConfirmationMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Share ${characterName}`}
      description="Invite friends to chat with this character."
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="share-link" className="sr-only">
          Link
        </label>
        <input
          id="share-link"
          readOnly
          value={link}
          className={inputClasses}
          onFocus={(e) => e.target.select()}
        />
        <Button onClick={async () => setCopied(await copy(link))} className="shrink-0">
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Link2 aria-hidden="true" className="h-4 w-4" />
          )}
          {copied ? "Copied!" : "Copy Link"}
        </Button>
      </div>
    </SheetDialog>
  );
}
