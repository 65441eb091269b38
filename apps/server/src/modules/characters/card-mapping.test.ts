import { parseCardJson } from "@hearth/prompt";
import { describe, expect, it } from "vitest";
import { cardFromCharacter, characterFromCard } from "./card-mapping";

const card = (data: Record<string, unknown>) =>
  parseCardJson(
    JSON.stringify({ spec: "chara_card_v2", spec_version: "2.0", data: { name: "Ann", ...data } }),
  );

describe("card mapping", () => {
  it("keeps description as the persona and every unmapped field in card_extras", () => {
    const { fields, cardExtras } = characterFromCard(
      card({ description: "Desc", personality: "Kind", alternate_greetings: ["Hi"], extensions: { x: 1 } }),
    );
    expect(fields).toMatchObject({ name: "Ann", persona: "Desc", title: "" });
    expect(cardExtras).toMatchObject({
      personality: "Kind",
      alternate_greetings: ["Hi"],
      extensions: { x: 1 },
    });
    expect(cardExtras).not.toHaveProperty("description");
  });

  it("normalizes tags: trimmed, lower-cased, 1-30 characters, unique, at most 12", () => {
    const tags = [
      " Fantasy ",
      "fantasy",
      "",
      "x".repeat(31),
      ...Array.from({ length: 20 }, (_, i) => `T${i}`),
    ];
    const { fields } = characterFromCard(card({ tags }));
    expect(fields.tags).toEqual(["fantasy", ...Array.from({ length: 11 }, (_, i) => `t${i}`)]);
  });

  it("carries the title in the hearth extension and takes it back out on import", () => {
    const exported = cardFromCharacter(
      {
        name: "Ann",
        title: "Lighthouse keeper",
        greeting: "Hello",
        persona: "Desc",
        scenario: "",
        dialogue: "",
        tags: ["sea"],
        cardExtras: { extensions: { hearth: { other: true }, keep: 1 } },
      },
      "v3",
    );
    expect(exported.data.extensions).toEqual({
      hearth: { other: true, title: "Lighthouse keeper" },
      keep: 1,
    });
    const back = characterFromCard(parseCardJson(JSON.stringify(exported)));
    expect(back.fields.title).toBe("Lighthouse keeper");
    expect(back.cardExtras.extensions).toEqual({ hearth: { other: true }, keep: 1 });
  });

  it("removes NUL characters, which PostgreSQL cannot store", () => {
    const { fields, cardExtras } = characterFromCard(
      card({ description: "a\u0000b", creator_notes: "c\u0000" }),
    );
    expect(fields.persona).toBe("ab");
    expect(cardExtras.creator_notes).toBe("c");
  });
});
