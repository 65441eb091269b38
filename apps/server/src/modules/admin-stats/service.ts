import { ADMIN_STATS_DAYS, type AdminStats } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { presentAdminStats } from "./presenter";
import { readDailyRevenue, readDailyStats } from "./repository";

/** The admin console's charts: the last ADMIN_STATS_DAYS UTC days up to `now`, from the live tables. */
export async function getAdminStats(db: Database, now: Date = new Date()): Promise<AdminStats> {
  const [days, revenue] = await Promise.all([
    readDailyStats(db, now, ADMIN_STATS_DAYS),
    readDailyRevenue(db, now, ADMIN_STATS_DAYS),
  ]);
  return presentAdminStats(days, revenue);
}
