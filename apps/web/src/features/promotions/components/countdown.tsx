import { cn } from "../../../components/ui/cn";
import { useCountdown } from "../hooks/use-countdown";

const UNITS = [
  ["days", "Days", "d"],
  ["hours", "Hours", "h"],
  ["minutes", "Minutes", "m"],
  ["seconds", "Seconds", "s"],
] as const;

const two = (n: number) => String(n).padStart(2, "0");

/**
 * Time left until `endsAt` in days, hours, minutes and seconds (spec 9). `large`: the sale page's tiles;
 * otherwise the banner's compact `1d 02h 03m 04s`. Screen readers get one label, not a ticking region.
 */
export function Countdown({ endsAt, large = false }: { endsAt: string; large?: boolean }) {
  const left = useCountdown(endsAt);
  if (!left) return null;
  const label = `Sale ends in ${left.days} days, ${left.hours} hours, ${left.minutes} minutes and ${left.seconds} seconds`;
  if (!large) {
    return (
      <span role="timer" aria-label={label} className="font-mono font-semibold tabular-nums">
        {UNITS.map(([key, , short]) => (
          <span key={key} aria-hidden="true" className="mr-1 last:mr-0">
            {key === "days" ? left[key] : two(left[key])}
            {short}
          </span>
        ))}
      </span>
    );
  }
  return (
    <div role="timer" aria-label={label} className="flex justify-center gap-2 sm:gap-4">
      {UNITS.map(([key, name]) => (
        <div
          key={key}
          aria-hidden="true"
          className={cn(
            "flex w-[4.5rem] flex-col items-center rounded-2xl border border-white/20 bg-black/25 py-3 backdrop-blur sm:w-24 sm:py-4",
          )}
        >
          <span className="font-mono text-3xl font-black text-white tabular-nums sm:text-5xl">
            {key === "days" ? left[key] : two(left[key])}
          </span>
          <span className="mt-1 text-[0.7rem] font-semibold tracking-widest text-white/80 uppercase sm:text-xs">
            {name}
          </span>
        </div>
      ))}
    </div>
  );
}
