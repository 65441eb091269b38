import { REFRESH_COOKIE, TIMINGS } from "@hearth/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";

const COOKIE_PATH = "/api/auth";

export function readRefreshCookie(request: FastifyRequest): string | null {
  return request.cookies[REFRESH_COOKIE] || null;
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  forceSecure: boolean,
) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: forceSecure || request.protocol === "https",
    maxAge: TIMINGS.refreshTokenTtlSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: "lax" });
}
