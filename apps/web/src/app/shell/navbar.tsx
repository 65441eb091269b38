import { Link, NavLink, useLocation } from "react-router";
import { Badge } from "../../components/ui/badge";
import { ButtonLink } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { useSession } from "../../lib/session";
import { useBranding } from "../use-branding";
import { BrandMark } from "./brand-mark";
import { MobileMenu } from "./mobile-menu";
import { AUTH_PAGES, MAIN_NAV } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-400",
    isActive ? "bg-surface-2 text-text-1" : "text-text-2 hover:bg-surface-2 hover:text-text-1",
  );

export function Navbar() {
  const { status, user, signOut } = useSession();
  const { pathname } = useLocation();
  const showAuthButtons = !AUTH_PAGES.has(pathname);
  const { name } = useBranding();
  return (
    <header className="sticky top-0 z-40 border-b border-surface-3/70 bg-surface-0/80 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={name}
          className="mr-2 shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-400"
        >
          <BrandMark compact />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          {status === "member" && user ? (
            <UserMenu user={user} onSignOut={() => void signOut()} />
          ) : status === "invalid" ? null : status === "loading" ? (
            <span aria-hidden="true" className="h-10 w-24 animate-pulse rounded-full bg-surface-2" />
          ) : showAuthButtons ? (
            <>
              {status === "guest" ? <Badge variant="neutral">Guest</Badge> : null}
              <ButtonLink to="/login" variant="ghost" className="px-3">
                Sign in
              </ButtonLink>
              <ButtonLink to="/register">Sign up</ButtonLink>
            </>
          ) : status === "guest" ? (
            <Badge variant="neutral">Guest</Badge>
          ) : null}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
