import { easterCodeSchema, loveaiPromoSchema, salePageSchema, saleStatusSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { PUBLIC, VISITOR } from "../../kernel/route-access";
import { isPartnerHost } from "../app-config/index";
import { viewerOf } from "../characters/index";
import { createPromotionService } from "./service";

/**
 * The sale (`GET /api/sale/status` for the birthday banner, `GET /api/sale` for the page: 404 while no
 * sale runs or on a partner host), the former partner's ended offer and the Easter giveaway's code.
 */
export function registerPromotionRoutes(app: App, ctx: AppContext): void {
  const service = createPromotionService({ db: ctx.database.db, config: ctx.config, clock: ctx.clock });
  const partner = (host: string | undefined) => isPartnerHost(ctx.config, host);

  app.get(
    "/api/sale/status",
    { config: { access: PUBLIC }, schema: { response: { 200: saleStatusSchema } } },
    async (request) => service.status(partner(request.headers.host)),
  );

  app.get(
    "/api/sale",
    { config: { access: VISITOR }, schema: { response: { 200: salePageSchema } } },
    async (request) => service.page(viewerOf(request.auth, ctx.config), partner(request.headers.host)),
  );

  app.get(
    "/api/promotions/loveai",
    { config: { access: PUBLIC }, schema: { response: { 200: loveaiPromoSchema } } },
    async () => service.loveai(),
  );

  app.get(
    "/api/promotions/easter",
    { config: { access: VISITOR }, schema: { response: { 200: easterCodeSchema } } },
    async (request) =>
      service.easterCode({ role: request.auth.kind === "member" ? request.auth.user.role : null }),
  );
}
