import { randomBytes, randomUUID } from "node:crypto";
import { BILLING_TEXTS } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type BillingTestCardRow, billingTestCards, billingTestCharges } from "../../db/schema";
import type { CardDetails, ChargeRequest, ChargeResult, PaymentProcessor } from "./processor";

export const TEST_PROCESSOR_PATHS = {
  card: "/api/checkout/test-processor/card",
  cardScript: "/api/checkout/test-processor/card.js",
  tokens: "/api/checkout/test-processor/tokens",
  challenge: (id: string) => `/api/checkout/test-processor/3ds/${id}`,
  challengeScript: "/api/checkout/test-processor/3ds.js",
} as const;

type Behaviour = BillingTestCardRow["behaviour"];

/**
 * The test cards (README): approved, declined, needs 3-D Secure, approved now but failing off-session
 * (renewals, a later rebill or upgrade). Any other card number that passes the checks is approved.
 */
const TEST_CARD_BEHAVIOURS: Record<string, Behaviour> = {
  "4242424242424242": "approve",
  "4000000000000002": "decline",
  "4000002760003184": "three_ds",
  "4000000000000341": "fail_off_session",
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith("4")) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^6(011|5)/.test(digits)) return "Discover";
  return "Card";
}

/** MM/YY or MM/YYYY, not in the past (by the given time). */
export function parseExpiry(exp: string, now: Date): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(exp);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return null;
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

export type TestCardInput = { number: string; exp: string; cvc: string };

/** Checks a card as the hosted page does; the token's details, or null when invalid. */
export async function tokenizeTestCard(
  db: Database,
  input: TestCardInput,
  now: Date,
): Promise<CardDetails | null> {
  const digits = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return null;
  const exp = parseExpiry(input.exp, now);
  if (!exp) return null;
  const brand = brandOf(digits);
  if (!(brand === "American Express" ? /^\d{4}$/ : /^\d{3}$/).test(input.cvc.trim())) return null;
  const token = `tok_test_${randomBytes(18).toString("base64url")}`;
  const row = {
    token,
    last4: digits.slice(-4),
    brand,
    exp,
    behaviour: TEST_CARD_BEHAVIOURS[digits] ?? "approve",
  };
  await db.insert(billingTestCards).values(row);
  return { token, last4: row.last4, brand, exp };
}

/**
 * The built-in test processor: no money moves. Its card page and 3-D Secure page are served by this app
 * (routes.ts); its cards and approved charges are rows of its own (billing_test_cards, billing_test_charges).
 */
export function createTestProcessor(db: Database): PaymentProcessor {
  async function findCard(token: string): Promise<BillingTestCardRow | null> {
    if (!token.startsWith("tok_test_")) return null;
    const [row] = await db.select().from(billingTestCards).where(eq(billingTestCards.token, token)).limit(1);
    return row ?? null;
  }

  async function approve(request: ChargeRequest): Promise<ChargeResult> {
    await db
      .insert(billingTestCharges)
      .values({
        idempotencyKey: request.idempotencyKey,
        reference: `ch_test_${randomBytes(12).toString("hex")}`,
        token: request.token,
        amountCents: request.amountCents,
      })
      .onConflictDoNothing();
    const [charge] = await db
      .select({ reference: billingTestCharges.reference })
      .from(billingTestCharges)
      .where(eq(billingTestCharges.idempotencyKey, request.idempotencyKey));
    if (!charge) throw new Error("The test processor lost a charge");
    return { outcome: "approved", reference: charge.reference };
  }

  return {
    name: "test",
    testMode: true,
    cardPageUrl: TEST_PROCESSOR_PATHS.card,
    publishableKey: null,
    challengeUrl: TEST_PROCESSOR_PATHS.challenge,
    async card(token) {
      const row = await findCard(token);
      return row ? { token: row.token, last4: row.last4, brand: row.brand, exp: row.exp } : null;
    },
    async charge(request) {
      const card = await findCard(request.token);
      if (!card) return { outcome: "declined", message: BILLING_TEXTS.invalidCard };
      // A repeated key answers the charge it already made.
      const [done] = await db
        .select({ reference: billingTestCharges.reference })
        .from(billingTestCharges)
        .where(eq(billingTestCharges.idempotencyKey, request.idempotencyKey));
      if (done) return { outcome: "approved", reference: done.reference };
      if (request.amountCents === 0) return approve(request);
      switch (card.behaviour) {
        case "decline":
          return { outcome: "declined", message: BILLING_TEXTS.declined };
        case "fail_off_session":
          return request.initial
            ? approve(request)
            : { outcome: "declined", message: BILLING_TEXTS.declined };
        case "three_ds": {
          if (!request.customerPresent) return approve(request);
          const challengeId = randomUUID();
          return { outcome: "challenge", challengeId, url: TEST_PROCESSOR_PATHS.challenge(challengeId) };
        }
        default:
          return approve(request);
      }
    },
    async confirmChallenge(request) {
      const card = await findCard(request.token);
      if (!card) return { outcome: "declined", message: BILLING_TEXTS.invalidCard };
      return approve(request);
    },
  };
}
