import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3-compatible stores (header-signed requests, path-style URLs).
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export type SigningCredentials = { accessKeyId: string; secretAccessKey: string; region: string };

export const sha256Hex = (data: Buffer | string): string => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string): Buffer => createHmac("sha256", key).update(data).digest();

/** `20130524T000000Z` for a date. */
export const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** RFC 3986 encoding of one path segment or query part, as SigV4 wants it. */
const encodeRfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type CanonicalInput = {
  method: string;
  /** The request path, already URL-encoded as sent (S3 does not encode it twice). */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names → values; every one of them is signed. */
  headers: Record<string, string>;
  payloadHash: string;
};

export function canonicalRequest(input: CanonicalInput): { text: string; signedHeaders: string } {
  const names = Object.keys(input.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lowered = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((name) => `${name}:${String(lowered[name]).trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const query = [...input.query.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const signedHeaders = names.join(";");
  const text = [
    input.method.toUpperCase(),
    input.path || "/",
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  return { text, signedHeaders };
}

/** The hex signature of a canonical request at `date` (the x-amz-date value) for `service`. */
export function signature(
  credentials: SigningCredentials,
  service: string,
  amzDateValue: string,
  canonical: string,
): { signature: string; scope: string } {
  const day = amzDateValue.slice(0, 8);
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDateValue, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    "aws4_request",
  );
  return { signature: createHmac("sha256", key).update(stringToSign).digest("hex"), scope };
}

/**
 * The headers to send with a request to `url` (host, x-amz-date, x-amz-content-sha256, Authorization, and
 * the given ones, all signed).
 */
export function signRequest(
  credentials: SigningCredentials,
  request: { method: string; url: URL; headers?: Record<string, string>; payload?: Buffer; date?: Date },
  service = "s3",
): Record<string, string> {
  const date = amzDate(request.date ?? new Date());
  const payloadHash = sha256Hex(request.payload ?? Buffer.alloc(0));
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    host: request.url.host,
    "x-amz-date": date,
    "x-amz-content-sha256": payloadHash,
  };
  const { text, signedHeaders } = canonicalRequest({
    method: request.method,
    path: request.url.pathname,
    query: request.url.searchParams,
    headers,
    payloadHash,
  });
  const signed = signature(credentials, service, date, text);
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${signed.scope}, SignedHeaders=${signedHeaders}, Signature=${signed.signature}`,
  };
}

/** The parts of an `Authorization: AWS4-HMAC-SHA256 ...` header, or null when it is not one. */
export function parseAuthorization(
  header: string,
): { accessKeyId: string; scope: string; signedHeaders: string[]; signature: string } | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return null;
  return {
    accessKeyId: match[1] as string,
    scope: match[2] as string,
    signedHeaders: (match[3] as string).split(";"),
    signature: match[4] as string,
  };
}
