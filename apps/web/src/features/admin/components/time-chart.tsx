import { useEffect, useId, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatDay } from "../lib/format";

export type ChartSeries = { label: string; values: readonly number[]; color: string };

type TimeChartProps = {
  title: string;
  /** UTC days ('2026-03-04'), oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Money and the like: how a value reads in the table and on the axis. */
  format?: (value: number) => string;
  height?: number;
};

const plain = (value: number) => value.toLocaleString("en-US");

/** The theme's colours for the canvas (it cannot read CSS variables itself). */
function themeColors(element: Element): { text: string; grid: string } {
  const style = getComputedStyle(element);
  return {
    text: style.getPropertyValue("--text-3").trim() || "#8a8a9c",
    grid: style.getPropertyValue("--surface-3").trim() || "#2a2a36",
  };
}

/**
 * One daily chart drawn with uPlot (in the lazy admin chunk only), its legend, and the same numbers as
 * a table for screen readers and keyboard users.
 */
export function TimeChart({ title, days, series, format = plain, height = 180 }: TimeChartProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { text, grid } = themeColors(element);
    const xs = days.map((day) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / 1000);
    const axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      font: "11px Inter, system-ui, sans-serif",
    };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { y: false, points: { size: 6 } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [
          {
            ...axis,
            values: (_u, splits) => splits.map((s) => formatDay(new Date(s * 1000).toISOString())),
          },
          { ...axis, size: 48, values: (_u, splits) => splits.map((s) => format(s)) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            fill: `${s.color}22`,
            points: { show: false },
          })),
        ],
      },
      [xs, ...series.map((s) => [...s.values])],
      element,
    );
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, series, format, height]);

  const latest = (values: readonly number[]) => values.at(-1) ?? 0;
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-4"
    >
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span id={`${id}-title`} className="text-sm font-semibold text-text-1">
          {title}
        </span>
        <span className="flex flex-wrap gap-3 text-xs text-text-2">
          {series.map((s) => (
            <span key={s.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ background: s.color }} />
              {s.label}:{" "}
              <span className="font-semibold text-text-1 tabular-nums">{format(latest(s.values))}</span>
              <span className="sr-only"> on the last day</span>
            </span>
          ))}
        </span>
      </figcaption>
      <div ref={box} aria-hidden="true" className="min-h-[180px] w-full overflow-hidden" />
      <details className="text-xs">
        <summary className="cursor-pointer text-text-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400">
          Show the numbers
        </summary>
        <div className="mt-2 max-h-60 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title}, per day</caption>
            <thead className="text-text-3">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-3 font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="text-text-1">
              {days.map((day, index) => (
                <tr key={day} className="border-t border-surface-3">
                  <th scope="row" className="py-1 pr-3 font-normal text-text-2">
                    {formatDay(day)}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="py-1 pr-3">
                      {format(s.values[index] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
