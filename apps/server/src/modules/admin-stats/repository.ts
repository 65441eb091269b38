import { REPORT_PROMISE_DAYS } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";

const HOURS_PER_DAY = 24;

const dayRowSchema = z.object({
  date: z.string(),
  signups: z.coerce.number().int(),
  messages: z.coerce.number().int(),
  active_chats: z.coerce.number().int(),
  open_reports: z.coerce.number().int(),
  overdue_reports: z.coerce.number().int(),
});
export type DailyStatsRow = z.infer<typeof dayRowSchema>;
/** Both drivers answer raw queries as `{ rows }`. */
const resultSchema = z.object({ rows: z.array(dayRowSchema) });

/**
 * One row per UTC day, the `days` days up to and including the one holding `now`, oldest first, in one
 * statement: the days from generate_series, left-joined to grouped counts of sign-ups (users.created_at),
 * messages (user and bot) and the conversations with a message that day, each read by a range on
 * created_at; and the reviews open at each day's end, the next UTC midnight (created before it, and not
 * closed or closed at or after it), those created more than REPORT_PROMISE_DAYS before it being overdue.
 * Today's end is `now`. A row stamped exactly at midnight belongs to the day that midnight starts.
 *
 * Days are cut with `date_trunc('day', ts, 'UTC')` and stepped in hours, so the session's time zone and
 * its daylight-saving changes never move a boundary.
 */
export async function readDailyStats(db: Database, now: Date, days: number): Promise<DailyStatsRow[]> {
  const at = now.toISOString();
  const span = sql`make_interval(hours => ${(days - 1) * HOURS_PER_DAY})`;
  const promise = sql`make_interval(hours => ${REPORT_PROMISE_DAYS * HOURS_PER_DAY})`;
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc('day', ${at}::timestamptz, 'UTC') - ${span} as first_day,
             date_trunc('day', ${at}::timestamptz, 'UTC') + interval '24 hours' as last_end,
             ${at}::timestamptz as now
    ),
    day_list as (
      select day, least(day + interval '24 hours', bounds.now) as day_end
      from bounds, generate_series(bounds.first_day, bounds.last_end - interval '24 hours', interval '24 hours') as day
    ),
    signup_days as (
      select date_trunc('day', u.created_at, 'UTC') as day, count(*) as signups
      from users u, bounds
      where u.created_at >= bounds.first_day and u.created_at < bounds.last_end
      group by 1
    ),
    message_days as (
      select date_trunc('day', m.created_at, 'UTC') as day, count(*) as messages,
             count(distinct m.conversation_id) as active_chats
      from messages m, bounds
      where m.created_at >= bounds.first_day and m.created_at < bounds.last_end
      group by 1
    ),
    open_reviews as (
      select r.created_at, r.closed_at
      from reviews r, bounds
      where r.created_at < bounds.last_end and (r.closed_at is null or r.closed_at > bounds.first_day)
    ),
    review_days as (
      select d.day, count(*) as open_reports,
             count(*) filter (where r.created_at < d.day_end - ${promise}) as overdue_reports
      from day_list d
      join open_reviews r on r.created_at < d.day_end and (r.closed_at is null or r.closed_at >= d.day_end)
      group by d.day
    )
    select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as date,
           coalesce(s.signups, 0)::int as signups,
           coalesce(m.messages, 0)::int as messages,
           coalesce(m.active_chats, 0)::int as active_chats,
           coalesce(r.open_reports, 0)::int as open_reports,
           coalesce(r.overdue_reports, 0)::int as overdue_reports
    from day_list d
    left join signup_days s on s.day = d.day
    left join message_days m on m.day = d.day
    left join review_days r on r.day = d.day
    order by d.day`);
  return resultSchema.parse(result).rows;
}

const revenueRowSchema = z.object({
  date: z.string(),
  active_subscriptions: z.coerce.number().int(),
  revenue_cents: z.coerce.number().int(),
});
export type DailyRevenueRow = z.infer<typeof revenueRowSchema>;
const revenueResultSchema = z.object({ rows: z.array(revenueRowSchema) });

/**
 * Billing per UTC day over the same days as `readDailyStats`: the subscriptions live at each day's end
 * (started before it and not ended by then: active, in grace or cancelled but not yet over) and the
 * day's revenue from the append-only ledger, net of tax: charges minus refunds (credits are not money in).
 */
export async function readDailyRevenue(db: Database, now: Date, days: number): Promise<DailyRevenueRow[]> {
  const at = now.toISOString();
  const span = sql`make_interval(hours => ${(days - 1) * HOURS_PER_DAY})`;
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc('day', ${at}::timestamptz, 'UTC') - ${span} as first_day,
             date_trunc('day', ${at}::timestamptz, 'UTC') + interval '24 hours' as last_end,
             ${at}::timestamptz as now
    ),
    day_list as (
      select day, least(day + interval '24 hours', bounds.now) as day_end
      from bounds, generate_series(bounds.first_day, bounds.last_end - interval '24 hours', interval '24 hours') as day
    ),
    live as (
      select d.day, count(s.id) as active_subscriptions
      from day_list d
      join billing_subscriptions s
        on s.created_at < d.day_end and (s.ended_at is null or s.ended_at >= d.day_end)
      group by d.day
    ),
    money as (
      select date_trunc('day', l.created_at, 'UTC') as day,
             sum(case l.kind when 'charge' then l.amount_cents - l.tax_cents
                             when 'refund' then -(l.amount_cents - l.tax_cents) else 0 end) as revenue_cents
      from billing_ledger l, bounds
      where l.created_at >= bounds.first_day and l.created_at < bounds.last_end
      group by 1
    )
    select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as date,
           coalesce(live.active_subscriptions, 0)::int as active_subscriptions,
           coalesce(money.revenue_cents, 0)::int as revenue_cents
    from day_list d
    left join live on live.day = d.day
    left join money on money.day = d.day
    order by d.day`);
  return revenueResultSchema.parse(result).rows;
}
