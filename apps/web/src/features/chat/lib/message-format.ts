/** A run of message text: plain, an *action* (italic) or "dialogue" (quoted speech). */
export type TextSegment = { kind: "plain" | "action" | "dialogue"; text: string };

/**
 * Splits roleplay text into actions between asterisks and dialogue between double quotes (straight or
 * curly). Unclosed markers stay plain text. The result is rendered as text nodes, never as HTML.
 */
export function segmentMessage(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /\*([^*\n]+)\*|"([^"\n]+)"|“([^”\n]+)”/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: "plain", text: text.slice(last, index) });
    if (match[1] !== undefined) segments.push({ kind: "action", text: match[1] });
    else segments.push({ kind: "dialogue", text: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "plain", text: text.slice(last) });
  return segments;
}

/** Replaces the `{{char}}` and `{{user}}` macros for display. */
export function applyMacros(text: string, characterName: string, userName: string): string {
  return text.replace(/\{\{char\}\}/gi, characterName).replace(/\{\{user\}\}/gi, userName);
}
