import type { Permission } from "./permissions";

/**
 * The web route table (account spec 2.15, chat spec 2). `layout` picks the shell; `permission` and `admin`
 * are checked by the route guard. The web maps each path to its page or lists it as not built yet (`RoutePath` keys both).
 */
export type RouteLayout = "main" | "public" | "protected";
export type RouteEntry<P extends string = string> = {
  path: P;
  layout: RouteLayout;
  title: string;
  permission?: Permission;
  /** Admins only: the route guard shows everyone else the access-denied page (the server refuses them too). */
  admin?: boolean;
};

export const ROUTE_PATHS = {
  home: "/",
  login: "/login",
  register: "/register",
  signup: "/signup",
  accessDenied: "/access-denied",
  userNotFound: "/user-not-found",
  sale: "/sale",
  profile: "/profile",
} as const;

const ROUTES = [
  // Main layout, no footer
  { path: "/chat/:characterId", layout: "main", title: "Chat", permission: "view_chat" },
  { path: "/chat/:characterId/:conversationId", layout: "main", title: "Chat", permission: "view_chat" },
  { path: "/sale", layout: "main", title: "Birthday Sale" },
  { path: "/external/signup", layout: "main", title: "Partner sign-up" },
  { path: "/access-denied", layout: "main", title: "Access denied" },
  // Public layout
  { path: "/", layout: "public", title: "Home" },
  { path: "/login", layout: "public", title: "Sign in" },
  { path: "/register", layout: "public", title: "Create account" },
  { path: "/external", layout: "public", title: "Partner" },
  { path: "/creator/:username", layout: "public", title: "Creator" },
  { path: "/blocked-creators", layout: "public", title: "Blocked creators" },
  { path: "/chats", layout: "public", title: "Your Previous Conversations", permission: "view_chat" },
  { path: "/chats/:characterId", layout: "public", title: "Last Conversations", permission: "view_chat" },
  { path: "/privacy", layout: "public", title: "Privacy Policy" },
  { path: "/terms", layout: "public", title: "Terms of Service" },
  { path: "/refund", layout: "public", title: "Refund Policy" },
  { path: "/2257", layout: "public", title: "18 U.S.C. 2257 Compliance Statement" },
  { path: "/contribute", layout: "public", title: "Contribute" },
  { path: "/subscribeOld", layout: "public", title: "Subscribe" },
  // Without a frequency the comparison is monthly (spec 2: "it defaults to monthly").
  { path: "/plan-comparison", layout: "public", title: "Compare plans" },
  { path: "/plan-comparison/:frequency", layout: "public", title: "Compare plans" },
  { path: "/subscribe-crypto", layout: "public", title: "Subscribe with crypto" },
  { path: "/welcome/subscribestar", layout: "public", title: "Thanks for subscribing" },
  { path: "/promo/loveai", layout: "public", title: "Welcome, LoveAI users" },
  { path: "/easter-giveaway", layout: "public", title: "Easter giveaway" },
  { path: "/creators/leaderboard", layout: "public", title: "Creators leaderboard" },
  { path: "/download", layout: "public", title: "Supported apps" },
  { path: "/recommended", layout: "public", title: "Recommended Bots", permission: "view_my_chat_bots" },
  { path: "/manage-subscription", layout: "public", title: "Manage subscription" },
  { path: "/portal", layout: "public", title: "Manage subscription" },
  { path: "/apps/android", layout: "public", title: "Install the Android app" },
  // Protected layout (sign-in required)
  { path: "/signup", layout: "protected", title: "Finish signing up" },
  { path: "/subscribe", layout: "protected", title: "Subscribe" },
  { path: "/checkout", layout: "protected", title: "Checkout" },
  { path: "/checkout/success", layout: "protected", title: "Thank you" },
  { path: "/update-email", layout: "protected", title: "Update email" },
  { path: "/settings", layout: "protected", title: "Settings" },
  { path: "/profile", layout: "protected", title: "Profile" },
  { path: "/user-not-found", layout: "protected", title: "Invalid account" },
  { path: "/my-characters", layout: "protected", title: "My Chatbots", permission: "view_my_chat_bots" },
  { path: "/my-chatbots", layout: "protected", title: "My Chatbots", permission: "view_my_chat_bots" },
  { path: "/my-chatbots/drafts", layout: "protected", title: "Drafts" },
  { path: "/personas", layout: "protected", title: "My Personas", permission: "view_chat" },
  { path: "/personas/create", layout: "protected", title: "Create persona", permission: "view_chat" },
  { path: "/personas/edit/:personaId", layout: "protected", title: "Edit persona", permission: "view_chat" },
  { path: "/favorites", layout: "protected", title: "Favorite Bots", permission: "view_chat" },
  { path: "/lorebooks", layout: "protected", title: "Lorebooks", permission: "view_chat" },
  { path: "/lorebooks/:lorebookId", layout: "protected", title: "Edit lorebook", permission: "view_chat" },
  { path: "/character/create", layout: "protected", title: "Create a character" },
  { path: "/chatbot/create", layout: "protected", title: "Create a chatbot" },
  { path: "/chatbot/create/:draftId", layout: "protected", title: "Create a chatbot" },
  {
    path: "/character/edit/:characterId",
    layout: "protected",
    title: "Edit character",
    permission: "create_character",
  },
  {
    path: "/chatbot/edit/:characterId",
    layout: "protected",
    title: "Edit chatbot",
    permission: "create_character",
  },
  { path: "/chatbot/:characterId", layout: "protected", title: "Chatbot" },
  { path: "/link/subscribestar", layout: "protected", title: "Link SubscribeStar" },
  { path: "/link/subscribestar/:transientId", layout: "protected", title: "Link SubscribeStar" },
  { path: "/report", layout: "protected", title: "Report a character", permission: "report_character" },
  {
    path: "/report/:characterId",
    layout: "protected",
    title: "Report a character",
    permission: "report_character",
  },
  // Admin area (issue 11): the spec names /admin/reviews; the console, users and audit log sit beside it.
  { path: "/admin", layout: "protected", title: "Admin console", admin: true },
  { path: "/admin/reviews", layout: "protected", title: "Reviews", admin: true },
  { path: "/admin/users", layout: "protected", title: "Members", admin: true },
  { path: "/admin/audit", layout: "protected", title: "Audit log", admin: true },
  { path: "/admin/ads", layout: "protected", title: "Ads", admin: true },
  { path: "/welcome", layout: "protected", title: "Welcome" },
] as const satisfies readonly RouteEntry[];

/** Every path of the route table: a page map keyed by it rejects a path the table lacks, or a typo. */
export type RoutePath = (typeof ROUTES)[number]["path"];

export const ROUTE_TABLE: readonly RouteEntry<RoutePath>[] = ROUTES;
