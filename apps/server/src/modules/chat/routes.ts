import type { App, AppContext } from "../../context";
import { registerConversationRoutes } from "./conversations/routes";
import { createChatRuntime } from "./generation/chat-runtime";
import { registerGenerationRoutes } from "./generation/routes";
import { registerMemoryRoutes } from "./memories/routes";
import { registerMessageRoutes } from "./messages/routes";

/** Generation, conversations, messages and memories, sharing one lock and one guest store. */
export function registerChatRoutes(app: App, ctx: AppContext): void {
  const runtime = createChatRuntime(ctx.database.priorityDb, {
    maxTotalBytes: ctx.config.guestChatsMaxBytes,
  });
  app.addHook("onClose", async () => runtime.guests.close());
  registerGenerationRoutes(app, ctx, runtime);
  registerConversationRoutes(app, ctx, runtime);
  registerMessageRoutes(app, ctx);
  registerMemoryRoutes(app, ctx);
}
