import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

const ID = "5b0f1f5e-2f7c-4a37-9b7e-0c2f4d1e9a11";

describe("keyset cursors", () => {
  it("round-trips the key PostgreSQL printed and the id", () => {
    for (const [sort, key] of [
      ["popular", "1234"],
      ["rating", "0.75"],
      ["rating", "1e-05"],
      ["newest", "2025-11-22 05:32:11.123456+00"],
      ["newest", "2025-11-22 05:32:11+05:30"],
    ] as const) {
      expect(decodeCursor(encodeCursor({ key, id: ID }), sort)).toEqual({ key, id: ID });
    }
  });

  it("refuses anything it did not make, so no text reaches a SQL cast", () => {
    const bad = [
      "nonsense",
      Buffer.from("[1,2]").toString("base64url"),
      encodeCursor({ key: "1; drop table users", id: ID }),
      encodeCursor({ key: "12", id: "not-a-uuid" }),
      encodeCursor({ key: "99999999999", id: ID }),
    ];
    for (const cursor of bad) expect(() => decodeCursor(cursor, "popular"), cursor).toThrow("not valid");
    expect(() => decodeCursor(encodeCursor({ key: "0.5", id: ID }), "newest")).toThrow("not valid");
  });

  it("refuses keys that match the pattern but are out of the column's range", () => {
    for (const key of ["1e999", "-1e999", "1e39"]) {
      expect(() => decodeCursor(encodeCursor({ key, id: ID }), "rating"), key).toThrow("not valid");
    }
    for (const key of [
      "2025-02-30 05:32:11+00",
      "2025-13-01 05:32:11+00",
      "2025-11-22 24:00:00+00",
      "2025-11-22 05:60:00+00",
      "0000-01-01 00:00:00+00",
      "2025-11-22 05:32:11+99",
    ]) {
      expect(() => decodeCursor(encodeCursor({ key, id: ID }), "newest"), key).toThrow("not valid");
    }
    expect(decodeCursor(encodeCursor({ key: "2024-02-29 00:00:00+00", id: ID }), "newest").key).toBe(
      "2024-02-29 00:00:00+00",
    );
  });
});
