import { AVATAR_UPLOAD_MAX_BYTES } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { MEMBER } from "../auth/route-access";
import { readUploadedFile } from "./multipart";
import { storeAvatar } from "./storage";

export function registerUploadRoutes(app: App, ctx: AppContext): void {
  // The declared content type is not trusted: storeAvatar checks what the bytes are.
  app.post(
    "/api/uploads/avatar",
    { config: { access: MEMBER, rateLimit: perMinute(20) } },
    async (request, reply) => {
      const file = await readUploadedFile(request, AVATAR_UPLOAD_MAX_BYTES);
      return reply.status(201).send(await storeAvatar(ctx.config, file.bytes));
    },
  );
}
