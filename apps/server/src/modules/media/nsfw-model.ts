/** The nsfwjs MobileNetV2 model's classes and input size (shared by the classifier and its thread). */
export const NSFW_CLASS_NAMES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
/** The model's input size; images are resized to it with sharp before the model sees them. */
export const NSFW_INPUT_SIZE = 224;
