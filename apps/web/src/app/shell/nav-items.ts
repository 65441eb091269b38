import type { Permission, Role } from "@hearth/contracts";
import {
  Ban,
  Bookmark,
  BookOpen,
  Crown,
  Home,
  type LucideIcon,
  MessagesSquare,
  PlusCircle,
  Settings,
  ShieldCheck,
  Smile,
  Sparkles,
  User,
  Users,
} from "lucide-react";

export type NavItem = { label: string; to: string; icon: LucideIcon; permission?: Permission };

/** Main navigation. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: "Home", to: "/", icon: Home },
  { label: "Create", to: "/chatbot/create", icon: PlusCircle, permission: "create_character" },
  { label: "My Chatbots", to: "/my-chatbots", icon: Bookmark, permission: "view_my_chat_bots" },
  { label: "Chats", to: "/chats", icon: MessagesSquare, permission: "view_chat" },
];

/** Account menu entries for signed-in members. */
export const ACCOUNT_NAV: readonly NavItem[] = [
  { label: "Profile", to: "/profile", icon: User },
  { label: "My Chatbots", to: "/my-chatbots", icon: Bookmark },
  { label: "Personas", to: "/personas", icon: Smile },
  { label: "Lorebooks", to: "/lorebooks", icon: BookOpen },
  { label: "Favorite Bots", to: "/favorites", icon: Users },
  { label: "Recommended Bots", to: "/recommended", icon: Sparkles },
  { label: "Blocked Creators", to: "/blocked-creators", icon: Ban },
  { label: "Settings", to: "/settings", icon: Settings },
];

/** The account menu's plan entry: Upgrade for a free member, the subscription page for a paid one. */
export function planNavItem(role: Role): NavItem | null {
  if (role === "free") return { label: "Upgrade", to: "/subscribe", icon: Sparkles };
  if (role === "minimal" || role === "basic" || role === "premium") {
    return { label: "Manage subscription", to: "/manage-subscription", icon: Crown };
  }
  return null;
}

/**
 * The account menu's way into the admin area: for admins only (the session's role, as the admin routes'
 * guard decides; the server refuses every admin call to anyone else).
 */
export function adminNavItem(role: Role): NavItem | null {
  return role === "admin" ? { label: "Admin", to: "/admin", icon: ShieldCheck } : null;
}

/** The account menu's entries (desktop and mobile): the plan's, the admin area's, then the account pages. */
export function accountNavItems(role: Role): NavItem[] {
  return [planNavItem(role), adminNavItem(role), ...ACCOUNT_NAV].filter(
    (item): item is NavItem => item !== null,
  );
}

/** Pages where the navbar leaves out its own sign-in / sign-up buttons (the page offers them). */
export const AUTH_PAGES: ReadonlySet<string> = new Set(["/login", "/register", "/access-denied"]);

export function isActivePath(current: string, to: string): boolean {
  return to === "/" ? current === "/" : current === to || current.startsWith(`${to}/`);
}
