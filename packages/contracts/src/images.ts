import { z } from "zod";
import type { Permission } from "./permissions";

/**
 * Image generation in chat (chat spec 6, 7, 8): `POST /api/generate` with `type: "image"` makes an image
 * message (a bot message with `image_url` and `image_prompt`). The prompt is built from the character,
 * the scene and the last messages, or is the member's own (`image_prompt`, e.g. an edited one); with
 * `target_message_id` the image of that image message is made again from the (edited) prompt.
 */
export const IMAGE_LIMITS = {
  /** The longest image prompt a member may write. */
  promptMax: 1000,
  /** Messages of the conversation the built prompt reads (the newest). */
  promptMessages: 4,
  width: 512,
  height: 512,
  steps: 20,
  /** An image server that has not answered within this long fails the image (generation_failed). */
  timeoutMs: 5 * 60_000,
  /** A character's LoRA weight in the prompt (`<lora:name:weight>`, A1111). */
  loraWeight: 0.8,
} as const;

/** Images a guest may make per guest session (chat spec 1: guests have limited image generation). */
export const GUEST_IMAGE_LIMIT = 3;

/**
 * `image_progress` events of the generate stream, while an image is made: `fraction` 0..1, and the
 * sampling step out of `steps` where the engine reports them (A1111), else null.
 */
export const imageProgressEventSchema = z.object({
  fraction: z.number().min(0).max(1),
  step: z.number().int().nullable(),
  steps: z.number().int().nullable(),
});
export type ImageProgressEvent = z.infer<typeof imageProgressEventSchema>;

/**
 * What the image gate (chat spec 6) answers someone who may not generate in this chat: a ready bot
 * (lora_status ready) or conversation_images_v2 generates; otherwise image_training → the training
 * dialog, conversation_images without training → 'I'm All In' required, everyone else → 'True Supporter
 * Plan Required'. Each is an error code of the generate call.
 */
export const IMAGE_GATE_CODES = {
  training: "image_training_required",
  premium: "image_premium_required",
  supporter: "image_supporter_required",
} as const;

/** What the gate answers: generate, or which dialog opens (see IMAGE_GATE_CODES). */
export type ImageGate = "generate" | keyof typeof IMAGE_GATE_CODES;

/** The image gate (chat spec 6) for someone's permissions and the character's LoRA state, in its order. */
export function imageGateFor(permissions: readonly Permission[], loraReady: boolean): ImageGate {
  if (loraReady || permissions.includes("conversation_images_v2")) return "generate";
  if (permissions.includes("image_training")) return "training";
  if (permissions.includes("conversation_images")) return "premium";
  return "supporter";
}

/** The dialogs' and notices' texts. */
export const IMAGE_TEXTS = {
  unavailable: "Images are not available on this server.",
  premiumTitle: "'I'm All In' Required",
  premiumBody:
    "Images of this character need its training, which comes with the I'm All In plan. Upgrade to train characters and get better images in every chat.",
  supporterTitle: "True Supporter Plan Required",
  supporterBody: "Generating images in chat comes with the True Supporter plan and above.",
  trainingBody: "Train this character so its images look like it.",
  guestLimit: "You've used the images guests can make. Sign Up Free to keep going.",
  upgrade: "See plans",
  nsfwHidden: "This image may contain adult content.",
  showImage: "Show image",
  generate: "Generate image",
  editPrompt: "Edit prompt",
  regenerate: "Regenerate image",
  progress: "Generating image",
} as const;
