import type { FastifyReply } from "fastify";
import type { App, AppContext } from "../../context";
import { errorBody } from "../../http/errors";
import { MEDIA_URL_PREFIX, mediaKeyContentType } from "./keys";

/** Kinds of stored objects served over HTTP; LoRA files stay in the store (README). */
const SERVED_KINDS = new Set(["images", "audio"]);

const notFound = (reply: FastifyReply) =>
  reply.status(404).header("cache-control", "no-store").send(errorBody("not_found", "Not found."));

/**
 * `GET /media/<key>`: a stored image (or audio) by its server-made key, e.g. `/media/images/<uuid>.png`,
 * from the object store (local disk or S3-compatible). Keys never name a path: anything that is not a key
 * the server makes is a 404 before the store is asked. Names are unique, so answers are cached for a year.
 */
export function registerMediaRoutes(app: App, ctx: AppContext): void {
  app.get(`${MEDIA_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { "*"?: string })["*"] ?? "";
    const contentType = mediaKeyContentType(key);
    if (!contentType || !SERVED_KINDS.has(key.slice(0, key.indexOf("/")))) return notFound(reply);
    const stored = await ctx.objectStore.get(key);
    if (!stored) return notFound(reply);
    return reply
      .header("content-type", contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("content-length", stored.bytes.length)
      .send(stored.bytes);
  });
}
