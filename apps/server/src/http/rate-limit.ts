import rateLimit, { type RateLimitPluginOptions } from "@fastify/rate-limit";
import { AUTH_RATE_LIMIT } from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import type { ServerConfig } from "../config";
import type { App } from "../context";
import { sessionKeyOf } from "../kernel/auth-context";
import { AppError } from "./errors";

export type RouteRateLimit = { max: number; timeWindow: number };

/**
 * Registers the plugin without a global limit; routes opt in with `config: { rateLimit }`. The counters
 * live in this process, or in Redis (REDIS_URL) so that every instance counts against the same limits.
 */
export async function registerRateLimit(app: App, redis: Redis | null): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? ({ redis, nameSpace: "hearth:rate-limit:" } satisfies RateLimitPluginOptions) : {}),
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
 * A limit per session (a member's id or a guest's; anyone else by address), counted after authentication
 * (`preHandler`), each route its own counter (`name`): generation, the waiting room's polls, reports, and
 * checkout and portal calls (households share an address).
 */
export function perSession(limit: { max: number; timeWindowMs: number }, name: string) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest): string => {
      const session = sessionKeyOf(request.auth);
      return session ? `${name}:${session}` : request.ip;
    },
  };
}
