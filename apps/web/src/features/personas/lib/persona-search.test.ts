import type { Persona } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { backToChatFrom } from "./back-to-chat";
import { filterPersonas, sortPersonas } from "./persona-search";

function persona(name: string, is_default = false): Persona {
  return { id: name, name, avatar_url: null, highlights: "", is_default, created_at: "2026-01-01T00:00:00Z" };
}

describe("filterPersonas", () => {
  const all = [persona("Ada"), persona("adrian"), persona("Bada"), persona("Éloise")];

  it("keeps names starting with the text, ignoring case and outer spaces", () => {
    expect(filterPersonas(all, " AD").map((p) => p.name)).toEqual(["Ada", "adrian"]);
    expect(filterPersonas(all, "éL").map((p) => p.name)).toEqual(["Éloise"]);
  });

  it("does not match text in the middle of a name", () => {
    expect(filterPersonas(all, "da")).toEqual([]);
  });

  it("answers everything for an empty search", () => {
    expect(filterPersonas(all, "  ")).toHaveLength(4);
  });
});

describe("sortPersonas", () => {
  it("puts the default first, then sorts by name", () => {
    const sorted = sortPersonas([persona("Zed"), persona("Mia", true), persona("Ann")]);
    expect(sorted.map((p) => p.name)).toEqual(["Mia", "Ann", "Zed"]);
  });
});

describe("backToChatFrom", () => {
  it("builds the chat link and the query to carry along", () => {
    const back = backToChatFrom(
      new URLSearchParams("from=chat&character_id=c1&character_name=Aria&conversation_id=v9"),
    );
    expect(back).toEqual({
      characterName: "Aria",
      href: "/chat/c1/v9",
      query: "?from=chat&character_id=c1&character_name=Aria&conversation_id=v9",
    });
  });

  it("needs from=chat, an id and a name", () => {
    expect(backToChatFrom(new URLSearchParams("character_id=c1&character_name=Aria"))).toBeNull();
    expect(backToChatFrom(new URLSearchParams("from=chat&character_name=Aria"))).toBeNull();
    expect(backToChatFrom(new URLSearchParams("from=chat&character_id=c1"))).toBeNull();
  });
});
