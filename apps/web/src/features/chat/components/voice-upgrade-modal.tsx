import { VOICE_MESSAGES } from "@hearth/contracts";
import { Volume2 } from "lucide-react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

/** The voice upgrade prompt (chat spec 2 and 6): voice needs the I'm All In plan. */
export function VoiceUpgradeModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={VOICE_MESSAGES.upgradeTitle}
      description={VOICE_MESSAGES.upgradeText}
      icon={<Volume2 aria-hidden="true" className="h-5 w-5" />}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <ButtonLink to="/subscribe">See I'm All In</ButtonLink>
        </>
      }
    />
  );
}
