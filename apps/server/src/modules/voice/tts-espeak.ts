import { spawn } from "node:child_process";
import { type SpeechAudio, type SpeechEngine, startedStream, VoiceEngineError } from "./engine";
import { ESPEAK_VOICES } from "./voices";

/** Words per minute: a little slower than espeak-ng's 175, easier to follow. */
const WORDS_PER_MINUTE = "160";

/**
 * The embedded engine: Debian's espeak-ng, run per reply with the text on its standard input and the WAV
 * read from its standard output as it is written. Without espeak-ng installed, voice is not available.
 */
export function createEspeakEngine(binary = "espeak-ng"): SpeechEngine {
  let installed: Promise<boolean> | null = null;
  return {
    name: "espeak",
    voices: ESPEAK_VOICES,
    available() {
      installed ??= new Promise<boolean>((resolve) => {
        const child = spawn(binary, ["--version"], { stdio: "ignore" });
        child.once("error", () => resolve(false));
        child.once("close", (code) => resolve(code === 0));
      });
      return installed;
    },
    async speak({ text, voiceId }, signal): Promise<SpeechAudio> {
      const child = spawn(binary, ["--stdout", "-v", voiceId, "-s", WORDS_PER_MINUTE], {
        stdio: ["pipe", "pipe", "ignore"],
        signal,
      });
      const failed = new Promise<never>((_, reject) => {
        child.once("error", (error) => reject(new VoiceEngineError(`espeak-ng failed: ${error.message}`)));
      });
      failed.catch(() => undefined);
      child.stdin.on("error", () => undefined);
      child.stdin.end(text);
      // The member stopped listening (the stream was destroyed): stop speaking.
      child.stdout.once("close", () => child.kill());
      const body = await Promise.race([startedStream(child.stdout), failed]);
      return { contentType: "audio/wav", body };
    },
  };
}
