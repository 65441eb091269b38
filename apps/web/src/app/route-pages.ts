import type { RoutePath } from "@hearth/contracts";
import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from "react";
import { matchRoutes } from "react-router";

import { AccessDeniedPage } from "../routes/access-denied-page";
import { HomePage } from "../routes/home-page";
import { LoginPage } from "../routes/login-page";
import { NotFoundPage } from "../routes/not-found-page";
import { RegisterPage } from "../routes/register-page";
import { UserNotFoundPage } from "../routes/user-not-found-page";

export type Page = ComponentType | LazyExoticComponent<ComponentType>;

/** A lazy page whose chunk can be fetched ahead of its first render (preloadPageAt). */
type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A page in its own chunk. Once the chunk is there (fetched ahead by `preload`), the page renders at once
 * instead of suspending: no fallback, and none of React's throttle on revealing a suspended page (up to
 * 300 ms after the fallback showed), which a page opened by a cold load would otherwise wait for.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Page {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= load().then(
      (m) => {
        loaded = pick(m);
        return loaded;
      },
      (error: unknown) => {
        // A failed download is tried again by the next render.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function ChunkPage() {
    // Chosen once per mount: switching from one to the other would mount the page again.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready) : createElement(Lazy);
  }
  return Object.assign(ChunkPage, { preload }) satisfies LazyPage;
}

/** Both chat routes share one page, so the chat stays mounted when its first message creates the conversation. */
const chatPage = page(
  () => import("../routes/chat-page"),
  (m) => m.ChatPage,
);

/**
 * Pages that exist, keyed by their ROUTE_TABLE path (a path the table lacks, or a typo, does not compile);
 * the routes in NOT_BUILT_YET render "not available yet". Content pages are lazy chunks so the first load stays small; home (the landing page) and the
 * few-hundred-byte sign-in, sign-up and status pages ship in the main bundle, so the first screen needs no
 * second round of downloads and moving between them never waits on one.
 */
export const ROUTE_PAGES = {
  "/": HomePage,
  "/chatbot/create": page(
    () => import("../routes/character-create-page"),
    (m) => m.CharacterCreatePage,
  ),
  "/character/create": page(
    () => import("../routes/character-create-page"),
    (m) => m.CharacterCreatePage,
  ),
  "/chatbot/create/:draftId": page(
    () => import("../routes/character-create-page"),
    (m) => m.CharacterCreatePage,
  ),
  "/chatbot/edit/:characterId": page(
    () => import("../routes/character-edit-page"),
    (m) => m.CharacterEditPage,
  ),
  "/character/edit/:characterId": page(
    () => import("../routes/character-edit-page"),
    (m) => m.CharacterEditPage,
  ),
  "/chatbot/:characterId": page(
    () => import("../routes/bot-profile-page"),
    (m) => m.BotProfilePage,
  ),
  "/my-chatbots": page(
    () => import("../routes/my-chatbots-page"),
    (m) => m.MyChatbotsPage,
  ),
  "/my-characters": page(
    () => import("../routes/my-chatbots-page"),
    (m) => m.MyChatbotsPage,
  ),
  "/my-chatbots/drafts": page(
    () => import("../routes/drafts-page"),
    (m) => m.DraftsPage,
  ),
  "/creator/:username": page(
    () => import("../routes/creator-page"),
    (m) => m.CreatorPage,
  ),
  "/favorites": page(
    () => import("../routes/favorites-page"),
    (m) => m.FavoritesPage,
  ),
  "/recommended": page(
    () => import("../routes/recommended-page"),
    (m) => m.RecommendedPage,
  ),
  "/creators/leaderboard": page(
    () => import("../routes/leaderboard-page"),
    (m) => m.LeaderboardPage,
  ),
  "/blocked-creators": page(
    () => import("../features/blocked-creators/components/blocked-creators-view"),
    (m) => m.BlockedCreatorsView,
  ),
  "/chat/:characterId": chatPage,
  "/chat/:characterId/:conversationId": chatPage,
  "/chats": page(
    () => import("../routes/chats-page"),
    (m) => m.ChatsPage,
  ),
  "/chats/:characterId": page(
    () => import("../routes/chats-page"),
    (m) => m.CharacterChatsPage,
  ),
  "/login": LoginPage,
  "/register": RegisterPage,
  "/access-denied": AccessDeniedPage,
  "/user-not-found": UserNotFoundPage,
  "/privacy": page(
    () => import("../features/legal/components/privacy-page"),
    (m) => m.PrivacyPage,
  ),
  "/terms": page(
    () => import("../features/legal/components/terms-page"),
    (m) => m.TermsPage,
  ),
  "/refund": page(
    () => import("../features/legal/components/refund-page"),
    (m) => m.RefundPage,
  ),
  "/2257": page(
    () => import("../features/legal/components/compliance-page"),
    (m) => m.CompliancePage,
  ),
  "/contribute": page(
    () => import("../features/legal/components/contribute-page"),
    (m) => m.ContributePage,
  ),
  "/download": page(
    () => import("../features/apps/components/download-page"),
    (m) => m.DownloadPage,
  ),
  "/apps/android": page(
    () => import("../features/apps/components/android-page"),
    (m) => m.AndroidPage,
  ),
  "/personas": page(
    () => import("../routes/personas-pages"),
    (m) => m.PersonasListPage,
  ),
  "/personas/create": page(
    () => import("../routes/personas-pages"),
    (m) => m.PersonaCreatePage,
  ),
  "/personas/edit/:personaId": page(
    () => import("../routes/personas-pages"),
    (m) => m.PersonaEditPage,
  ),
  "/lorebooks": page(
    () => import("../routes/lorebooks-pages"),
    (m) => m.LorebooksListPage,
  ),
  "/lorebooks/:lorebookId": page(
    () => import("../routes/lorebooks-pages"),
    (m) => m.LorebookEditorPage,
  ),
  "/settings": page(
    () => import("../routes/settings-page"),
    (m) => m.SettingsPage,
  ),
  "/profile": page(
    () => import("../routes/profile-page"),
    (m) => m.ProfilePage,
  ),
  "/update-email": page(
    () => import("../routes/update-email-page"),
    (m) => m.UpdateEmailPage,
  ),
  "/report": page(
    () => import("../features/reports/components/report-page"),
    (m) => m.ReportPage,
  ),
  "/report/:characterId": page(
    () => import("../features/reports/components/report-page"),
    (m) => m.ReportPage,
  ),
  "/admin": page(
    () => import("../features/admin/components/admin-pages"),
    (m) => m.AdminConsolePage,
  ),
  "/admin/reviews": page(
    () => import("../features/admin/components/admin-pages"),
    (m) => m.AdminReviewsPage,
  ),
  "/admin/users": page(
    () => import("../features/admin/components/admin-pages"),
    (m) => m.AdminUsersPage,
  ),
  "/admin/audit": page(
    () => import("../features/admin/components/admin-pages"),
    (m) => m.AdminAuditPage,
  ),
  "/admin/ads": page(
    () => import("../features/admin/components/admin-pages"),
    (m) => m.AdminAdsPage,
  ),
  "/subscribe": page(
    () => import("../features/subscriptions/components/subscribe-page"),
    (m) => m.SubscribePage,
  ),
  "/plan-comparison": page(
    () => import("../features/subscriptions/components/plan-comparison-page"),
    (m) => m.PlanComparisonPage,
  ),
  "/plan-comparison/:frequency": page(
    () => import("../features/subscriptions/components/plan-comparison-page"),
    (m) => m.PlanComparisonPage,
  ),
  "/subscribeOld": page(
    () => import("../features/subscriptions/components/subscribe-old-page"),
    (m) => m.SubscribeOldPage,
  ),
  "/subscribe-crypto": page(
    () => import("../features/subscriptions/components/subscribe-crypto-page"),
    (m) => m.SubscribeCryptoPage,
  ),
  "/manage-subscription": page(
    () => import("../features/subscriptions/components/portal-page"),
    (m) => m.PortalPage,
  ),
  "/portal": page(
    () => import("../features/subscriptions/components/portal-page"),
    (m) => m.PortalPage,
  ),
  "/checkout": page(
    () => import("../features/checkout/components/checkout-page"),
    (m) => m.CheckoutPage,
  ),
  "/checkout/success": page(
    () => import("../features/checkout/components/checkout-success-page"),
    (m) => m.CheckoutSuccessPage,
  ),
  "/sale": page(
    () => import("../routes/sale-page"),
    (m) => m.SalePage,
  ),
  "/promo/loveai": page(
    () => import("../routes/promo-loveai-page"),
    (m) => m.PromoLoveaiPage,
  ),
  "/easter-giveaway": page(
    () => import("../routes/easter-giveaway-page"),
    (m) => m.EasterGiveawayPage,
  ),
  "/link/subscribestar": page(
    () => import("../routes/link-subscribestar-page"),
    (m) => m.LinkSubscribeStarPage,
  ),
  "/link/subscribestar/:transientId": page(
    () => import("../routes/link-subscribestar-page"),
    (m) => m.LinkSubscribeStarPage,
  ),
  "/welcome/subscribestar": page(
    () => import("../routes/welcome-subscribestar-page"),
    (m) => m.WelcomeSubscribeStarPage,
  ),
  "/external/signup": page(
    () => import("../routes/external-signup-page"),
    (m) => m.ExternalSignupPage,
  ),
} as const satisfies Partial<Record<RoutePath, Page>>;

/** Routes of the table whose page comes in a later release: they show "not available yet". */
export const NOT_BUILT_YET = ["/external", "/signup", "/welcome"] as const satisfies readonly RoutePath[];

const pages: Partial<Record<RoutePath, Page>> = ROUTE_PAGES;

/**
 * Starts fetching the chunk of the page at `pathname` (the address the app opens at), beside the main
 * bundle instead of after it has run and the session is known.
 */
export function preloadPageAt(pathname: string): void {
  const routes = Object.keys(pages).map((path) => ({ path }));
  const path = matchRoutes(routes, pathname)?.[0]?.route.path as RoutePath | undefined;
  const found = path ? pages[path] : undefined;
  if (found && "preload" in found && typeof found.preload === "function") {
    found.preload().catch(() => {});
  }
}

/** The page of a route of the table; none for a route not built yet. */
export function pageFor(path: RoutePath): Page | undefined {
  return pages[path];
}

export { NotFoundPage };
