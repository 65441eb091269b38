import type { JobQueue } from "../jobs/index";
import type { BillingService } from "./service";

export const BILLING_JOBS = { sweep: "billing-sweep", subscription: "billing-subscription" } as const;

/**
 * Billing's scheduled work: every minute a sweep (one at a time across instances) finds the subscriptions
 * with something due by the billing clock (renewal, end of a cancelled one, retry, end of grace) and sends
 * each a job keyed by its id (`stately`: one waiting and one running per subscription); that job does
 * what is due. Charges are recorded under the cycle's ledger key, so a repeated job never charges twice.
 * The sweep also expires the orders left waiting for a 3-D Secure check or a provider's callback longer
 * than PENDING_ORDER_EXPIRY_MINUTES (README, Billing).
 */
export function registerBillingJobs(jobs: JobQueue, service: BillingService): void {
  jobs.define(BILLING_JOBS.sweep, { policy: "singleton", retryLimit: 1 }, async () => {
    await service.expirePendingOrders();
    for (const id of await service.dueSubscriptions()) {
      await jobs.send(BILLING_JOBS.subscription, { subscriptionId: id }, { singletonKey: id });
    }
  });
  jobs.define<{ subscriptionId: string }>(
    BILLING_JOBS.subscription,
    { policy: "stately", retryLimit: 3, retryDelaySeconds: 60 },
    async (data) => service.processSubscription(data.subscriptionId),
  );
  jobs.schedule(BILLING_JOBS.sweep, "* * * * *");
}
