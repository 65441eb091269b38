import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type BadgeVariant = "brand" | "neutral" | "success" | "danger" | "accent";

const variants: Record<BadgeVariant, string> = {
  brand: "bg-brand-500/15 text-brand-300 ring-brand-500/30 light:text-brand-700",
  neutral: "bg-surface-2 text-text-2 ring-surface-3",
  success: "bg-success/15 text-success ring-success/30",
  danger: "bg-danger/15 text-danger ring-danger/30",
  accent: "bg-accent-500/15 text-accent-400 ring-accent-500/30",
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant };

export function Badge({ variant = "brand", className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        variants[variant],
        className,
      )}
      {...rest}
    />
  );
}
