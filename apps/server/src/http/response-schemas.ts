import { errorBodySchema } from "@hearth/contracts";
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../context";
import { responseEncoder } from "./response-encoding";

/**
 * Every API route declares `schema.response` from the contracts for its success statuses, e.g.
 * `{ 200: characterSchema }` or `{ 204: noContent }`. The serializer (fastify-type-provider-zod's, set in
 * app.ts) encodes each JSON answer through its schema: the contracts' `z.object`s strip keys they do not
 * name, so a field a presenter adds by mistake never leaves the server, and a value of the wrong type
 * fails the answer (500) instead of reaching the client.
 *
 * Errors always answer `{"error":{"code","message","fields?"}}` (http/errors.ts): that schema is added
 * for 4xx and 5xx to every API route at registration, so routes name only their successes.
 */
/**
 * The app's serializer: each answer encoded through its route's schema (response-encoding.ts: `z.encode`'s
 * value, by the forward parse where that reads the same), then JSON. An answer that breaks its schema
 * fails as fastify-type-provider-zod's serializer fails it (a 500 from the error handler).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) throw new TypeError(`${method} ${url}: a response schema is not zod`);
  const encode = responseEncoder(schema);
  return (data) => {
    const result = encode(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

export const ERROR_RESPONSES = { "4xx": errorBodySchema, "5xx": errorBodySchema } as const;

/** An empty answer (204): nothing is serialized. */
export const noContent = z.undefined();

/**
 * The only success answers that declare no response schema, because no serializer ever sees them. Their
 * routes still get the error body. response-schemas.int.test.ts reads this list.
 */
export const RESPONSE_SCHEMA_EXEMPTIONS: readonly {
  method: string;
  url: string;
  status: number;
  reason: string;
}[] = [
  {
    method: "POST",
    url: "/api/generate",
    status: 200,
    reason:
      "a text/event-stream written on the hijacked reply (chat/generation/sse.ts); each event is one of the " +
      "contracts' event union (generateEventSchema), encoded through it there instead",
  },
  {
    method: "GET",
    url: "/api/generate/:stream_id",
    status: 200,
    reason:
      "the rest of a reply's text/event-stream (REPLY_STREAM), written on the hijacked reply as the frames " +
      "POST /api/generate encoded through generateEventSchema",
  },
  {
    method: "GET",
    url: "/api/voice/audio",
    status: 200,
    reason:
      "audio (WAV) streamed from the speech engine as it is spoken (modules/voice): a stream, unserialized",
  },
  {
    method: "GET",
    url: "/api/characters/:id/export",
    status: 200,
    reason: "a file download (the card as PNG or JSON bytes): Fastify sends a Buffer as it is, unserialized",
  },
  {
    method: "GET",
    url: "/api/conversations/:id/export",
    status: 200,
    reason: "a file download (the chat as SillyTavern JSONL or Hearth JSON text, transfer/presenter.ts)",
  },
  {
    method: "GET",
    url: "/api/account/export",
    status: 200,
    reason: "a file download (the member's data as a zip stream, transfer/archive.ts), unserialized",
  },
];

type ResponseSchemas = Record<string, unknown> | undefined;

/** The schema Fastify picks for a status: the exact code, then `4xx`-style, then `default`. */
export function responseSchemaFor(response: ResponseSchemas, status: number): unknown {
  if (!response) return undefined;
  return response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
}

/**
 * Adds the error body to every API route's response schemas (its own declarations win), and refuses
 * success answers without a schema (below). Registered before the route-access hook, which records the
 * result for the tests.
 */
export function registerResponseSchemas(app: App): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { ...ERROR_RESPONSES, ...declared } };
  });
  registerResponseSchemaGuard(app);
}

/**
 * A success answer with a JSON body from an API route must have a schema for its status: without one
 * Fastify would fall back to JSON.stringify, unchecked. Such an answer fails (500) instead. Errors are
 * left alone here: the error handler builds every one of them from the contracts' error codes.
 */
function registerResponseSchemaGuard(app: App): void {
  app.addHook("preSerialization", async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith("/api/") || reply.statusCode >= 400) return payload;
    if (responseSchemaFor(request.routeOptions.schema?.response as ResponseSchemas, reply.statusCode)) {
      return payload;
    }
    throw new Error(`${request.method} ${url} answered ${reply.statusCode} with no response schema for it`);
  });
}
