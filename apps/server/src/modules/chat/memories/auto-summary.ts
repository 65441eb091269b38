import { AUTO_MEMORY_EVERY_MESSAGES, CHAT_LIMITS } from "@hearth/contracts";
import { assembleSummaryPrompt } from "@hearth/prompt";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../db/client";
import type { ResolvedProvider } from "../../llm/index";
import { listMessagePage } from "../conversations/repository";
import { insertMemory, resetSummaryCounter, unpinOlderSummaries } from "./repository";

type SummaryDeps = { db: Database; log: FastifyBaseLogger };

/** At most this many of the latest messages are read; the prompt keeps the newest of them that fit. */
const RECENT_MESSAGES = AUTO_MEMORY_EVERY_MESSAGES * 2;
const SUMMARY_TOKENS = 90;
const PINNED_SUMMARIES_KEPT = 3;

/**
 * conversation_memory_auto: after every AUTO_MEMORY_EVERY_MESSAGES replies the server writes a pinned
 * summary memory of the recent messages with the same model: as many of the latest as fit its context
 * beside the summary's own tokens (`assembleSummaryPrompt`). Runs in the background after the reply is
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
    const recent = await listMessagePage(deps.db, conversation.id, { limit: RECENT_MESSAGES });
    const prompt = assembleSummaryPrompt({
      messages: recent?.rows ?? [],
      contextSize: provider.contextSize,
      maxNewTokens: SUMMARY_TOKENS,
      maxSummaryChars: CHAT_LIMITS.memoryMax,
      countTokens: (text) => provider.countTokens(text),
    });
    if (!prompt) return;
    let summary = "";
    for await (const pieces of provider.stream({
      messages: prompt.messages,
      maxTokens: SUMMARY_TOKENS,
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      signal: AbortSignal.timeout(60_000),
    })) {
      summary += pieces.join("");
    }
    const content = summary.trim().slice(0, CHAT_LIMITS.memoryMax).trim();
    if (!content) return;
    await insertMemory(deps.db, { conversationId: conversation.id, content, pinned: true, source: "auto" });
    await unpinOlderSummaries(deps.db, conversation.id, PINNED_SUMMARIES_KEPT);
  } catch (error) {
    deps.log.warn({ err: error, conversationId: conversation.id }, "automatic summary memory failed");
  }
}
