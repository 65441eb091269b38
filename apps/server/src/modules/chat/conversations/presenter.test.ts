import { describe, expect, it } from "vitest";
import { newMessage } from "../generation/chat-store";
import { presentGuestConversationDetail } from "./presenter";
import { pageOfMessages } from "./service";

const character = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Ada",
  title: "A guide",
  avatarUrl: "https://cdn.example/ada.png",
  avatarIsNsfw: true,
  creatorUserId: "22222222-2222-4222-8222-222222222222",
  creatorUsername: "maker",
};
const now = new Date("2030-01-01T00:00:00.000Z");

describe("presentGuestConversationDetail (a guest's in-memory conversation)", () => {
  it("is the summary of the conversation (first and last message times) with its newest page", () => {
    const messages = [newMessage("c", "bot", "Hello"), newMessage("c", "user", "Hi")];
    const [first, last] = messages as [(typeof messages)[0], (typeof messages)[0]];
    const newest = pageOfMessages(messages, { limit: 50 });
    if (!newest) throw new Error("no page");
    expect(presentGuestConversationDetail({ id: "c", messages }, character, newest, now)).toEqual({
      id: "c",
      character_id: character.id,
      character: {
        id: character.id,
        name: "Ada",
        title: "A guide",
        avatar_url: null,
        avatar_is_nsfw: true,
        creator_username: "maker",
      },
      user_persona_id: null,
      label: null,
      last_message: { content: "Hi", createdAt: last.createdAt.toISOString() },
      is_last_id: true,
      created_at: first.createdAt.toISOString(),
      updated_at: last.createdAt.toISOString(),
      messages: newest.messages,
      has_more_before: false,
      message_count: 2,
      oldest_included_message_id: null,
      persona: null,
    });
  });

  it("dates an empty conversation now, with no last message", () => {
    const detail = presentGuestConversationDetail(
      { id: "c", messages: [] },
      character,
      { messages: [], has_more_before: false },
      now,
    );
    expect(detail).toMatchObject({
      last_message: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      message_count: 0,
    });
    expect(detail).not.toHaveProperty("has_more_after");
  });
});
