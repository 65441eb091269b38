import { type Character, IMAGE_TEXTS, imageGateFor, type Message } from "@hearth/contracts";
import { ImagePlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";
import type { ChatStore } from "../hooks/use-chat-store";
import { useImageGeneration } from "../hooks/use-image-generation";
import { ImagePlanDialog, ImagePromptDialog, ImagesUnavailableDialog } from "./image-dialogs";
import { ImageMessage } from "./image-message";
import { ImageProgress } from "./image-progress";
import { TrainingDialog } from "./training-dialog";

export type ImageChat = {
  /** The Generate image button, beside Send. */
  button: ReactNode;
  /** The image being made (or why it failed), under the transcript. */
  panel: ReactNode;
  /** The gate's dialogs and the prompt editor. */
  dialogs: ReactNode;
  /** A message's image (blurred when NSFW and adult content is off), with Edit prompt. */
  renderImage: (message: Message, busy: boolean) => ReactNode;
};

/**
 * Images in the chat (chat spec 6): the button runs the image gate first (a ready bot or the v2
 * permission generates; image_training opens the training dialog; conversation_images without training
 * gets 'I'm All In' required; everyone else 'True Supporter Plan Required'); the server decides again
 * and its refusals open the same dialogs.
 */
export function useImageChat(options: {
  store: ChatStore;
  character: Pick<Character, "id" | "name" | "lora_status">;
  /** A reply is being written, or generating is locked (the waiting room). */
  busy: boolean;
}): ImageChat {
  const { store, character, busy } = options;
  const session = useSession();
  const images = useImageGeneration({ store, characterId: character.id });
  const [editing, setEditing] = useState<Message | null>(null);
  const showNsfw = session.status === "member" && session.user?.show_nsfw === true;
  const running = images.run?.running === true;

  const onGenerate = () => {
    const gate = imageGateFor(session.permissions, character.lora_status === "ready");
    if (gate !== "generate") {
      images.setDialog(gate);
      return;
    }
    void images.start();
  };
  const closeDialog = (open: boolean) => {
    if (!open) images.setDialog(null);
  };

  return {
    button: (
      <Button
        variant="secondary"
        size="icon"
        className="shrink-0 rounded-2xl"
        aria-label={IMAGE_TEXTS.generate}
        title={IMAGE_TEXTS.generate}
        disabled={busy || running}
        onClick={onGenerate}
      >
        <ImagePlus aria-hidden="true" className="h-5 w-5" />
      </Button>
    ),
    panel: images.run ? (
      <ImageProgress
        run={images.run}
        characterName={character.name}
        onCancel={images.cancel}
        onDismiss={images.dismiss}
      />
    ) : null,
    dialogs: (
      <>
        <ImagePlanDialog kind="premium" open={images.dialog === "premium"} onOpenChange={closeDialog} />
        <ImagePlanDialog kind="supporter" open={images.dialog === "supporter"} onOpenChange={closeDialog} />
        <ImagesUnavailableDialog open={images.dialog === "unavailable"} onOpenChange={closeDialog} />
        <TrainingDialog
          characterId={character.id}
          characterName={character.name}
          open={images.dialog === "training"}
          onOpenChange={closeDialog}
        />
        <ImagePromptDialog
          open={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          prompt={editing?.image_prompt ?? ""}
          onRegenerate={(prompt) => {
            const target = editing;
            setEditing(null);
            if (target) void images.start({ prompt, target });
          }}
        />
      </>
    ),
    renderImage: (message, messageBusy) => (
      <ImageMessage
        message={message}
        showNsfw={showNsfw}
        onEditPrompt={
          message.image_prompt !== null && !messageBusy && !running && !busy
            ? () => setEditing(message)
            : undefined
        }
      />
    ),
  };
}
