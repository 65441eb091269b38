import { useState } from "react";
import { cn } from "../../../components/ui/cn";

/** A persona's picture, or its initial on the brand gradient. Decorative: the name is always next to it. */
export function PersonaAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const base = cn("shrink-0 overflow-hidden rounded-full ring-2 ring-surface-3", className);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        className={cn(base, "object-cover")}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        "flex items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 font-bold text-white",
      )}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
