import { IMAGE_LIMITS } from "@hearth/contracts";

/** What the built prompt reads: the character, its scene and the newest messages (oldest first). */
export type ImagePromptSource = {
  character: { name: string; title: string; persona: string; scenario: string };
  messages: { role: "user" | "bot"; content: string }[];
  userName: string;
};

/** Negative prompt sent with every image (A1111; folded into the prompt for the OpenAI API). */
export const NEGATIVE_PROMPT = "lowres, bad anatomy, bad hands, text, watermark, signature, blurry, deformed";

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * The prompt made from the chat: who the character is (name, title, the start of its description), the
 * scene (scenario), and what just happened (the last IMAGE_LIMITS.promptMessages messages with text,
 * image messages skipped). `{{char}}` / `{{user}}` are written out. Bounded by IMAGE_LIMITS.promptMax.
 */
export function buildImagePrompt(source: ImagePromptSource): string {
  const names = (text: string) =>
    text.replace(/\{\{char\}\}/gi, source.character.name).replace(/\{\{user\}\}/gi, source.userName);
  const { character } = source;
  const who = [character.name, character.title].filter((part) => part.trim()).join(", ");
  const parts = [`${who}.`];
  if (character.persona.trim()) parts.push(clip(names(character.persona), 240));
  if (character.scenario.trim()) parts.push(`Scene: ${clip(names(character.scenario), 200)}`);
  const recent = source.messages
    .filter((message) => message.content.trim())
    .slice(-IMAGE_LIMITS.promptMessages)
    .map((message) => clip(names(message.content), 160));
  if (recent.length > 0) parts.push(`Moment: ${recent.join(" ")}`);
  return clip(parts.join(" "), IMAGE_LIMITS.promptMax);
}
