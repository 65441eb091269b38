import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyRequest } from "fastify";
import type { App } from "../context";
import { AVATARS_DIR } from "../paths";
import { errorBody } from "./errors";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const AVATAR_CACHE = "public, max-age=2592000";
const WEB_NOT_BUILT =
  "Hearth's web app is not built yet. Run `npm run build -w @hearth/web` (or `npm start`), then reload.\n";

/** Paths that name files or the API: a miss there is a 404, never the single-page app. */
const NO_SPA_FALLBACK = /^\/(api|assets|avatars|uploads)(\/|$)/;

/**
 * Serves the built web app (hashed `/assets/*` cached for a year, everything else revalidated), seed
 * avatars under `/avatars/`, uploads under `/uploads/` (unique names, so cached for a year), and
 * `index.html` for every other GET so client-side routes load. The page carries the app config (branding,
 * flags) as a JSON data block, so the first screen renders without waiting for `/api/config`.
 */
export async function registerStaticFiles(
  app: App,
  webDist: string,
  uploadsDir: string,
  appConfig: (request: FastifyRequest) => Promise<unknown>,
): Promise<void> {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    cacheControl: false,
    setHeaders: (res) => res.setHeader("cache-control", IMMUTABLE),
  });

  if (existsSync(AVATARS_DIR)) {
    await app.register(fastifyStatic, {
      root: AVATARS_DIR,
      prefix: "/avatars/",
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader("cache-control", AVATAR_CACHE),
    });
  }

  const indexPath = join(webDist, "index.html");
  const hasWebApp = existsSync(indexPath);
  if (hasWebApp) {
    const assetsDir = join(webDist, "assets") + sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: "/",
      // Routes for the files present at start-up; other paths go straight to the fallback below.
      wildcard: false,
      // `/` renders index.html with the config below, like every client-side route.
      index: false,
      // The web build writes .br and .gz beside each text asset; serve them to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) =>
        res.setHeader("cache-control", path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
    });
  }

  const page = hasWebApp ? readFileSync(indexPath, "utf8") : "";
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?", 1)[0] ?? "/";
    const isPageRequest = request.method === "GET" || request.method === "HEAD";
    if (!isPageRequest || NO_SPA_FALLBACK.test(path)) {
      return reply.status(404).send(errorBody("not_found", "Not found."));
    }
    if (!hasWebApp) return reply.type("text/plain; charset=utf-8").send(WEB_NOT_BUILT);
    const html = page.replace("</head>", `${configBlock(await appConfig(request))}</head>`);
    return reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").send(html);
  });
}

/** JSON in a non-executable script element; `<` is escaped so no value can close the element. */
export function configBlock(config: unknown): string {
  const json = JSON.stringify(config).replaceAll("<", "\\u003c");
  return `<script id="app-config" type="application/json">${json}</script>`;
}
