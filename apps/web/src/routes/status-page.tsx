import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** Centered message page (404, access denied, not available yet, invalid account). */
export function StatusPage({
  icon: Icon,
  eyebrow,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-center justify-center overflow-hidden px-4 py-16 sm:py-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 h-80 w-80 -translate-x-1/2 -translate-y-1/2 rounded-full bg-gradient-to-br from-brand-600/20 to-accent-500/10 blur-3xl"
      />
      <div className="relative flex max-w-lg flex-col items-center text-center">
        <div className="mb-6 flex h-16 w-16 items-center justify-center rounded-2xl border border-surface-3 bg-surface-1 text-link shadow-xl shadow-black/20">
          <Icon aria-hidden="true" className="h-8 w-8" />
        </div>
        {eyebrow ? (
          <div className="mb-2 text-sm font-semibold tracking-widest text-link uppercase">{eyebrow}</div>
        ) : null}
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {children ? <div className="mt-4 text-base text-text-2">{children}</div> : null}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div>
      </div>
    </div>
  );
}
