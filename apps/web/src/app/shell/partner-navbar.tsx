import { UserRound } from "lucide-react";
import { Link, NavLink } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { useSession } from "../../lib/session";
import { useBranding } from "../use-branding";
import { BrandMark } from "./brand-mark";
import { MobileMenu } from "./mobile-menu";
import { MAIN_NAV } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

/** Partner mode navbar: only the entries the user's permissions allow, a profile link and the theme toggle. */
export function PartnerNavbar() {
  const { permissions } = useSession();
  const { name } = useBranding();
  const items = MAIN_NAV.filter((item) => !item.permission || permissions.includes(item.permission));
  return (
    <header className="sticky top-0 z-40 border-b border-surface-3/70 bg-surface-0/80 backdrop-blur-xl">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={name}
          className="mr-2 shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <BrandMark compact />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn(
                  "rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-400",
                  isActive ? "bg-surface-2 text-text-1" : "text-text-2 hover:bg-surface-2 hover:text-text-1",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle />
          <Link to="/profile" aria-label="Profile" className={buttonClasses("ghost", "icon")}>
            <UserRound aria-hidden="true" className="h-5 w-5" />
          </Link>
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
