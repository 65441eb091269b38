/**
 * The test processor's hosted pages: the card entry shown in the checkout's iframe and the 3-D Secure
 * challenge. Plain HTML; their scripts are separate files (the CSP allows scripts from our origin only).
 * They talk to the parent page with postMessage, to our own origin only.
 */
import { BILLING_TEXTS, CARD_FRAME_MESSAGE_TYPE, THREE_DS_MESSAGE_TYPE } from "@hearth/contracts";
import { TEST_PROCESSOR_PATHS } from "./test-processor";

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 8px; font-size: 15px; }
  label { display: block; font-size: 13px; margin: 6px 0 2px; }
  input { box-sizing: border-box; width: 100%; padding: 8px; font: inherit; border: 1px solid #8886; border-radius: 6px; }
  input[aria-invalid="true"] { border-color: #d33; }
  .row { display: flex; gap: 8px; } .row > div { flex: 1; }
  .note { font-size: 12px; opacity: .75; margin-top: 6px; }
  .error { color: #d33; font-size: 13px; min-height: 1.2em; margin-top: 4px; }
  button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid #8886; cursor: pointer; margin-right: 8px; }
  button.primary { background: #2563eb; color: white; border-color: #2563eb; }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function cardPageHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card (test mode)</title><style>${STYLE}</style></head>
<body>
<form id="card" novalidate autocomplete="off">
  <label for="number">Card number</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" aria-describedby="error">
  <div class="row">
    <div><label for="exp">Expiry (MM/YY)</label>
    <input id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" aria-describedby="error"></div>
    <div><label for="cvc">CVV</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" aria-describedby="error"></div>
  </div>
  <div id="error" class="error" role="alert"></div>
  <div class="note">${escapeHtml(BILLING_TEXTS.testMode)}</div>
</form>
<script src="${TEST_PROCESSOR_PATHS.cardScript}"></script>
</body></html>`;
}

export const CARD_PAGE_SCRIPT = `(() => {
  "use strict";
  const TYPE = ${JSON.stringify(CARD_FRAME_MESSAGE_TYPE)};
  const MESSAGE = ${JSON.stringify(BILLING_TEXTS.invalidCard)};
  const form = document.getElementById("card");
  const fields = { number: form.number, exp: form.exp, cvc: form.cvc };
  const error = document.getElementById("error");
  const post = (message) => window.parent.postMessage(Object.assign({ type: TYPE }, message), window.location.origin);
  const digits = (value) => value.replace(/[\\s-]/g, "");
  const luhn = (d) => {
    let sum = 0;
    for (let i = 0; i < d.length; i += 1) {
      let n = Number(d[d.length - 1 - i]);
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return sum % 10 === 0;
  };
  const numberOk = () => { const d = digits(fields.number.value); return /^\\d{12,19}$/.test(d) && luhn(d); };
  const expOk = () => {
    const m = /^\\s*(\\d{1,2})\\s*\\/\\s*(\\d{2}|\\d{4})\\s*$/.exec(fields.exp.value);
    if (!m) return false;
    const month = Number(m[1]);
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    return month >= 1 && month <= 12 && Date.UTC(year, month, 1) > Date.now();
  };
  const cvcOk = () => (/^3[47]/.test(digits(fields.number.value)) ? /^\\d{4}$/ : /^\\d{3}$/).test(fields.cvc.value.trim());
  let sent = "";
  let timer = 0;
  const check = (showErrors) => {
    const ok = { number: numberOk(), exp: expOk(), cvc: cvcOk() };
    for (const [name, input] of Object.entries(fields)) {
      input.setAttribute("aria-invalid", String(showErrors && input.value !== "" && !ok[name]));
    }
    const valid = ok.number && ok.exp && ok.cvc;
    error.textContent = showErrors && !valid && Object.values(fields).some((f) => f.value !== "") ? MESSAGE : "";
    const entry = [digits(fields.number.value), fields.exp.value.trim(), fields.cvc.value.trim()].join("|");
    if (!valid) { if (sent !== "") { sent = ""; post({ valid: false }); } return; }
    if (entry === sent) return;
    sent = entry;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        const response = await fetch(${JSON.stringify(TEST_PROCESSOR_PATHS.tokens)}, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ number: digits(fields.number.value), exp: fields.exp.value.trim(), cvc: fields.cvc.value.trim() }),
        });
        if (sent !== entry) return;
        if (!response.ok) { sent = ""; error.textContent = MESSAGE; post({ valid: false }); return; }
        const card = await response.json();
        post({ valid: true, token: card.token, last_4: card.last_4, brand: card.brand, exp: card.exp });
      } catch {
        sent = ""; post({ valid: false });
      }
    }, 250);
  };
  for (const input of Object.values(fields)) {
    input.addEventListener("input", () => check(false));
    input.addEventListener("blur", () => check(true));
  }
  form.addEventListener("submit", (event) => { event.preventDefault(); check(true); });
  post({ valid: false });
})();
`;

export function challengePageHtml(challengeId: string, amount: string | null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3-D Secure (test mode)</title><style>${STYLE}</style></head>
<body>
<main id="challenge" data-challenge="${escapeHtml(challengeId)}">
  <h1 style="font-size:17px">3-D Secure check</h1>
  <p>${amount ? `Confirm the payment of ${escapeHtml(amount)}.` : "Confirm the payment."}</p>
  <p class="note">${escapeHtml(BILLING_TEXTS.testMode)}: choose how the bank answers.</p>
  <button type="button" class="primary" data-decision="approve">Approve</button>
  <button type="button" data-decision="fail">Fail</button>
  <p id="status" role="status"></p>
</main>
<script src="${TEST_PROCESSOR_PATHS.challengeScript}"></script>
</body></html>`;
}

export const CHALLENGE_PAGE_SCRIPT = `(() => {
  "use strict";
  const TYPE = ${JSON.stringify(THREE_DS_MESSAGE_TYPE)};
  const root = document.getElementById("challenge");
  const status = document.getElementById("status");
  const id = root.dataset.challenge;
  const buttons = Array.from(root.querySelectorAll("button[data-decision]"));
  for (const button of buttons) {
    button.addEventListener("click", async () => {
      for (const b of buttons) b.disabled = true;
      status.textContent = "Checking...";
      try {
        const response = await fetch("/api/checkout/test-processor/3ds/" + encodeURIComponent(id), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ decision: button.dataset.decision }),
        });
        const body = await response.json();
        if (!response.ok) throw new Error((body.error && body.error.message) || "The check could not be completed.");
        status.textContent = body.status === "success" ? "Approved." : "Failed.";
        window.parent.postMessage(body, window.location.origin);
      } catch (error) {
        status.textContent = error instanceof Error ? error.message : String(error);
        for (const b of buttons) b.disabled = false;
      }
    });
  }
})();
`;
