/**
 * Splits Markdown at blank lines outside fenced code blocks. While a reply streams in, every block but
 * the last is complete, so each can be rendered once and kept (memoized on its text): a new token then
 * re-renders only the last block, not the whole reply. Joined back with blank lines it is the same text.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: { char: string; length: number } | null = null;
  for (const line of text.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      const char = marker.charAt(0);
      if (!fence) fence = { char, length: marker.length };
      else if (char === fence.char && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (!fence && line.trim() === "") {
      if (current.length > 0) blocks.push(current.join("\n"));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join("\n"));
  return blocks;
}
