import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for Stripe's HTTP API, for exactly the calls the Stripe processor makes (the
 * official `stripe` package is pointed at it with host, port and protocol): customers create,
 * payment_methods retrieve and attach, payment_intents create, retrieve, confirm and cancel. Form-encoded
 * requests, JSON answers, `Idempotency-Key` replays the first answer, card errors answer 402.
 *
 * Cards are made by the test (`paymentMethod(behaviour)`), as Stripe Elements would in the browser.
 */
export type FakeCardBehaviour = "approve" | "decline" | "three_ds" | "fail_off_session";

type PaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  behaviour: FakeCardBehaviour;
};

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: "succeeded" | "requires_action" | "requires_payment_method" | "requires_confirmation" | "canceled";
  setup_future_usage: string | null;
  next_action: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } } | null;
  last_payment_error: { message: string; code: string } | null;
  metadata: Record<string, string>;
  off_session: boolean;
};

export type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  refunds: { object: "list"; data: { id: string; object: "refund"; amount: number; charge: string }[] };
};

export type FakeStripe = {
  url: string;
  requests: { method: string; path: string; params: Record<string, string> }[];
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  intents: Map<string, Intent>;
  paymentMethod(behaviour: FakeCardBehaviour): string;
  /**
   * Refunds `amount` cents of a succeeded intent (as the Dashboard would): the charge as Stripe's
   * `charge.refunded` event carries it, with every refund of the charge so far.
   */
  refund(intentId: string, amount: number): FakeCharge;
  /** The customer passes (or fails) the 3-D Secure page: the intent succeeds (or needs a new card). */
  finishThreeDs(intentId: string, passed: boolean): Intent;
  close(): Promise<void>;
};

const LAST4: Record<FakeCardBehaviour, string> = {
  approve: "4242",
  decline: "0002",
  three_ds: "3184",
  fail_off_session: "0341",
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "request-id": `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

const cardError = (message: string, code: string, intent?: Intent) => ({
  error: { type: "card_error", code, decline_code: code, message, payment_intent: intent },
});
const notFound = (what: string) => ({
  error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
});

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const next = (prefix: string) => {
    counter += 1;
    return `${prefix}_fake${counter.toString().padStart(6, "0")}`;
  };
  const methods = new Map<string, PaymentMethod>();
  const customers: FakeStripe["customers"] = new Map();
  const intents = new Map<string, Intent>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const charges = new Map<string, FakeCharge>();
  const requests: FakeStripe["requests"] = [];
  let baseUrl = "";

  /** Runs the card: succeeds, needs 3-D Secure (on-session only) or fails with a card error. */
  function attempt(intent: Intent): { status: number; body: unknown } {
    const method = intent.payment_method ? methods.get(intent.payment_method) : undefined;
    if (!method) return { status: 400, body: notFound("payment_method") };
    const decline = () => {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { message: "Your card was declined.", code: "card_declined" };
      return { status: 402, body: cardError("Your card was declined.", "card_declined", intent) };
    };
    if (method.behaviour === "decline") return decline();
    if (method.behaviour === "fail_off_session" && intent.off_session) return decline();
    if (method.behaviour === "three_ds" && !intent.off_session) {
      intent.status = "requires_action";
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${baseUrl}/3ds/${intent.id}`, return_url: intent.metadata.__return ?? "" },
      };
      return { status: 200, body: intent };
    }
    intent.status = "succeeded";
    return { status: 200, body: intent };
  }

  function handle(
    method: string,
    path: string,
    params: Record<string, string>,
  ): { status: number; body: unknown } {
    const idIn = (pattern: RegExp) => pattern.exec(path)?.[1];
    let id: string | undefined;
    if (method === "POST" && path === "/v1/customers") {
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const meta = /^metadata\[(.+)\]$/.exec(key);
        if (meta?.[1]) metadata[meta[1]] = value;
      }
      const customer = { id: next("cus"), object: "customer", email: params.email ?? null, metadata };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    id = method === "GET" ? idIn(/^\/v1\/payment_methods\/([^/]+)$/) : undefined;
    if (id) {
      const found = methods.get(id);
      return found ? { status: 200, body: found } : { status: 404, body: notFound("payment_method") };
    }
    id = method === "POST" ? idIn(/^\/v1\/payment_methods\/([^/]+)\/attach$/) : undefined;
    if (id) {
      const found = methods.get(id);
      if (!found) return { status: 404, body: notFound("payment_method") };
      if (!params.customer || !customers.has(params.customer))
        return { status: 400, body: notFound("customer") };
      found.customer = params.customer;
      return { status: 200, body: found };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || !params.currency)
        return { status: 400, body: notFound("amount or currency") };
      const pm = params.payment_method ? methods.get(params.payment_method) : undefined;
      if (pm?.customer && params.customer !== pm.customer)
        return { status: 400, body: notFound("payment_method for this customer") };
      const offSession = params.off_session === "true";
      if (offSession && pm && !pm.customer) return { status: 400, body: notFound("saved payment_method") };
      const intent: Intent = {
        id: next("pi"),
        object: "payment_intent",
        amount,
        currency: params.currency,
        customer: params.customer ?? null,
        payment_method: params.payment_method ?? null,
        status: "requires_confirmation",
        setup_future_usage: params.setup_future_usage ?? null,
        next_action: null,
        last_payment_error: null,
        metadata: { __return: params.return_url ?? "" },
        off_session: offSession,
      };
      intents.set(intent.id, intent);
      return params.confirm === "true" ? attempt(intent) : { status: 200, body: intent };
    }
    id = method === "GET" ? idIn(/^\/v1\/payment_intents\/([^/]+)$/) : undefined;
    if (id) {
      const found = intents.get(id);
      return found ? { status: 200, body: found } : { status: 404, body: notFound("payment_intent") };
    }
    id = method === "POST" ? idIn(/^\/v1\/payment_intents\/([^/]+)\/confirm$/) : undefined;
    if (id) {
      const found = intents.get(id);
      if (!found) return { status: 404, body: notFound("payment_intent") };
      if (found.status === "succeeded" || found.status === "canceled")
        return { status: 400, body: notFound("confirmable intent") };
      return attempt(found);
    }
    id = method === "POST" ? idIn(/^\/v1\/payment_intents\/([^/]+)\/cancel$/) : undefined;
    if (id) {
      const found = intents.get(id);
      if (!found) return { status: 404, body: notFound("payment_intent") };
      if (found.status === "succeeded") return { status: 400, body: notFound("cancelable intent") };
      found.status = "canceled";
      found.next_action = null;
      return { status: 200, body: found };
    }
    return { status: 404, body: notFound(`route ${method} ${path}`) };
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://fake");
      const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
      for (const [key, value] of url.searchParams) params[key] = value;
      requests.push({ method: request.method ?? "GET", path: url.pathname, params });
      if (!String(request.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
        send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
        return;
      }
      const key = request.headers["idempotency-key"];
      const replayKey = typeof key === "string" ? `${url.pathname}\n${key}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      const answer = replay ?? handle(request.method ?? "GET", url.pathname, params);
      if (replayKey && !replay) replays.set(replayKey, structuredClone(answer));
      if (replay) response.setHeader("idempotent-replayed", "true");
      send(response, answer.status, answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    customers,
    intents,
    paymentMethod(behaviour) {
      const id = next("pm");
      methods.set(id, {
        id,
        object: "payment_method",
        type: "card",
        customer: null,
        card: { brand: "visa", last4: LAST4[behaviour], exp_month: 12, exp_year: 2039 },
        behaviour,
      });
      return id;
    },
    refund(intentId, amount) {
      const intent = intents.get(intentId);
      if (intent?.status !== "succeeded") throw new Error(`no succeeded intent ${intentId}`);
      const charge = charges.get(intentId) ?? {
        id: next("ch"),
        object: "charge" as const,
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: false,
        refunds: { object: "list" as const, data: [] },
      };
      charges.set(intentId, charge);
      charge.refunds.data.unshift({ id: next("re"), object: "refund", amount, charge: charge.id });
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      return structuredClone(charge);
    },
    finishThreeDs(intentId, passed) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.next_action = null;
      if (passed) intent.status = "succeeded";
      else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { message: "3-D Secure failed.", code: "authentication_failed" };
      }
      return structuredClone(intent);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
