import rateLimit, { type RateLimitPluginOptions } from "@fastify/rate-limit";
import { AUTH_RATE_LIMIT } from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "../config";
import type { App } from "../context";
import { optionalMember } from "../kernel/auth-context";
import { AppError } from "./errors";

export type RouteRateLimit = { max: number; timeWindow: number };

/**
 * Where the counters live. In memory suits one process; to share limits between several instances,
 * return `{ redis }` (or a custom `store`) here and nothing else changes.
 */
function rateLimitStore(_config: ServerConfig): Pick<RateLimitPluginOptions, "redis" | "store"> {
  return {};
}

/** Registers the plugin without a global limit; routes opt in with `config: { rateLimit }`. */
export async function registerRateLimit(app: App, config: ServerConfig): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...rateLimitStore(config),
    errorResponseBuilder: () => new AppError(429, "rate_limited"),
  });
}

export function authRateLimit(config: ServerConfig): RouteRateLimit {
  return { max: config.authRateLimitMax, timeWindow: AUTH_RATE_LIMIT.timeWindowMs };
}

export function refreshRateLimit(config: ServerConfig): RouteRateLimit {
  return { max: config.refreshRateLimitMax, timeWindow: AUTH_RATE_LIMIT.timeWindowMs };
}

export const perMinute = (max: number): RouteRateLimit => ({ max, timeWindow: 60_000 });

/**
 * A limit per member (by their id; anyone else by address), counted after authentication (`preHandler`),
 * each route its own counter: member reports (`REPORT_RATE_LIMIT`) declare it.
 */
export function perMember(limit: { max: number; timeWindowMs: number }, name: string) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest): string => {
      const member = optionalMember(request.auth);
      return member ? `${name}:${member.id}` : request.ip;
    },
  };
}
