import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  canonicalRequest,
  parseAuthorization,
  type SigningCredentials,
  sha256Hex,
  signature,
} from "../../src/modules/media/sigv4";
import { readBytes } from "./fake-http";

/**
 * A small S3-compatible server for tests: path-style `PUT/GET/HEAD/DELETE /{bucket}/{key}` on one
 * bucket, every request checked for a valid AWS Signature V4 (Authorization header, x-amz-date within 15
 * minutes, x-amz-content-sha256 matching the body). A bad or missing signature answers 403
 * SignatureDoesNotMatch / AccessDenied as S3 does; an unknown key 404 NoSuchKey.
 */
export type FakeS3 = {
  url: string;
  bucket: string;
  credentials: SigningCredentials;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Requests answered, and those refused for their signature. */
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
};

const xmlError = (res: ServerResponse, status: number, code: string) => {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
};

function verify(req: IncomingMessage, body: Buffer, credentials: SigningCredentials): string | null {
  const auth = parseAuthorization(String(req.headers.authorization ?? ""));
  if (!auth || auth.accessKeyId !== credentials.accessKeyId) return "AccessDenied";
  const date = String(req.headers["x-amz-date"] ?? "");
  const parsedDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!parsedDate) return "AccessDenied";
  const [, y, mo, d, h, mi, s] = parsedDate;
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Math.abs(Date.now() - at) > 15 * 60_000) return "RequestTimeTooSkewed";
  if (auth.scope !== `${date.slice(0, 8)}/${credentials.region}/s3/aws4_request`)
    return "AuthorizationHeaderMalformed";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== sha256Hex(body)) return "XAmzContentSHA256Mismatch";
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) {
    if (!auth.signedHeaders.includes(required)) return "AccessDenied";
  }
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = req.headers[name];
    if (value === undefined) return "AccessDenied";
    headers[name] = Array.isArray(value) ? value.join(",") : value;
  }
  const url = new URL(req.url ?? "/", "http://fake-s3");
  const { text } = canonicalRequest({
    method: req.method ?? "GET",
    path: url.pathname,
    query: url.searchParams,
    headers,
    payloadHash,
  });
  const expected = Buffer.from(signature(credentials, "s3", date, text).signature);
  const given = Buffer.from(auth.signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? null
    : "SignatureDoesNotMatch";
}

export async function startFakeS3(
  options: { bucket?: string; credentials?: Partial<SigningCredentials> } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? "hearth-test";
  const credentials: SigningCredentials = {
    accessKeyId: "AKIDFAKES3TEST",
    secretAccessKey: "fake/s3+secret/key",
    region: "eu-test-1",
    ...options.credentials,
  };
  const objects: FakeS3["objects"] = new Map();
  const requests: FakeS3["requests"] = [];

  const server: Server = createServer(async (req, res) => {
    const body = await readBytes(req);
    const path = new URL(req.url ?? "/", "http://fake-s3").pathname;
    const answer = (status: number, fn: () => void) => {
      requests.push({ method: req.method ?? "", path, status });
      fn();
    };
    const refusal = verify(req, body, credentials);
    if (refusal) return answer(403, () => xmlError(res, 403, refusal));
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix) || path.length === prefix.length) {
      return answer(404, () => xmlError(res, 404, "NoSuchBucket"));
    }
    const key = decodeURIComponent(path.slice(prefix.length));
    const stored = objects.get(key);
    switch (req.method) {
      case "PUT":
        objects.set(key, {
          bytes: body,
          contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
        });
        return answer(200, () => {
          res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
          res.end();
        });
      case "GET":
      case "HEAD":
        if (!stored) return answer(404, () => xmlError(res, 404, "NoSuchKey"));
        return answer(200, () => {
          res.writeHead(200, { "content-type": stored.contentType, "content-length": stored.bytes.length });
          res.end(req.method === "GET" ? stored.bytes : undefined);
        });
      case "DELETE":
        objects.delete(key);
        return answer(204, () => {
          res.writeHead(204);
          res.end();
        });
      default:
        return answer(405, () => xmlError(res, 405, "MethodNotAllowed"));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    credentials,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
