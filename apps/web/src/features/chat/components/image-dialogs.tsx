import { IMAGE_LIMITS, IMAGE_TEXTS } from "@hearth/contracts";
import { ImageIcon, ImageOff, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea } from "../../../components/ui/text-area";

type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The image gate's upgrade dialogs (chat spec 6): 'I'm All In' required (images need training, which
 * the True Supporter plan lacks) and 'True Supporter Plan Required'; both link to the subscribe page.
 */
export function ImagePlanDialog({ kind, open, onOpenChange }: OpenProps & { kind: "premium" | "supporter" }) {
  const premium = kind === "premium";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={premium ? IMAGE_TEXTS.premiumTitle : IMAGE_TEXTS.supporterTitle}
      description={premium ? IMAGE_TEXTS.premiumBody : IMAGE_TEXTS.supporterBody}
      icon={<Sparkles aria-hidden="true" className="h-5 w-5" />}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <ButtonLink to="/subscribe">{IMAGE_TEXTS.upgrade}</ButtonLink>
        </>
      }
    />
  );
}

/** Without an image engine (IMAGE_BASE_URL unset) the image action says so. */
export function ImagesUnavailableDialog({ open, onOpenChange }: OpenProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Images unavailable"
      description={IMAGE_TEXTS.unavailable}
      icon={<ImageOff aria-hidden="true" className="h-5 w-5" />}
      footer={<Button onClick={() => onOpenChange(false)}>OK</Button>}
    />
  );
}

/** Chat spec 4: an image's prompt is edited, and the image made again from it. */
export function ImagePromptDialog({
  open,
  onOpenChange,
  prompt,
  onRegenerate,
}: OpenProps & { prompt: string; onRegenerate: (prompt: string) => void }) {
  const [draft, setDraft] = useState(prompt);
  useEffect(() => {
    if (open) setDraft(prompt);
  }, [open, prompt]);
  const trimmed = draft.trim();
  const ready = trimmed.length > 0 && trimmed.length <= IMAGE_LIMITS.promptMax;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={IMAGE_TEXTS.editPrompt}
      description="Change what the image shows, then make it again."
      icon={<ImageIcon aria-hidden="true" className="h-5 w-5" />}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!ready} onClick={() => onRegenerate(trimmed)}>
            {IMAGE_TEXTS.regenerate}
          </Button>
        </>
      }
    >
      <TextArea
        label="Image prompt"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={5}
        counterMax={IMAGE_LIMITS.promptMax}
      />
    </Dialog>
  );
}
