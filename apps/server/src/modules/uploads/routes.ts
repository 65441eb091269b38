import { AVATAR_UPLOAD_MAX_BYTES, avatarUploadResponseSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { MEMBER } from "../../kernel/route-access";
import { readUploadedFile } from "./multipart";
import { presentAvatarUpload } from "./presenter";
import { storeAvatar } from "./storage";

export function registerUploadRoutes(app: App, ctx: AppContext): void {
  // The declared content type is not trusted: storeAvatar checks what the bytes are.
  app.post(
    "/api/uploads/avatar",
    {
      config: { access: MEMBER, rateLimit: perMinute(20) },
      schema: { response: { 201: avatarUploadResponseSchema } },
    },
    async (request, reply) => {
      const file = await readUploadedFile(request, AVATAR_UPLOAD_MAX_BYTES);
      return reply.status(201).send(presentAvatarUpload(await storeAvatar(ctx.config, file.bytes)));
    },
  );
}
