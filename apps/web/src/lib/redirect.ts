const ORIGIN = "http://hearth.invalid";
const AUTH_PAGES = new Set(["/login", "/register"]);

/**
 * Returns a safe in-app path from a `redirect` query value: a same-site path starting with a single "/".
 * Anything else (absolute URLs, protocol-relative "//host", backslash tricks, control characters,
 * the sign-in pages themselves) falls back to `fallback`.
 */
export function sanitizeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  if (AUTH_PAGES.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect=...` for the given in-app location. */
export function loginPathFor(pathAndSearch: string): string {
  const target = sanitizeRedirect(pathAndSearch, "");
  return target && target !== "/" ? `/login?redirect=${encodeURIComponent(target)}` : "/login";
}
