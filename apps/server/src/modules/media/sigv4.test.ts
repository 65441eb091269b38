import { describe, expect, it } from "vitest";
import { amzDate, canonicalRequest, parseAuthorization, sha256Hex, signature, signRequest } from "./sigv4";

/** AWS's published example (S3 API reference, "Example: GET Object", header-based SigV4). */
const AWS = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

describe("AWS Signature V4", () => {
  it("reproduces AWS's GET Object example", () => {
    const { text, signedHeaders } = canonicalRequest({
      method: "GET",
      path: "/test.txt",
      query: new URLSearchParams(),
      headers: {
        host: "examplebucket.s3.amazonaws.com",
        range: "bytes=0-9",
        "x-amz-content-sha256": EMPTY_SHA256,
        "x-amz-date": "20130524T000000Z",
      },
      payloadHash: EMPTY_SHA256,
    });
    expect(signedHeaders).toBe("host;range;x-amz-content-sha256;x-amz-date");
    expect(sha256Hex(text)).toBe("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
    const signed = signature(AWS, "s3", "20130524T000000Z", text);
    expect(signed.scope).toBe("20130524/us-east-1/s3/aws4_request");
    expect(signed.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("signs a request's host, date, payload hash and given headers", () => {
    const headers = signRequest(AWS, {
      method: "PUT",
      url: new URL("http://127.0.0.1:9000/bucket/images/a.png"),
      headers: { "Content-Type": "image/png" },
      payload: Buffer.from("hello"),
      date: new Date("2026-01-02T03:04:05.678Z"),
    });
    expect(headers.host).toBe("127.0.0.1:9000");
    expect(headers["x-amz-date"]).toBe("20260102T030405Z");
    expect(headers["x-amz-content-sha256"]).toBe(sha256Hex("hello"));
    const parsed = parseAuthorization(headers.authorization ?? "");
    expect(parsed).toMatchObject({
      accessKeyId: AWS.accessKeyId,
      scope: "20260102/us-east-1/s3/aws4_request",
      signedHeaders: ["content-type", "host", "x-amz-content-sha256", "x-amz-date"],
    });
    // A different payload, or key, signs differently.
    const other = signRequest(AWS, {
      method: "PUT",
      url: new URL("http://127.0.0.1:9000/bucket/images/a.png"),
      headers: { "Content-Type": "image/png" },
      payload: Buffer.from("hellO"),
      date: new Date("2026-01-02T03:04:05.678Z"),
    });
    expect(other.authorization).not.toBe(headers.authorization);
  });

  it("formats x-amz-date and refuses other Authorization schemes", () => {
    expect(amzDate(new Date("2013-05-24T00:00:00.000Z"))).toBe("20130524T000000Z");
    expect(parseAuthorization("Bearer abc")).toBeNull();
  });
});
