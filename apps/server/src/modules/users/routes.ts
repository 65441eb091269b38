import { meSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { unauthenticated } from "../../http/errors";
import { access, SESSION } from "../../kernel/route-access";
import { meOf } from "./service";

export function registerUserRoutes(app: App, ctx: AppContext): void {
  app.get(
    "/api/me",
    {
      config: { access: access(SESSION, { restricted: "allowed" }) },
      schema: { response: { 200: meSchema } },
    },
    async (request) => {
      const { auth } = request;
      if (auth.kind === "anonymous") throw unauthenticated();
      return meOf(ctx.database.db, ctx.config, auth);
    },
  );
}
