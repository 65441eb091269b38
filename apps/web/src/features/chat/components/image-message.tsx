import { IMAGE_TEXTS, type Message } from "@hearth/contracts";
import { EyeOff, Pencil } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";

/**
 * A message's generated image. An image the classifier read as NSFW is blurred, behind a notice, for
 * anyone who has not turned adult content on (`showNsfw`); they may still choose to see it. With
 * `onEditPrompt`, the image offers Edit prompt (chat spec 4: the image is made again from the edit).
 */
export function ImageMessage({
  message,
  showNsfw,
  onEditPrompt,
}: {
  message: Pick<Message, "image_url" | "image_prompt" | "image_is_nsfw">;
  showNsfw: boolean;
  onEditPrompt?: () => void;
}) {
  const [revealed, setRevealed] = useState(false);
  if (!message.image_url) return null;
  const hidden = message.image_is_nsfw === true && !showNsfw && !revealed;
  return (
    <figure className="mb-2 flex flex-col gap-1.5">
      <div className="relative overflow-hidden rounded-xl">
        <img
          src={message.image_url}
          alt={hidden ? IMAGE_TEXTS.nsfwHidden : (message.image_prompt ?? "Generated image")}
          className={cn("max-h-96 w-full rounded-xl object-cover", hidden && "scale-110 blur-2xl")}
          loading="lazy"
          data-nsfw-hidden={hidden ? "true" : undefined}
        />
        {hidden ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/40 p-4 text-center text-sm text-white">
            <EyeOff aria-hidden="true" className="h-5 w-5" />
            <p>{IMAGE_TEXTS.nsfwHidden}</p>
            <button
              type="button"
              className="rounded-lg bg-white/20 px-3 py-1.5 font-semibold hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
              onClick={() => setRevealed(true)}
            >
              {IMAGE_TEXTS.showImage}
            </button>
          </div>
        ) : null}
      </div>
      {onEditPrompt ? (
        <figcaption className="flex">
          <button
            type="button"
            onClick={onEditPrompt}
            className="inline-flex h-11 items-center gap-1 rounded-lg px-1.5 text-xs font-medium text-text-3 transition-colors hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400 sm:h-8"
          >
            <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
            {IMAGE_TEXTS.editPrompt}
          </button>
        </figcaption>
      ) : null}
    </figure>
  );
}
