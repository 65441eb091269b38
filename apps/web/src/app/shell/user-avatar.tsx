import type { Me } from "@hearth/contracts";
import { useState } from "react";
import { cn } from "../../components/ui/cn";

export function initialOf(user: Pick<Me, "name" | "username" | "email">): string {
  const source = user.name || user.username || user.email || "?";
  return source.trim().charAt(0).toUpperCase() || "?";
}

/** Round avatar: the picture when there is one, else the initial on the brand gradient. */
export function UserAvatar({ user, className }: { user: Me; className?: string }) {
  const [broken, setBroken] = useState(false);
  const base = cn("h-8 w-8 shrink-0 rounded-full", className);
  if (user.avatar_url && !broken) {
    return (
      <img
        src={user.avatar_url}
        alt=""
        className={cn(base, "object-cover")}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        "flex items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-sm font-bold text-white",
      )}
    >
      {initialOf(user)}
    </span>
  );
}
