import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type CardProps = HTMLAttributes<HTMLDivElement> & { padded?: boolean };

/** Rounded surface for grouped content. */
export function Card({ className, padded = true, ...rest }: CardProps) {
  return (
    <div
      className={cn(
        "rounded-2xl border border-surface-3 bg-surface-1 shadow-xl shadow-black/10",
        padded && "p-6",
        className,
      )}
      {...rest}
    />
  );
}
