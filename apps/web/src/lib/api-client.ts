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

/** Called once by the session provider: renews the access token when the server says it expired. */
export function setRefreshHandler(handler: () => Promise<string | null>): void {
  refreshHandler = handler;
}

type RequestOptions<T> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  retryOnExpiredToken?: boolean;
};

/** JSON request to `/api/...`; parses the answer with `schema` when given and throws `ApiError` otherwise. */
export async function apiFetch<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = "GET", body, schema, signal, retryOnExpiredToken = true } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "It looks like you're offline...");
  }
  if (response.status === 401 && retryOnExpiredToken && accessToken && refreshHandler) {
    const renewed = await refreshHandler();
    if (renewed) return apiFetch(path, { ...options, retryOnExpiredToken: false });
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json();
  return schema ? schema.parse(json) : (json as T);
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return new ApiError(response.status, "internal_error", "Uh oh, something went wrong");
  }
  const { code, message, fields }: ErrorBody["error"] = parsed.data.error;
  return new ApiError(response.status, code, message, fields);
}
