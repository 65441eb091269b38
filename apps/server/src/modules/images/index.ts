/**
 * Image engines: the A1111-compatible web API and the OpenAI-compatible images API behind one interface
 * (media/types.ts). Image generation in chat (the prompt, the gate, the stream) is chat/images.
 */
export { createA1111Engine } from "./a1111";
export { createImageEngine } from "./engine";
export { ImageEngineError } from "./http";
export { createOpenAiImagesEngine } from "./openai-images";
