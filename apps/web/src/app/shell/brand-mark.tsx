import { Flame } from "lucide-react";
import { useState } from "react";
import { cn } from "../../components/ui/cn";
import { useBranding } from "../use-branding";

/** The brand logo (small one on phones), or a gradient wordmark when there is none; `compact` keeps only the
 * mark on phones. */
export function BrandMark({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { name, logo_url, logo_small_url } = useBranding();
  const [failed, setFailed] = useState<string | null>(null);
  const small = logo_small_url || logo_url;
  const large = logo_url || logo_small_url;
  if (large && failed !== large) {
    return (
      <picture className={cn("flex items-center", className)}>
        <source media="(min-width: 768px)" srcSet={large} />
        <img
          src={small}
          alt={name}
          className="h-8 w-auto max-w-40 object-contain"
          onError={() => setFailed(large)}
        />
      </picture>
    );
  }
  return (
    <span className={cn("flex items-center gap-2", className)}>
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-accent-500 text-white shadow-md shadow-brand-600/30"
      >
        <Flame className="h-5 w-5" />
      </span>
      <span className={cn("text-lg font-extrabold tracking-tight text-text-1", compact && "max-sm:sr-only")}>
        {name}
      </span>
    </span>
  );
}
