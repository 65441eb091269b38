import type { FastifyReply } from "fastify";

/**
 * The part of a download's file name taken from a name a member wrote: ASCII letters, digits, `-` and `_`
 * (accents dropped, spaces as `_`), at most 60 characters; `fallback` when nothing is left. A header
 * value outside ASCII would make Node refuse the response.
 */
export function fileBaseName(name: string, fallback: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 _-]/g, "")
    .trim()
    .replace(/\s+/g, "_");
  return ascii.slice(0, 60) || fallback;
}

/** Marks the reply as a file to save under `filename` (built with fileBaseName), never cached. */
export function asDownload(reply: FastifyReply, filename: string, contentType: string): FastifyReply {
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store");
}
