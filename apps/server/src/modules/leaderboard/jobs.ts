import type { JobQueue } from "../jobs/index";
import type { LeaderboardService } from "./service";

export const LEADERBOARD_JOBS = { close: "leaderboard-close-month" } as const;

/**
 * The monthly close: every day at 00:05 UTC (one run at a time across instances) the job closes the
 * months that ended and are not stored yet, and grants their prizes; on days with nothing due it does
 * nothing, so a day the server was down is caught up the next day.
 */
export function registerLeaderboardJobs(jobs: JobQueue, service: LeaderboardService): void {
  jobs.define(
    LEADERBOARD_JOBS.close,
    { policy: "singleton", retryLimit: 3, retryDelaySeconds: 300 },
    async () => {
      await service.closeDueMonths();
    },
  );
  jobs.schedule(LEADERBOARD_JOBS.close, "5 0 * * *");
}
