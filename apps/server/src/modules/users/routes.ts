import { type Me, meSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { unauthenticated } from "../../http/errors";
import type { SessionSubject } from "../../kernel/auth-context";
import { access, SESSION } from "../../kernel/route-access";

/** What the route needs from the operations that span modules (`commands/`, wired in app.ts). */
export type UserRouteCommands = { describeMe(subject: SessionSubject): Promise<Me> };

export function registerUserRoutes(app: App, _ctx: AppContext, commands: UserRouteCommands): void {
  app.get(
    "/api/me",
    {
      config: { access: access(SESSION, { restricted: "allowed" }) },
      schema: { response: { 200: meSchema } },
    },
    async (request) => {
      const { auth } = request;
      if (auth.kind === "anonymous") throw unauthenticated();
      return commands.describeMe(auth);
    },
  );
}
