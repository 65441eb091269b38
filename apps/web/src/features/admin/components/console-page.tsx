import { ADMIN_STATS_DAYS, type AdminStats, REPORT_PROMISE_DAYS } from "@hearth/contracts";
import { ArrowRight, BarChart3 } from "lucide-react";
import { useMemo } from "react";
import { useAdminStats, useReviewCounts } from "../../../api/admin";
import { ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { AdminLoadError, AdminLoading } from "./admin-query-states";
import { AdminMessage, AdminShell } from "./admin-shell";
import { type ChartSeries, TimeChart } from "./time-chart";

const COLORS = {
  brand: "#ec4899",
  accent: "#8b5cf6",
  sky: "#0ea5e9",
  amber: "#f59e0b",
  red: "#ef4444",
  green: "#22c55e",
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const dollars = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

type Charts = {
  days: string[];
  charts: { title: string; series: ChartSeries[]; format?: (value: number) => string; days?: string[] }[];
};

/** The console's charts from `GET /api/admin/stats`, one series per figure. */
export function chartsOf(stats: AdminStats): Charts {
  const days = stats.days.map((d) => d.date);
  const charts: Charts["charts"] = [
    {
      title: "Sign-ups",
      series: [{ label: "Sign-ups", values: stats.days.map((d) => d.signups), color: COLORS.brand }],
    },
    {
      title: "Messages per day",
      series: [{ label: "Messages", values: stats.days.map((d) => d.messages), color: COLORS.accent }],
    },
    {
      title: "Active chats",
      series: [{ label: "Active chats", values: stats.days.map((d) => d.active_chats), color: COLORS.sky }],
    },
    {
      title: "Reports",
      series: [
        { label: "Open", values: stats.days.map((d) => d.open_reports), color: COLORS.amber },
        { label: "Overdue", values: stats.days.map((d) => d.overdue_reports), color: COLORS.red },
      ],
    },
  ];
  if (stats.revenue?.length) {
    const revenueDays = stats.revenue.map((r) => r.date);
    charts.push(
      {
        title: "Active subscriptions",
        days: revenueDays,
        series: [
          {
            label: "Subscriptions",
            values: stats.revenue.map((r) => r.active_subscriptions),
            color: COLORS.green,
          },
        ],
      },
      {
        title: "Revenue",
        days: revenueDays,
        format: dollars,
        series: [
          { label: "Revenue", values: stats.revenue.map((r) => r.revenue_cents), color: COLORS.green },
        ],
      },
    );
  }
  return { days, charts };
}

function Tile({ label, value, hint, tone }: { label: string; value: string; hint: string; tone?: "danger" }) {
  return (
    <div className="rounded-2xl border border-surface-3 bg-surface-1 px-4 py-3">
      <dt className="text-xs font-medium text-text-3">{label}</dt>
      <dd
        className={cn(
          "text-2xl font-extrabold tabular-nums",
          tone === "danger" ? "text-danger" : "text-text-1",
        )}
      >
        {value}
      </dd>
      <dd className="text-xs text-text-3">{hint}</dd>
    </div>
  );
}

/** `/admin`: the console home, the last 30 days in charts, with the review queue's state. */
export function AdminConsolePage() {
  const query = useAdminStats();
  const counts = useReviewCounts();
  const charts = useMemo(() => (query.data ? chartsOf(query.data) : null), [query.data]);

  let content: React.ReactNode;
  if (query.isPending) {
    content = <AdminLoading label="Loading the statistics" />;
  } else if (query.isError) {
    content = <AdminLoadError title="We couldn't load the statistics" query={query} />;
  } else if (!query.data.days.length || !charts) {
    content = (
      <AdminMessage
        icon={<BarChart3 aria-hidden="true" className="h-6 w-6" />}
        title="No statistics yet"
        description="The charts fill in as members sign up and chat."
      />
    );
  } else {
    const days = query.data.days;
    content = (
      <>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Tile
            label="Sign-ups"
            value={sum(days.map((d) => d.signups)).toLocaleString("en-US")}
            hint={`last ${ADMIN_STATS_DAYS} days`}
          />
          <Tile
            label="Messages"
            value={sum(days.map((d) => d.messages)).toLocaleString("en-US")}
            hint={`last ${ADMIN_STATS_DAYS} days`}
          />
          <Tile
            label="Active chats"
            value={(days.at(-1)?.active_chats ?? 0).toLocaleString("en-US")}
            hint="today (UTC)"
          />
          <Tile
            label="Open reports"
            value={String(counts.data?.open ?? days.at(-1)?.open_reports ?? 0)}
            hint="now"
          />
          <Tile
            label="Overdue reports"
            value={String(counts.data?.overdue ?? days.at(-1)?.overdue_reports ?? 0)}
            hint={`older than ${REPORT_PROMISE_DAYS} days`}
            tone={(counts.data?.overdue ?? 0) > 0 ? "danger" : undefined}
          />
        </dl>
        <div className="grid gap-4 lg:grid-cols-2">
          {charts.charts.map((chart) => (
            <TimeChart
              key={chart.title}
              title={chart.title}
              days={chart.days ?? charts.days}
              series={chart.series}
              format={chart.format}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <AdminShell
      title="Admin console"
      description={`The last ${ADMIN_STATS_DAYS} days, one point per day (UTC).`}
      actions={
        <ButtonLink to="/admin/reviews" variant="secondary">
          Review reports
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </ButtonLink>
      }
    >
      {content}
    </AdminShell>
  );
}
