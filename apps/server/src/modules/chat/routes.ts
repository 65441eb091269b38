import type { App, AppContext } from "../../context";
import type { WaitingRoom } from "../waiting-room/index";
import { registerConversationRoutes } from "./conversations/routes";
import { createChatRuntime } from "./generation/chat-runtime";
import type { GuestConversation } from "./generation/chat-store";
import { registerGenerationRoutes } from "./generation/routes";
import { registerGroupRoutes } from "./groups/routes";
import { registerMemoryRoutes } from "./memories/routes";
import { registerMessageRoutes } from "./messages/routes";

/** What other modules may read of chats kept outside the database: a guest's conversation (or null). */
export type ChatReaders = {
  guestConversation: (guestId: string, conversationId: string) => Promise<GuestConversation | null>;
};

/**
 * Generation, conversations, messages and memories, sharing one lock and one guest store; generations
 * pass the waiting room first. Answers the readers other modules get (ads read guests' chats).
 */
export function registerChatRoutes(app: App, ctx: AppContext, waitingRoom: WaitingRoom): ChatReaders {
  const runtime = createChatRuntime(ctx.database.prioritySql, ctx.redis, waitingRoom, {
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
  return { guestConversation: (guestId, id) => runtime.guests.conversation(guestId, id) };
}
