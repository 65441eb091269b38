/**
 * Images in chat: the prompt built from the chat, the image gate (chat spec 6), the guests' allowance and
 * the generation that streams progress over the generate call's event stream (engines: modules/images).
 */
export { type GuestImageAllowance, guestImageAllowance } from "./guest-allowance";
export { can, type ImageGate, imageGate } from "./policy";
export { buildImagePrompt } from "./prompt";
export { type ImageDeps, type PreparedImage, prepareImage, runImage } from "./service";
