import {
  type Me,
  meSchema,
  profileUpdateBodySchema,
  usernameAvailabilityQuerySchema,
  usernameAvailabilitySchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { optionalMember, requireMember, type SessionSubject } from "../../kernel/auth-context";
import { MEMBER, VISITOR } from "../../kernel/route-access";
import { resolveSecrets } from "../../secrets";
import { isPartnerHost } from "../app-config/index";
import { presentUsernameAvailability } from "./presenter";
import { isUsernameAvailable, updateProfile } from "./service";

/** What the routes need from the operations that span modules (`commands/`, wired in app.ts). */
export type ProfileRouteCommands = { describeMe(subject: SessionSubject): Promise<Me> };

export function registerProfileRoutes(app: App, ctx: AppContext, commands: ProfileRouteCommands): void {
  const { db } = ctx.database;
  const { encryptionKey } = resolveSecrets(ctx.config);

  app.put(
    "/api/users/profile",
    {
      config: { access: MEMBER, rateLimit: perMinute(120) },
      schema: { body: profileUpdateBodySchema, response: { 200: meSchema } },
    },
    async (request) => {
      const user = await updateProfile(db, requireMember(request.auth), request.body, {
        encryptionKey,
        where: { brand: ctx.config.brand, partnerHost: isPartnerHost(ctx.config, request.headers.host) },
      });
      return commands.describeMe({ kind: "member", user });
    },
  );

  // Open to visitors too (partner sign-up); a member's own username counts as available.
  app.get(
    "/api/users/username-availability",
    {
      config: { access: VISITOR, rateLimit: perMinute(300) },
      schema: {
        querystring: usernameAvailabilityQuerySchema,
        response: { 200: usernameAvailabilitySchema },
      },
    },
    async (request) => {
      return presentUsernameAvailability(
        await isUsernameAvailable(db, request.query.username, optionalMember(request.auth)),
      );
    },
  );
}
