/**
 * Images in chat: the image engines (A1111-compatible web API, OpenAI-compatible images API), the prompt
 * built from the chat, the image gate (chat spec 6) and the generation that streams progress over the
 * generate call's event stream.
 */
export { createA1111Engine } from "./a1111";
export { createImageEngine } from "./engine";
export { type GuestImageAllowance, guestImageAllowance } from "./guest-allowance";
export { createOpenAiImagesEngine } from "./openai-images";
export { can, type ImageGate, imageGate } from "./policy";
export { buildImagePrompt } from "./prompt";
export { type ImageDeps, type PreparedImage, prepareImage, runImage } from "./service";
