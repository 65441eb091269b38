import { type Me, ROLE_DISPLAY_NAMES } from "@hearth/contracts";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { AdminOverdueBadge } from "./admin-overdue-badge";
import { accountNavItems } from "./nav-items";
import { UserAvatar } from "./user-avatar";

const itemClass =
  "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-text-1 outline-none " +
  "data-[highlighted]:bg-surface-2 data-[highlighted]:text-text-1";

/** Signed-in account menu: avatar initial, plan badge, account pages and log out. */
export function UserMenu({ user, onSignOut }: { user: Me; onSignOut: () => void }) {
  const plan = ROLE_DISPLAY_NAMES[user.role];
  const items = accountNavItems(user.role);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full border border-surface-3 bg-surface-2 py-1 pr-2 pl-1 text-text-1 transition-colors hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
      >
        <UserAvatar user={user} />
        <Badge variant={user.role === "free" ? "neutral" : "brand"}>{plan}</Badge>
        <ChevronDown aria-hidden="true" className="h-4 w-4 text-text-3" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-2xl border border-surface-3 bg-surface-1 p-2 shadow-2xl shadow-black/40"
        >
          <div className="flex items-center gap-3 px-3 py-2">
            <UserAvatar user={user} className="h-10 w-10 text-base" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name || user.username || "Your account"}</p>
              <p className="truncate text-xs text-text-3">{user.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-surface-3" />
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClass}>
              <Link to={item.to}>
                <item.icon aria-hidden="true" className="h-4 w-4 text-text-3" />
                {item.label}
                {item.to === "/admin" ? <AdminOverdueBadge /> : null}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-surface-3" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="h-4 w-4 text-text-3" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
