import { ROLE_DISPLAY_NAMES } from "@hearth/contracts";
import * as Dialog from "@radix-ui/react-dialog";
import { LogOut, Menu, X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button, ButtonLink } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { useSession } from "../../lib/session";
import { AdminOverdueBadge } from "./admin-overdue-badge";
import { accountNavItems, isActivePath, MAIN_NAV, type NavItem } from "./nav-items";
import { UserAvatar } from "./user-avatar";

function SheetLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = isActivePath(pathname, item.to);
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-400",
        active ? "bg-surface-2 text-text-1" : "text-text-2 hover:bg-surface-2 hover:text-text-1",
      )}
    >
      <item.icon aria-hidden="true" className="h-5 w-5" />
      {item.label}
      {item.to === "/admin" ? <AdminOverdueBadge /> : null}
    </Link>
  );
}

/** Below md: a hamburger opening a side sheet with the same links as the navbar. */
export function MobileMenu({ items = MAIN_NAV }: { items?: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const { status, user, signOut } = useSession();
  const close = () => setOpen(false);
  const member = status === "member" && user;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <Menu aria-hidden="true" className="h-6 w-6" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-2 overflow-y-auto border-l border-surface-3 bg-surface-1 p-4 shadow-2xl">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {items.map((item) => (
              <SheetLink key={item.to} item={item} onNavigate={close} />
            ))}
          </nav>
          <div className="my-2 h-px bg-surface-3" />
          {member ? (
            <>
              <div className="flex items-center gap-3 px-3 py-2">
                <UserAvatar user={user} className="h-10 w-10" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{user.name || user.username || user.email}</p>
                  <Badge className="mt-1">{ROLE_DISPLAY_NAMES[user.role]}</Badge>
                </div>
              </div>
              <nav aria-label="Account" className="flex flex-col gap-1">
                {accountNavItems(user.role)
                  .filter((i) => !MAIN_NAV.some((m) => m.to === i.to))
                  .map((item) => (
                    <SheetLink key={item.to} item={item} onNavigate={close} />
                  ))}
              </nav>
              <Button
                variant="secondary"
                className="mt-2"
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <LogOut aria-hidden="true" className="h-4 w-4" />
                Log out
              </Button>
            </>
          ) : (
            <div className="flex flex-col gap-2">
              {status === "guest" ? (
                <Badge variant="neutral" className="self-start">
                  Guest
                </Badge>
              ) : null}
              <ButtonLink to="/register" onClick={close}>
                Sign up
              </ButtonLink>
              <ButtonLink to="/login" variant="secondary" onClick={close}>
                Sign in
              </ButtonLink>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
