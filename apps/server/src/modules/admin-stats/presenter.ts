import type { AdminStats } from "@hearth/contracts";
import type { DailyStatsRow } from "./repository";

/** `GET /api/admin/stats`: the daily points, oldest first; revenue stays null until billing exists. */
export function presentAdminStats(rows: DailyStatsRow[]): AdminStats {
  return {
    days: rows.map((row) => ({
      date: row.date,
      signups: row.signups,
      messages: row.messages,
      active_chats: row.active_chats,
      open_reports: row.open_reports,
      overdue_reports: row.overdue_reports,
    })),
    revenue: null,
  };
}
