import { CHAT_LIMITS, type Memory } from "@hearth/contracts";
import type { Database } from "../../../db/client";
import { AppError, notFound } from "../../../http/errors";
import { findOwnConversation, type HistoryOwner } from "../conversations/repository";
import { presentMemory } from "./presenter";
import { deleteMemory, findOwnMemory, insertMemory, listMemories, updateMemory } from "./repository";

async function ownConversation(db: Database, owner: HistoryOwner, conversationId: string) {
  const conversation = await findOwnConversation(db, conversationId, owner);
  if (!conversation) throw notFound();
  return conversation;
}

async function ownMemory(db: Database, owner: HistoryOwner, id: string) {
  const memory = await findOwnMemory(db, id, owner.userId);
  if (!memory) throw notFound();
  await ownConversation(db, owner, memory.conversationId);
  return memory;
}

export async function listConversationMemories(
  db: Database,
  owner: HistoryOwner,
  conversationId: string,
): Promise<Memory[]> {
  await ownConversation(db, owner, conversationId);
  return (await listMemories(db, conversationId)).map(presentMemory);
}

/** Refused (409) once the conversation holds CHAT_LIMITS.memoriesPerConversation, however many arrive at once. */
export async function createMemory(
  db: Database,
  owner: HistoryOwner,
  conversationId: string,
  body: { content: string; pinned: boolean },
): Promise<Memory> {
  await ownConversation(db, owner, conversationId);
  const row = await insertMemory(db, { conversationId, ...body, source: "user" });
  if (row === "gone") throw notFound();
  if (row === "full") {
    throw new AppError(
      409,
      "validation_error",
      `A conversation keeps at most ${CHAT_LIMITS.memoriesPerConversation} memories. Delete one first.`,
    );
  }
  return presentMemory(row);
}

export async function editMemory(
  db: Database,
  owner: HistoryOwner,
  id: string,
  body: { content?: string; pinned?: boolean },
): Promise<Memory> {
  await ownMemory(db, owner, id);
  return presentMemory(await updateMemory(db, id, body));
}

export async function removeMemory(db: Database, owner: HistoryOwner, id: string): Promise<void> {
  await ownMemory(db, owner, id);
  await deleteMemory(db, id);
}
