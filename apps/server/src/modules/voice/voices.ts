import type { Voice } from "@hearth/contracts";

/**
 * The OpenAI speech API's voices (also accepted by Kokoro-FastAPI and LocalAI, which map them onto
 * their own), with the gender their sound is described by.
 */
export const OPENAI_VOICES: readonly Voice[] = [
  { id: "nova", name: "Nova", gender: "female", engine: "openai", description: "Bright and friendly" },
  { id: "shimmer", name: "Shimmer", gender: "female", engine: "openai", description: "Soft and clear" },
  { id: "alloy", name: "Alloy", gender: "female", engine: "openai", description: "Warm and balanced" },
  { id: "echo", name: "Echo", gender: "male", engine: "openai", description: "Calm and resonant" },
  { id: "fable", name: "Fable", gender: "male", engine: "openai", description: "Expressive, British" },
  { id: "onyx", name: "Onyx", gender: "male", engine: "openai", description: "Deep and steady" },
];

/** espeak-ng voices: a language with one of its female (+fN) or male (+mN) variants. */
export const ESPEAK_VOICES: readonly Voice[] = [
  { id: "en-us+f3", name: "Ava", gender: "female", engine: "espeak", description: "American English" },
  {
    id: "en-us+f4",
    name: "Mia",
    gender: "female",
    engine: "espeak",
    description: "American English, higher",
  },
  { id: "en-gb+f2", name: "Eleanor", gender: "female", engine: "espeak", description: "British English" },
  {
    id: "en-us+f5",
    name: "Grace",
    gender: "female",
    engine: "espeak",
    description: "American English, soft",
  },
  { id: "en-us+m3", name: "Ethan", gender: "male", engine: "espeak", description: "American English" },
  { id: "en-us+m7", name: "Noah", gender: "male", engine: "espeak", description: "American English, deep" },
  { id: "en-gb+m1", name: "Oliver", gender: "male", engine: "espeak", description: "British English" },
  {
    id: "en-gb-scotland+m4",
    name: "Callum",
    gender: "male",
    engine: "espeak",
    description: "Scottish English",
  },
];
