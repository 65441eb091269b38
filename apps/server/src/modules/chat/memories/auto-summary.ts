import { AUTO_MEMORY_EVERY_MESSAGES, CHAT_LIMITS } from "@hearth/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../db/client";
import type { ResolvedProvider } from "../../llm/index";
import { listMessages } from "../conversations/repository";
import { insertMemory, resetSummaryCounter, unpinOlderSummaries } from "./repository";

type SummaryDeps = { db: Database; log: FastifyBaseLogger };

const SUMMARY_INSTRUCTION = `Summarize the roleplay conversation above as one memory for the story so far: who is who, what happened, what matters next. At most two sentences and ${CHAT_LIMITS.memoryMax} characters. Answer with the summary only.`;
const RECENT_MESSAGES = AUTO_MEMORY_EVERY_MESSAGES * 2;
const SUMMARY_TOKENS = 90;
const PINNED_SUMMARIES_KEPT = 3;

/**
 * conversation_memory_auto: after every AUTO_MEMORY_EVERY_MESSAGES replies the server writes a pinned
 * summary memory of the recent messages with the same model. Runs in the background after the reply is
 * saved; failures are logged, never shown to the user.
 */
export async function maybeWriteSummaryMemory(
  deps: SummaryDeps,
  conversation: { id: string; messagesSinceSummary: number },
  provider: ResolvedProvider,
): Promise<void> {
  if (conversation.messagesSinceSummary < AUTO_MEMORY_EVERY_MESSAGES) return;
  try {
    await resetSummaryCounter(deps.db, conversation.id);
    const recent = (await listMessages(deps.db, conversation.id)).slice(-RECENT_MESSAGES);
    const transcript = recent
      .map((m) => `${m.role === "bot" ? "Character" : "User"}: ${m.content}`)
      .join("\n");
    let summary = "";
    for await (const piece of provider.stream({
      messages: [
        { role: "user", content: transcript },
        { role: "system", content: SUMMARY_INSTRUCTION },
      ],
      maxTokens: SUMMARY_TOKENS,
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      signal: AbortSignal.timeout(60_000),
    })) {
      summary += piece;
    }
    const content = summary.trim().slice(0, CHAT_LIMITS.memoryMax).trim();
    if (!content) return;
    await insertMemory(deps.db, { conversationId: conversation.id, content, pinned: true, source: "auto" });
    await unpinOlderSummaries(deps.db, conversation.id, PINNED_SUMMARIES_KEPT);
  } catch (error) {
    deps.log.warn({ err: error, conversationId: conversation.id }, "automatic summary memory failed");
  }
}
