import { describe, expect, it } from "vitest";
import {
  cardStatus,
  fixRequiredLabel,
  isUnderReview,
  type ModeratedCharacter,
  orderMyCharacters,
  sortMyCharacters,
  statusLabel,
} from "./card-status";

const bot = (
  visibility: ModeratedCharacter["visibility"],
  status: "pending" | "rereview_required" | "fix_required" | null = null,
  reportsType: string[] = [],
): ModeratedCharacter => ({
  visibility,
  moderationReport: status ? { moderation_status: status } : null,
  reportsType,
});

describe("card status", () => {
  it("maps visibility when there is no moderation status", () => {
    expect(cardStatus(bot("public"))).toBe("public");
    expect(cardStatus(bot("private"))).toBe("private");
    expect(cardStatus(bot("permanently_private"))).toBe("private");
    expect(cardStatus(bot("hidden"))).toBe("unlisted");
  });

  it("lets moderation take precedence over visibility", () => {
    expect(cardStatus(bot("public", "pending"))).toBe("review");
    expect(cardStatus(bot("private", "rereview_required"))).toBe("review");
    expect(cardStatus(bot("hidden", "fix_required"))).toBe("action");
    expect(isUnderReview(bot("public", "pending"))).toBe(true);
    expect(isUnderReview(bot("public", "fix_required"))).toBe(false);
  });

  it("labels fix-required bots Reported when users reported them, otherwise Rejected", () => {
    expect(fixRequiredLabel(bot("public", "fix_required", ["User"]))).toBe("Reported");
    expect(fixRequiredLabel(bot("public", "fix_required", ["Admin", "User"]))).toBe("Reported");
    expect(fixRequiredLabel(bot("public", "fix_required", ["Admin"]))).toBe("Rejected");
    expect(fixRequiredLabel(bot("public", "fix_required"))).toBe("Rejected");
    expect(statusLabel(bot("public", "fix_required", ["User"]))).toBe("Reported");
    expect(statusLabel(bot("hidden"))).toBe("Unlisted");
    expect(statusLabel(bot("public", "pending"))).toBe("In review");
  });

  it("sorts fix-required first, then pending or rereview, then the rest, keeping order within groups", () => {
    const list = [
      { ...bot("public"), name: "a" },
      { ...bot("public", "pending"), name: "b" },
      { ...bot("private", "fix_required"), name: "c" },
      { ...bot("hidden"), name: "d" },
      { ...bot("public", "rereview_required"), name: "e" },
      { ...bot("public", "fix_required"), name: "f" },
    ];
    expect(sortMyCharacters(list).map((c) => c.name)).toEqual(["c", "f", "b", "e", "a", "d"]);
  });

  it("orders by the chosen key inside the status groups", () => {
    const make = (
      name: string,
      num_messages: number,
      created_at: string,
      status: "pending" | null = null,
    ) => ({
      ...bot("public", status),
      name,
      num_messages,
      created_at,
    });
    const list = [
      make("Zed", 5, "2026-01-03"),
      make("Amy", 50, "2026-01-01"),
      make("Bob", 1, "2026-01-02", "pending"),
    ];
    expect(orderMyCharacters(list, "name").map((c) => c.name)).toEqual(["Bob", "Amy", "Zed"]);
    expect(orderMyCharacters(list, "messages").map((c) => c.name)).toEqual(["Bob", "Amy", "Zed"]);
    expect(orderMyCharacters(list, "newest").map((c) => c.name)).toEqual(["Bob", "Zed", "Amy"]);
  });
});
