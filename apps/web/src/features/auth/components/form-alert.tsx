import { AlertCircle } from "lucide-react";

/** Form-level error region (announced by screen readers when it appears). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-3.5 py-3 text-sm text-text-1"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
      <span>{message}</span>
    </div>
  );
}
