import type { AuthResponse, ErrorBody } from "@hearth/contracts";
import { errorBodySchema } from "@hearth/contracts";
import { expect } from "vitest";
import { call, refreshCookieOf, type TestServer } from "../harness";

export const PASSWORD = "correct horse battery";
let counter = 0;
export const uniqueEmail = (domain = "example.test") => `member${++counter}-${Date.now()}@${domain}`;
/** A valid username nobody has yet (lower-case, at most 20 characters). */
export const uniqueUsername = (prefix = "user") =>
  `${prefix}${++counter}${Date.now().toString(36)}`.slice(0, 20).toLowerCase();

export type SignedUp = { email: string; token: string; cookie: string; user: AuthResponse["user"] };

export async function signUp(server: TestServer, email = uniqueEmail()): Promise<SignedUp> {
  const response = await call<AuthResponse>(server, "/api/auth/signup", {
    body: { email, password: PASSWORD },
  });
  expect(response.status).toBe(201);
  const cookie = refreshCookieOf(response.headers);
  if (!cookie) throw new Error("signup set no refresh cookie");
  return { email, token: response.body.access_token, user: response.body.user, cookie };
}

export async function guestToken(server: TestServer): Promise<string> {
  const response = await call<AuthResponse>(server, "/api/auth/guest", { method: "POST" });
  expect(response.status).toBe(201);
  return response.body.access_token;
}

/** Asserts the error shape, status and code; answers the error for further checks. */
export function expectError(
  response: { status: number; body: unknown },
  status: number,
  code: ErrorBody["error"]["code"],
): ErrorBody["error"] {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const parsed = errorBodySchema.parse(response.body);
  expect(parsed.error.code).toBe(code);
  return parsed.error;
}

/** A 400 whose message, and the field's message, are exactly `message`. */
export function expectInvalid(response: { status: number; body: unknown }, field: string, message: string) {
  const error = expectError(response, 400, "validation_error");
  expect(error.fields?.[field]).toBe(message);
  expect(error.message).toBe(message);
}
