import type { ConversationSummary } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { nextCursor } from "./conversations";

function item(id: string, isLast = false): ConversationSummary {
  return {
    id,
    character_id: "c",
    character: {
      id: "c",
      name: "Luna",
      title: "",
      avatar_url: null,
      avatar_is_nsfw: false,
      creator_username: null,
    },
    user_persona_id: null,
    label: null,
    last_message: null,
    is_last_id: isLast,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}

describe("nextCursor", () => {
  it("continues after the last id of a full page", () => {
    const page = Array.from({ length: 25 }, (_, i) => item(`id-${i}`));
    expect(nextCursor(page)).toBe("id-24");
  });

  it("stops at a short page, an empty page or the is_last_id flag", () => {
    expect(nextCursor([item("a")])).toBeUndefined();
    expect(nextCursor([])).toBeUndefined();
    const full = Array.from({ length: 25 }, (_, i) => item(`id-${i}`, i === 24));
    expect(nextCursor(full)).toBeUndefined();
  });
});
