import { describe, expect, it } from "vitest";
import { nextTimestamp, notAfter } from "./transcript";

const at = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("transcript timestamps", () => {
  it("keep a file's time unless it is not after the previous one", () => {
    const fallback = at("2020-01-01T00:00:00Z");
    expect(nextTimestamp(at("2024-01-01T00:00:00Z"), null, fallback).toISOString()).toBe(
      "2024-01-01T00:00:00.000Z",
    );
    expect(nextTimestamp(null, null, fallback)).toEqual(fallback);
    expect(nextTimestamp(null, at("2024-01-01T00:00:00Z"), fallback).toISOString()).toBe(
      "2024-01-01T00:00:00.001Z",
    );
    expect(
      nextTimestamp(at("2023-01-01T00:00:00Z"), at("2024-01-01T00:00:00Z"), fallback).toISOString(),
    ).toBe("2024-01-01T00:00:00.001Z");
  });

  it("end no later than the limit, still in order", () => {
    const limit = at("2025-01-01T00:00:00.000Z");
    const times = [at("2024-12-31T23:59:59.998Z"), at("2030-01-01T00:00:00Z"), at("2031-01-01T00:00:00Z")];
    expect(iso(notAfter(times, limit))).toEqual([
      "2024-12-31T23:59:59.998Z",
      "2024-12-31T23:59:59.999Z",
      "2025-01-01T00:00:00.000Z",
    ]);
    const past = [at("2020-01-01T00:00:00Z"), at("2021-01-01T00:00:00Z")];
    expect(notAfter(past, limit)).toEqual(past);
  });
});
