import type { AdminStats } from "@hearth/contracts";
import type { DailyRevenueRow, DailyStatsRow } from "./repository";

/** `GET /api/admin/stats`: the daily points, oldest first, with live subscriptions and revenue (net of tax) per day. */
export function presentAdminStats(rows: DailyStatsRow[], revenue: DailyRevenueRow[]): AdminStats {
  return {
    days: rows.map((row) => ({
      date: row.date,
      signups: row.signups,
      messages: row.messages,
      active_chats: row.active_chats,
      open_reports: row.open_reports,
      overdue_reports: row.overdue_reports,
    })),
    revenue: revenue.map((row) => ({
      date: row.date,
      active_subscriptions: row.active_subscriptions,
      revenue_cents: row.revenue_cents,
    })),
  };
}
