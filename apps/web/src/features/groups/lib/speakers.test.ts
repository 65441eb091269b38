import type { ConversationGroup } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { groupNames, moved, speakerOf } from "./speakers";

const group: ConversationGroup = {
  mode: "natural",
  members: [
    { id: "a", name: "Aria", avatar_url: "/a.png", avatar_is_nsfw: false, muted: false, position: 0 },
    { id: "b", name: "Bram", avatar_url: null, avatar_is_nsfw: false, muted: true, position: 1 },
  ],
  former: [{ id: "c", name: "Cleo", avatar_url: null, avatar_is_nsfw: false }],
};

describe("group speakers", () => {
  it("names members and former members, nothing otherwise", () => {
    expect(speakerOf(group, "a")).toEqual({ id: "a", name: "Aria", avatarUrl: "/a.png" });
    expect(speakerOf(group, "c")?.name).toBe("Cleo");
    expect(speakerOf(group, "x")).toBeNull();
    expect(speakerOf(null, "a")).toBeNull();
    expect(speakerOf(group, null)).toBeNull();
  });

  it("joins names and moves ids within bounds", () => {
    expect(groupNames(group.members)).toBe("Aria and Bram");
    expect(groupNames([{ name: "A" }, { name: "B" }, { name: "C" }])).toBe("A, B and C");
    expect(moved(["a", "b", "c"], "c", -1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
  });
});
