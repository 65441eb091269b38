/** Protocols a link in a message may use; anything else (javascript:, data:, vbscript:, file:) is dropped. */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The URL of a link or picture in a message, or "" when it must not be followed: only absolute http(s)
 * and mailto addresses, and in-message anchors (`#...`, footnotes). Relative paths are dropped too, so
 * a message cannot link into the app itself.
 */
export function safeLinkUrl(url: string): string {
  const trimmed = url.trim();
  if (/^#[\w-]*$/.test(trimmed)) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : "";
  } catch {
    return "";
  }
}
