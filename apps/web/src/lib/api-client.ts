import { type ErrorBody, type ErrorCode, errorBodySchema } from "@hearth/contracts";
import type { z } from "zod";

/** An API failure with the server's error code, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network_error",
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

let accessToken: string | null = null;
let refreshHandler: (() => Promise<string | null>) | null = null;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/**
 * Set by the session provider while it is mounted: renews the access token when the server says it
 * expired. Answers a function that takes it back (unless another has been set since).
 */
export function setRefreshHandler(handler: () => Promise<string | null>): () => void {
  refreshHandler = handler;
  return () => {
    if (refreshHandler === handler) refreshHandler = null;
  };
}

let restrictionHandler: (() => void) | null = null;

/**
 * Set by the session provider while it is mounted: when the server refuses a request because the account
 * has just been restricted or limited, the session reloads the user so the restriction screen or ban
 * notice shows. Answers a function that takes it back (unless another has been set since).
 */
export function setRestrictionHandler(handler: () => void): () => void {
  restrictionHandler = handler;
  return () => {
    if (restrictionHandler === handler) restrictionHandler = null;
  };
}

const RESTRICTION_CODES: readonly string[] = ["account_restricted", "account_limited"];

type RequestOptions<T> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as well as the client's own (Accept, Content-Type, Authorization). */
  headers?: Record<string, string>;
  /** JSON-encoded, except FormData which is sent as multipart. */
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  retryOnExpiredToken?: boolean;
};

/** JSON request to `/api/...`; parses the answer with `schema` when given and throws `ApiError` otherwise. */
export async function apiFetch<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { schema } = options;
  const response = await send(path, options, "application/json");
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json();
  return schema ? schema.parse(json) : (json as T);
}

/** GET of a file (e.g. an export) with the session's authorization; answers the body and its file name. */
export async function apiFetchFile(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options, "*/*");
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

/**
 * A request whose answer is a stream (server-sent events): the raw response, after the same authorization,
 * token renewal and error handling as `apiFetch`; read it with `response.body`. A POST by default; a GET
 * resumes a stream (its `Last-Event-ID` in `headers`).
 */
export function apiFetchStream(
  path: string,
  options: {
    method?: "GET" | "POST";
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  },
): Promise<Response> {
  return send(path, { ...options, method: options.method ?? "POST" }, "text/event-stream");
}

async function send(
  path: string,
  options: Omit<RequestOptions<unknown>, "schema">,
  accept: string,
): Promise<Response> {
  const { method = "GET", body, signal, retryOnExpiredToken = true } = options;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "It looks like you're offline...");
  }
  if (response.status === 401 && retryOnExpiredToken && accessToken && refreshHandler) {
    const renewed = await refreshHandler();
    if (renewed) return send(path, { ...options, retryOnExpiredToken: false }, accept);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (RESTRICTION_CODES.includes(error.code)) restrictionHandler?.();
    throw error;
  }
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return new ApiError(response.status, "internal_error", "Uh oh, something went wrong");
  }
  const { code, message, fields }: ErrorBody["error"] = parsed.data.error;
  return new ApiError(response.status, code, message, fields);
}
