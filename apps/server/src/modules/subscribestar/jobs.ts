import type { JobQueue } from "../jobs/index";
import type { SubscribeStarService } from "./service";

export const SUBSCRIBESTAR_JOBS = { sweep: "subscribestar-sweep", link: "subscribestar-link" } as const;

/**
 * The lapse job (README, SubscribeStar): every 15 minutes a sweep (one at a time across instances) finds
 * the active links due for a check (CHECK_INTERVAL_MS after the last) and sends each a job keyed by its
 * member (`stately`: one waiting and one running per link), which reads the pledge again and ends the
 * tier when it lapsed. SubscribeStar unreachable: the job is retried, the tier kept.
 */
export function registerSubscribeStarJobs(jobs: JobQueue, service: SubscribeStarService): void {
  jobs.define(SUBSCRIBESTAR_JOBS.sweep, { policy: "singleton", retryLimit: 1 }, async () => {
    for (const userId of await service.dueLinks()) {
      await jobs.send(SUBSCRIBESTAR_JOBS.link, { userId }, { singletonKey: userId });
    }
  });
  jobs.define<{ userId: string }>(
    SUBSCRIBESTAR_JOBS.link,
    { policy: "stately", retryLimit: 5, retryDelaySeconds: 300 },
    async (data) => service.checkLink(data.userId),
  );
  jobs.schedule(SUBSCRIBESTAR_JOBS.sweep, "*/15 * * * *");
}
