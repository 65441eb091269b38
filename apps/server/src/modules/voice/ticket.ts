import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * A playback address's token: which message, for whom, in which voice, until when; signed with an HMAC
 * of the server's JWT secret. An <audio> element cannot send the session's bearer token, so `POST
 * /api/voice/speech` checks access and answers an address with this token, which `GET
 * /api/voice/audio` trusts until it expires.
 */
export type SpeechTicket = { messageId: string; userId: string; voiceId: string; expiresAt: number };

const payloadSchema = z.object({ m: z.string(), u: z.string(), v: z.string(), x: z.number() });

export function createTicketSigner(secret: string) {
  const key = createHmac("sha256", secret).update("hearth voice tickets").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    sign(ticket: SpeechTicket): string {
      const payload = Buffer.from(
        JSON.stringify({ m: ticket.messageId, u: ticket.userId, v: ticket.voiceId, x: ticket.expiresAt }),
      ).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    /** The ticket, or null when the token is malformed, forged or expired. */
    verify(token: string, now: number): SpeechTicket | null {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      const parsed = payloadSchema.safeParse(json);
      if (!parsed.success || parsed.data.x <= now) return null;
      return {
        messageId: parsed.data.m,
        userId: parsed.data.u,
        voiceId: parsed.data.v,
        expiresAt: parsed.data.x,
      };
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
