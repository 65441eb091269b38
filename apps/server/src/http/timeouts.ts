import type { ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { ServerConfig } from "../config";
import type { App } from "../context";

/**
 * How long an idle keep-alive connection stays open between requests. Above the 60 s idle timeout of
 * common reverse proxies and load balancers, so the server never closes a connection a proxy is reusing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export type ServerTimeouts = {
  /** Time to receive a whole request, headers and body; then 408 and the connection is closed. */
  requestTimeout: number;
  /** Socket idle time (nothing read or written) while a request is answered; then the socket is closed. */
  connectionTimeout: number;
  keepAliveTimeout: number;
  /** Node's own settings: the headers deadline, and how often Node looks for connections past them. */
  http: Pick<ServerOptions, "requestTimeout" | "headersTimeout" | "connectionsCheckingInterval">;
};

/**
 * Fastify's timeouts from REQUEST_TIMEOUT_S. Node applies `requestTimeout` only until a request has been
 * received, so long responses (the chat's event stream) are not cut by it; the idle timeout lets them be
 * through `registerStreamIdleExemption`.
 */
export function serverTimeouts(config: Pick<ServerConfig, "requestTimeoutMs">): ServerTimeouts {
  const requestTimeout = config.requestTimeoutMs;
  return {
    requestTimeout,
    connectionTimeout: 2 * requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Fastify sets requestTimeout on the server after creating it; Node checks headersTimeout against it
      // when it creates the server, so both go here too.
      requestTimeout,
      headersTimeout: requestTimeout,
      // Node's default (30 s) would let a stalled request live up to a minute past a 30 s deadline.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.round(requestTimeout / 4))),
    },
  };
}

/**
 * A hijacked reply (the chat's server-sent events) stays open while the model is silent: a model server
 * may say nothing for up to LLM_TIMEOUT_S, and the embedded engine's queue and first load longer, and the
 * stream sends no heartbeats. Its generation ends it (finished, failed, or aborted when the client goes
 * away). Every other reply idle past the connection timeout, and a finished stream the client stopped
 * reading, is closed as Node would.
 */
export function registerStreamIdleExemption(app: App): void {
  app.addHook("onRequest", (_request, reply, done) => {
    // A listener on the response replaces Node's default on idle timeout (destroying the socket).
    reply.raw.on("timeout", (socket: Socket) => {
      if (reply.sent && !reply.raw.writableEnded) return;
      socket.destroy();
    });
    done();
  });
}
