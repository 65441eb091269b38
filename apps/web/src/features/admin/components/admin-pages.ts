/**
 * The admin area's pages, one lazy chunk for all of them: the route map imports this module for every admin
 * route, so the admin code (and uPlot) never lands in the bundle's shared chunk that every visitor loads.
 */
export { AdminAdsPage } from "./ads-page";
export { AdminAuditPage } from "./audit-page";
export { AdminConsolePage } from "./console-page";
export { AdminReviewsPage } from "./reviews-page";
export { AdminUsersPage } from "./users-page";
