import { describe, expect, it } from "vitest";
import { createTicketSigner } from "./ticket";

const ticket = { messageId: "m1", userId: "u1", voiceId: "nova", expiresAt: 2_000 };

describe("speech tickets", () => {
  const signer = createTicketSigner("a-secret-of-at-least-thirty-two-characters");

  it("round-trips until it expires", () => {
    const token = signer.sign(ticket);
    expect(signer.verify(token, 1_000)).toEqual(ticket);
    expect(signer.verify(token, 2_000)).toBeNull();
  });

  it("refuses a changed payload, another secret's signature and garbage", () => {
    const token = signer.sign(ticket);
    const [, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ m: "m2", u: "u1", v: "nova", x: 2_000 })).toString("base64url")}.${signature}`;
    expect(signer.verify(forged, 1_000)).toBeNull();
    expect(createTicketSigner("another-secret-of-thirty-two-characters!").verify(token, 1_000)).toBeNull();
    expect(signer.verify("nonsense", 1_000)).toBeNull();
    expect(signer.verify(`${token}.x`, 1_000)).toBeNull();
  });
});
