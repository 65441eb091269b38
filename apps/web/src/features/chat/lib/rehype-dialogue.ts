import type { Element, ElementContent, Root, RootContent, Text } from "hast";

/** Class of the spans that wrap "dialogue" (quoted speech) in a rendered message. */
export const DIALOGUE_CLASS = "chat-dialogue";

/** Speech between straight or curly double quotes, on one line. */
const DIALOGUE = /"[^"\n]+"|“[^”\n]+”/g;

/** Inline elements a quote may run through (e.g. `"Hello *waves* there"`). */
const INLINE = new Set(["em", "strong", "del", "a", "span", "br", "code", "sup", "sub"]);

/** A text node of an inline run, where it sits in the concatenated text of the run. */
type Piece = { node: Text; parent: Element | Root; start: number };

function isInline(node: RootContent): boolean {
  return node.type === "text" || (node.type === "element" && INLINE.has(node.tagName));
}

/**
 * Collects the text of an inline run in document order. Inline code and line breaks count as text
 * (so a quote can neither open nor close inside code, nor run over a line break), but only plain
 * text nodes are split and wrapped.
 */
function collect(nodes: readonly RootContent[], parent: Element | Root, pieces: Piece[], text: string[]) {
  for (const node of nodes) {
    if (node.type === "text") {
      pieces.push({ node, parent, start: text.join("").length });
      text.push(node.value);
    } else if (node.type === "element") {
      if (node.tagName === "br") text.push("\n");
      else if (node.tagName === "code") {
        const value = node.children.map((child) => (child.type === "text" ? child.value : "")).join("");
        text.push("\u0000".repeat(value.length));
      } else collect(node.children, node, pieces, text);
    }
  }
}

function dialogueSpan(value: string): Element {
  return {
    type: "element",
    tagName: "span",
    properties: { className: [DIALOGUE_CLASS] },
    children: [{ type: "text", value }],
  };
}

/** Wraps the quoted parts of one inline run's text nodes in dialogue spans. */
function highlightRun(nodes: readonly RootContent[], parent: Element | Root): void {
  const pieces: Piece[] = [];
  const text: string[] = [];
  collect(nodes, parent, pieces, text);
  const joined = text.join("");
  const ranges = [...joined.matchAll(DIALOGUE)].map((m) => [m.index, m.index + m[0].length] as const);
  if (ranges.length === 0) return;
  for (const { node, parent: owner, start } of pieces) {
    const end = start + node.value.length;
    const cuts = new Set([0, node.value.length]);
    for (const [from, to] of ranges) {
      if (from > start && from < end) cuts.add(from - start);
      if (to > start && to < end) cuts.add(to - start);
    }
    const points = [...cuts].sort((a, b) => a - b);
    const replacement: ElementContent[] = [];
    for (let i = 0; i < points.length - 1; i++) {
      const from = points[i] ?? 0;
      const to = points[i + 1] ?? 0;
      const value = node.value.slice(from, to);
      const quoted = ranges.some(([a, b]) => start + from >= a && start + to <= b);
      replacement.push(quoted ? dialogueSpan(value) : { type: "text", value });
    }
    const index = owner.children.indexOf(node);
    if (index !== -1) owner.children.splice(index, 1, ...replacement);
  }
}

/** Finds the inline runs of every block (paragraphs, list items, headings, cells) and highlights them. */
function walk(parent: Element | Root): void {
  if (parent.type === "element" && (parent.tagName === "pre" || parent.tagName === "code")) return;
  let run: RootContent[] = [];
  const flush = () => {
    if (run.length > 0) highlightRun(run, parent);
    run = [];
  };
  for (const child of [...parent.children]) {
    if (isInline(child)) {
      run.push(child);
      continue;
    }
    flush();
    if (child.type === "element") walk(child);
  }
  flush();
}

/**
 * Rehype plugin for roleplay text: "dialogue" between double quotes is wrapped in
 * `<span class="chat-dialogue">`, also when the quote runs through emphasis. Code is left alone.
 */
export function rehypeDialogue() {
  return (tree: Root): void => walk(tree);
}
