import { cn } from "./cn";

export type SpinnerProps = { className?: string; size?: "sm" | "md" | "lg"; label?: string };

const sizes = { sm: "h-4 w-4 border-2", md: "h-8 w-8 border-[3px]", lg: "h-12 w-12 border-4" };

export function Spinner({ className, size = "md", label = "Loading" }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn("inline-flex items-center justify-center", className)}
    >
      <span
        aria-hidden="true"
        className={cn("animate-spin rounded-full border-brand-500 border-t-transparent", sizes[size])}
      />
    </div>
  );
}

/** A spinner centred in a tall area, for whole-page loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
