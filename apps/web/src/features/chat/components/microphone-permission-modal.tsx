import { VOICE_MESSAGES } from "@hearth/contracts";
import { MicOff } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

/** The microphone permission modal (chat spec 2): the browser has not been allowed to use the microphone. */
export function MicrophonePermissionModal({
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
      title={VOICE_MESSAGES.microphoneTitle}
      description={VOICE_MESSAGES.microphoneText}
      icon={<MicOff aria-hidden="true" className="h-5 w-5" />}
      footer={<Button onClick={() => onOpenChange(false)}>OK</Button>}
    />
  );
}
