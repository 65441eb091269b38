/**
 * Sale, birthday banner and promotions: the yearly sale window (SALE_START, SALE_END), the sale page's
 * data, the gate that keeps the sale's checkout offers to that window, the former partner's ended offer
 * and the Easter giveaway's code for subscribers.
 */
export { registerPromotionRoutes } from "./routes";
export { saleOfferAvailability } from "./service";
export { saleWindowAt } from "./window";
