/**
 * Creators leaderboard: monthly rankings of creators by the messages members sent to their public
 * characters (New Bots and All Bots), closed months stored by a job that also grants the prizes
 * through billing, and the public read `GET /api/creators/leaderboard`.
 */
export { LEADERBOARD_JOBS, registerLeaderboardJobs } from "./jobs";
export { registerLeaderboardRoutes } from "./routes";
export { createLeaderboardService, type LeaderboardService } from "./service";
