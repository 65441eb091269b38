import { describe, expect, it } from "vitest";
import { newMessage } from "../generation/chat-store";
import { pageOfMessages } from "./service";

const all = Array.from({ length: 7 }, (_, i) => newMessage("c", i % 2 ? "user" : "bot", `m${i}`));
const contents = (query: Parameters<typeof pageOfMessages>[1]) => {
  const page = pageOfMessages(all, query);
  return page && [page.messages.map((m) => m.content), page.has_more_before, page.has_more_after];
};

describe("pageOfMessages (guests' in-memory conversations)", () => {
  it("gives the newest page without a cursor", () => {
    expect(contents({ limit: 3 })).toEqual([["m4", "m5", "m6"], true, false]);
    expect(contents({ limit: 10 })).toEqual([all.map((m) => m.content), false, false]);
  });

  it("pages strictly before and after a message", () => {
    expect(contents({ before_id: all[4]?.id, limit: 3 })).toEqual([["m1", "m2", "m3"], true, true]);
    expect(contents({ before_id: all[1]?.id, limit: 3 })).toEqual([["m0"], false, true]);
    expect(contents({ after_id: all[4]?.id, limit: 3 })).toEqual([["m5", "m6"], true, false]);
    expect(contents({ after_id: all[0]?.id, limit: 2 })).toEqual([["m1", "m2"], true, true]);
  });

  it("refuses a cursor that is not in the conversation", () => {
    expect(pageOfMessages(all, { before_id: "00000000-0000-4000-8000-000000000000", limit: 3 })).toBeNull();
  });
});
