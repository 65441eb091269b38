import { describe, expect, it } from "vitest";
import { makeHistoryEntry, makeSubscription, product } from "../test/fixtures";
import {
  cardLabel,
  formatDate,
  historyAmount,
  portalActions,
  reactivatePlanId,
  renewalLine,
  scheduledChangeLine,
  stateNotice,
  withStatus,
} from "./portal";

const UTC = "UTC";

describe("portal actions per state (spec 4)", () => {
  it("active: Cancel, Change Plan and Change Card", () => {
    expect(portalActions(makeSubscription())).toEqual({
      cancel: true,
      uncancel: false,
      changePlan: true,
      changePlanEnabled: true,
      changeCard: true,
      payAmountDue: false,
      reactivate: false,
    });
  });

  it("grace: Pay amount due (and a new card)", () => {
    const actions = portalActions(makeSubscription({ subscription_status: "grace" }));
    expect(actions.payAmountDue).toBe(true);
    expect(actions.changeCard).toBe(true);
    expect(actions.cancel).toBe(false);
    expect(actions.changePlan).toBe(false);
  });

  it("cancelled: Uncancel, Change Plan shown but disabled", () => {
    const actions = portalActions(makeSubscription({ subscription_status: "cancelled" }));
    expect(actions.uncancel).toBe(true);
    expect(actions.changePlan).toBe(true);
    expect(actions.changePlanEnabled).toBe(false);
    expect(actions.cancel).toBe(false);
  });

  it("expired: only reactivation through checkout", () => {
    expect(portalActions(makeSubscription({ subscription_status: "expired" }))).toEqual({
      cancel: false,
      uncancel: false,
      changePlan: false,
      changePlanEnabled: false,
      changeCard: false,
      payAmountDue: false,
      reactivate: true,
    });
  });

  it("offers nothing when the platform does not allow managing it here", () => {
    const actions = portalActions(makeSubscription({ can_manage: false, platform: "ios" }));
    expect(Object.values(actions).every((value) => value === false)).toBe(true);
  });
});

describe("texts", () => {
  it("shows the payment-failed text in grace, or a failed rebill's message instead", () => {
    const grace = makeSubscription({ subscription_status: "grace" });
    expect(stateNotice(grace, null)).toBe(
      "Your payment failed. Please update your payment method to avoid losing access.",
    );
    expect(stateNotice(grace, "Your card was declined.")).toBe("Your card was declined.");
    expect(stateNotice(makeSubscription({ subscription_status: "expired" }), null)).toBe(
      "Your subscription has expired.",
    );
    expect(stateNotice(makeSubscription(), null)).toBeNull();
  });

  it("says what happens at recur_at", () => {
    expect(formatDate("2026-03-05T12:00:00.000Z", UTC)).toBe("March 5, 2026");
    expect(renewalLine(makeSubscription(), UTC)).toBe("Renews on March 5, 2026");
    expect(renewalLine(makeSubscription({ subscription_status: "cancelled" }), UTC)).toBe(
      "Access ends on March 5, 2026",
    );
    expect(
      renewalLine(
        makeSubscription({ subscription_status: "grace", grace_until: "2026-03-12T12:00:00.000Z" }),
        UTC,
      ),
    ).toBe("Access ends on March 12, 2026 unless the payment goes through");
    expect(renewalLine(makeSubscription({ subscription_status: "expired" }), UTC)).toBe(
      "Ended on March 5, 2026",
    );
  });

  it("names a change scheduled for the next cycle", () => {
    expect(scheduledChangeLine(makeSubscription(), UTC)).toBeNull();
    expect(scheduledChangeLine(makeSubscription({ next_product: product("minimal_1m") }), UTC)).toBe(
      "Changes to Get a Taste (monthly) on March 5, 2026",
    );
  });

  it("reactivates with the next plan when there is one", () => {
    const expired = makeSubscription({ subscription_status: "expired" });
    expect(reactivatePlanId(expired)).toBeNull();
    expect(reactivatePlanId({ ...expired, next_product: product("premium_1y") })).toBe("premium_1y");
  });

  it("labels cards and ledger amounts", () => {
    expect(cardLabel({ type: "visa", last_4: "4242" })).toBe("Visa ending in 4242");
    expect(historyAmount(makeHistoryEntry())).toBe("$17.99");
    expect(historyAmount(makeHistoryEntry({ kind: "refund", amount: 500 }))).toBe("-$5.00");
  });

  it("takes the server's subscription_status after cancel or uncancel", () => {
    const list = [makeSubscription()];
    const next = withStatus(list, {
      status: "SUCCESS",
      subscription_status: "cancelled",
      message: "ok",
      change_timing: null,
    });
    expect(next?.[0]?.subscription_status).toBe("cancelled");
    expect(list[0]?.subscription_status).toBe("active");
  });
});
