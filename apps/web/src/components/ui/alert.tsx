import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * Inline message box. `danger` is an alert (announced at once), `success` a polite status. Render it
 * always and pass null to hide, so screen readers announce the message when it appears.
 */
export function Alert({
  tone = "danger",
  children,
  className,
}: {
  tone?: "danger" | "success";
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === "danger" ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-2 rounded-xl border px-3.5 py-3 text-sm text-text-1",
        tone === "danger" ? "border-danger/40 bg-danger/10" : "border-success/40 bg-success/10",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 h-4 w-4 shrink-0", tone === "danger" ? "text-danger" : "text-success")}
      />
      <span>{children}</span>
    </div>
  );
}
