import type { App, AppContext } from "../../context";
import type { WaitingRoom } from "../waiting-room/index";
import { registerConversationRoutes } from "./conversations/routes";
import { createChatRuntime } from "./generation/chat-runtime";
import { registerGenerationRoutes } from "./generation/routes";
import { registerGroupRoutes } from "./groups/routes";
import { registerMemoryRoutes } from "./memories/routes";
import { registerMessageRoutes } from "./messages/routes";

/**
 * Generation, conversations, messages and memories, sharing one lock and one guest store; generations
 * pass the waiting room first.
 */
export function registerChatRoutes(app: App, ctx: AppContext, waitingRoom: WaitingRoom): void {
  const runtime = createChatRuntime(ctx.database.priorityDb, ctx.redis, waitingRoom, {
    maxTotalBytes: ctx.config.guestChatsMaxBytes,
  });
  app.addHook("onClose", async () => {
    runtime.guests.close();
    await runtime.replies.close();
  });
  registerGenerationRoutes(app, ctx, runtime);
  registerConversationRoutes(app, ctx, runtime);
  registerMessageRoutes(app, ctx);
  registerMemoryRoutes(app, ctx);
  registerGroupRoutes(app, ctx);
}
