import { type ImageGate, imageGateFor, type Permission } from "@hearth/contracts";
import { definePolicy } from "../../../policy";

/** Who makes an image: their permissions (a guest's are the guest role's). */
export type ImageActor = { permissions: readonly Permission[] };

/** The character the image is of: whether its trained LoRA is ready (lora_status ready). */
export type ImageSubject = { loraReady: boolean };

export type { ImageGate };

/**
 * The image gate (chat spec 6), in order: a ready bot or conversation_images_v2 generates; otherwise
 * image_training opens the training dialog, conversation_images without training gets 'I'm All In'
 * required, and everyone else 'True Supporter Plan Required'. The web app reads the same function.
 */
export function imageGate(actor: ImageActor, subject: ImageSubject): ImageGate {
  return imageGateFor(actor.permissions, subject.loraReady);
}

type ImageSubjects = {
  /** Make an image of this character in a chat. */
  generate_image: ImageSubject;
};

export const can = definePolicy<ImageActor, ImageSubjects>({
  generate_image: (actor, subject) => imageGate(actor, subject) === "generate",
});
