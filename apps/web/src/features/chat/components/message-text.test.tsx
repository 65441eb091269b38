import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks } from "../lib/markdown-blocks";
import { DIALOGUE_CLASS } from "../lib/rehype-dialogue";
import { safeLinkUrl } from "../lib/safe-url";
import { MessageText, StreamingText } from "./message-text";

function renderText(text: string): HTMLElement {
  const { container } = render(<MessageText text={text} />);
  const root = container.querySelector<HTMLElement>(".chat-markdown");
  if (!root) throw new Error("no markdown root");
  return root;
}

const dialogues = (root: HTMLElement) =>
  [...root.querySelectorAll(`.${DIALOGUE_CLASS}`)].map((element) => element.textContent);

describe("MessageText: Markdown for roleplay", () => {
  it("renders bold, bold italic, italic actions and strikethrough", () => {
    const root = renderText("**bold** and ***both*** then *smiles* and ~~gone~~");
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect(root.querySelector("em strong, strong em")?.textContent).toBe("both");
    expect([...root.querySelectorAll("em")].map((e) => e.textContent)).toContain("smiles");
    expect(root.querySelector("del")?.textContent).toBe("gone");
    expect(root.textContent).not.toContain("*");
    expect(root.textContent).not.toContain("~");
  });

  it("keeps an action that spans lines in one italic run, with the line break", () => {
    const root = renderText("*she leans closer\nand whispers* Hello");
    const em = root.querySelector("em");
    expect(em?.textContent).toBe("she leans closer\nand whispers");
    expect(em?.querySelector("br")).not.toBeNull();
  });

  it("renders lists, code, headings and tables", () => {
    const root = renderText(
      [
        "# Chapter One",
        "",
        "- apples",
        "- pears",
        "",
        "1. first",
        "2. second",
        "",
        "Use `npm test` or:",
        "",
        "```",
        "const x = '*not italic*';",
        "```",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
      ].join("\n"),
    );
    expect(root.textContent).toContain("Chapter One");
    expect(root.textContent).not.toContain("#");
    // A message's heading looks like one but is not a heading of the page.
    expect(root.querySelector("h1, h2, h3, h4, h5, h6")).toBeNull();
    expect([...root.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["apples", "pears"]);
    expect([...root.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["first", "second"]);
    expect(root.querySelector("p code")?.textContent).toBe("npm test");
    expect(root.querySelector("pre code")?.textContent).toBe("const x = '*not italic*';\n");
    expect(root.querySelector("pre em")).toBeNull();
    expect(root.querySelectorAll("table td")).toHaveLength(2);
  });

  it("highlights dialogue in straight and curly quotes, also through an action, but not in code", () => {
    const root = renderText('"Hello there," she said. “Welcome!” `"not dialogue"`');
    expect(dialogues(root)).toEqual(['"Hello there,"', "“Welcome!”"]);
    const through = renderText('"Wait *grabs your arm* for me"');
    expect(dialogues(through).join("")).toBe('"Wait grabs your arm for me"');
    expect(through.querySelector(`em .${DIALOGUE_CLASS}`)?.textContent).toBe("grabs your arm");
    expect(dialogues(renderText('an "unclosed quote\nover lines"'))).toEqual([]);
  });

  it("never turns HTML in a message into live elements", () => {
    const root = renderText(
      [
        '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">',
        "",
        '<a href="javascript:alert(1)">click</a> <iframe src="https://evil.example"></iframe>',
        "",
        '<div onclick="alert(1)">div</div>',
      ].join("\n"),
    );
    expect(root.querySelector("script, img, iframe, div")).toBeNull();
    expect(root.querySelector("a")).toBeNull();
    expect(root.querySelector("[onerror], [onclick]")).toBeNull();
    // Shown as the text it is.
    expect(root.textContent).toContain("<script>window.hacked = true</script>");
    expect(root.textContent).toContain('<img src=x onerror="window.hacked = true">');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("drops javascript: and data: link targets and opens safe links in a new tab", () => {
    const root = renderText(
      "[evil](javascript:alert(1)) [ev2](JaVaScRiPt:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) " +
        "[rel](/account) [ok](https://example.com/page) <javascript:alert(1)> www.example.org",
    );
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/page",
      "http://www.example.org/",
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
      expect(link.getAttribute("rel")).toContain("noreferrer");
    }
    expect(root.textContent).toContain("evil");
    for (const element of root.querySelectorAll("*")) {
      for (const attribute of element.attributes) expect(attribute.value).not.toMatch(/javascript:|data:/i);
    }
  });

  it("does not load pictures from a message", () => {
    const root = renderText("![a cat](https://tracker.example/cat.png) ![x](javascript:alert(1))");
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("a")?.getAttribute("href")).toBe("https://tracker.example/cat.png");
    expect(root.textContent).toContain("[image: a cat]");
    expect(root.innerHTML).not.toContain("javascript:");
  });
});

describe("safeLinkUrl", () => {
  it("allows only http(s), mailto and in-page anchors", () => {
    expect(safeLinkUrl("https://a.example/x")).toBe("https://a.example/x");
    expect(safeLinkUrl("mailto:a@b.example")).toBe("mailto:a@b.example");
    expect(safeLinkUrl("#user-content-fn-1")).toBe("#user-content-fn-1");
    for (const bad of [
      "javascript:alert(1)",
      " java\tscript:alert(1)",
      "data:text/html,x",
      "/relative",
      "vbscript:x",
    ]) {
      expect(safeLinkUrl(bad)).toBe("");
    }
  });
});

describe("StreamingText: a reply while it streams in", () => {
  it("splits at blank lines outside fenced code blocks (either fence, closed only by its own kind)", () => {
    const text = [
      "*waves*",
      "",
      "```",
      "a",
      "",
      "b",
      "```",
      "",
      "",
      "- x",
      "- y",
      "",
      "~~~~",
      "```",
      "",
      "~~~~",
      "end",
    ].join("\n");
    expect(splitMarkdownBlocks(text)).toEqual([
      "*waves*",
      "```\na\n\nb\n```",
      "- x\n- y",
      "~~~~\n```\n\n~~~~\nend",
    ]);
    expect(splitMarkdownBlocks("")).toEqual([]);
    expect(splitMarkdownBlocks("one line")).toEqual(["one line"]);
  });

  it("renders the same Markdown as a finished message, block by block", () => {
    const text =
      '*smiles* "Hi," she says.\n\n**Bold** and ~~gone~~\n\n```\nconst a = 1;\n\nconst b = 2;\n```\n\n1. one\n2. two';
    const { container } = render(<StreamingText text={text} />);
    const root = container.querySelector<HTMLElement>(".chat-markdown");
    expect(root?.querySelector("em")?.textContent).toBe("smiles");
    expect(root?.querySelector(`.${DIALOGUE_CLASS}`)?.textContent).toBe('"Hi,"');
    expect(root?.querySelector("strong")?.textContent).toBe("Bold");
    expect(root?.querySelector("del")?.textContent).toBe("gone");
    expect(root?.querySelector("pre code")?.textContent).toBe("const a = 1;\n\nconst b = 2;\n");
    expect(root?.querySelectorAll("ol > li")).toHaveLength(2);
    expect(root?.textContent?.replace(/\s+/g, "")).toBe(renderText(text).textContent?.replace(/\s+/g, ""));
  });
});
