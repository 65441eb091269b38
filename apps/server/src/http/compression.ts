import fastifyCompress from "@fastify/compress";
import type { App } from "../context";

/**
 * What leaves compressed: JSON, SVG and other text; never a server-sent event stream (each event must
 * reach the client as it is written) nor what is compressed already (pictures, archives, audio).
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?json|image\/svg\+xml)/;

/**
 * Answers over 1 KB leave compressed for clients that accept it (brotli at the library's fast setting,
 * else gzip): a page of characters (17 KB of JSON) goes out as about 4 KB, a seed avatar (SVG) as a third.
 * The web build's assets are compressed once at build time instead (static.ts sends those files as they
 * are). Request bodies are never decompressed: a small compressed upload could expand past every limit.
 * Registered before any route: the library adds its hook to each route as the route is declared, and a
 * route opts out with `compress: false` in its config.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
  });
}
