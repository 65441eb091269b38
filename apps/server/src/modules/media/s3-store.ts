import type { ServerConfig } from "../../config";
import { assertMediaKey } from "./keys";
import { signRequest } from "./sigv4";
import type { ObjectStore, StoredObject } from "./types";

type S3Settings = NonNullable<ServerConfig["s3"]>;

/** Thrown when the S3-compatible store answers a request with an unexpected status. */
export class ObjectStoreError extends Error {}

/**
 * An S3-compatible store (AWS S3, MinIO, R2, ...): path-style requests `{S3_ENDPOINT}/{S3_BUCKET}/{key}`,
 * signed with AWS Signature V4 (UNSIGNED payloads are never sent: the body's SHA-256 is signed).
 */
export function createS3ObjectStore(
  settings: S3Settings,
  options: { timeoutMs?: number } = {},
): ObjectStore & { readonly kind: "s3" } {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const urlOf = (key: string) => {
    assertMediaKey(key);
    return new URL(`${settings.endpoint}/${encodeURIComponent(settings.bucket)}/${key}`);
  };
  const send = async (method: "GET" | "PUT" | "DELETE", key: string, body?: Buffer, contentType?: string) => {
    const url = urlOf(key);
    const headers = signRequest(settings, {
      method,
      url,
      headers: contentType ? { "content-type": contentType } : {},
      payload: body,
    });
    // fetch sets Host itself (to url.host, which is what was signed).
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: sent,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  };
  const fail = async (what: string, response: Response): Promise<never> => {
    const text = await response.text().catch(() => "");
    throw new ObjectStoreError(`S3 ${what} answered ${response.status}: ${text.slice(0, 200)}`);
  };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const response = await send("PUT", key, bytes, contentType);
      if (!response.ok) await fail(`PUT ${key}`, response);
      await response.arrayBuffer();
    },
    async get(key): Promise<StoredObject | null> {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail(`GET ${key}`, response);
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await fail(`DELETE ${key}`, response);
      await response.arrayBuffer();
    },
  };
}
