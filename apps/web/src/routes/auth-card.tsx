import type { ReactNode } from "react";
import { Card } from "../components/ui/card";

/** Centered card with a soft brand glow, used by the sign-in and sign-up pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-[28rem] w-[40rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-brand-600/25 via-accent-500/15 to-transparent blur-3xl"
      />
      <Card className="relative w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-2 mb-6 text-sm text-text-2">{subtitle}</p>
        {children}
      </Card>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wider text-text-3 uppercase">
      <span className="h-px flex-1 bg-surface-3" />
      or
      <span className="h-px flex-1 bg-surface-3" />
    </div>
  );
}
