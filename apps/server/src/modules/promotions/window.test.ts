import { describe, expect, it } from "vitest";
import { saleWindowAt } from "./window";

const SPEC = { start: "05-30", end: "06-03" };
const at = (iso: string) => new Date(iso);

describe("saleWindowAt", () => {
  it("runs from the first day's start to the last day's end, in UTC", () => {
    expect(saleWindowAt(at("2026-05-29T23:59:59.999Z"), SPEC).active).toBe(false);
    const first = saleWindowAt(at("2026-05-30T00:00:00.000Z"), SPEC);
    expect(first).toEqual({
      active: true,
      startsAt: at("2026-05-30T00:00:00.000Z"),
      endsAt: at("2026-06-04T00:00:00.000Z"),
    });
    expect(saleWindowAt(at("2026-06-03T23:59:59.999Z"), SPEC).active).toBe(true);
    expect(saleWindowAt(at("2026-06-04T00:00:00.000Z"), SPEC).active).toBe(false);
  });

  it("answers the next window when none runs", () => {
    expect(saleWindowAt(at("2026-06-10T12:00:00Z"), SPEC)).toEqual({
      active: false,
      startsAt: at("2027-05-30T00:00:00.000Z"),
      endsAt: at("2027-06-04T00:00:00.000Z"),
    });
    expect(saleWindowAt(at("2026-01-10T12:00:00Z"), SPEC).startsAt).toEqual(at("2026-05-30T00:00:00.000Z"));
  });

  it("runs over the new year when the end comes first in the calendar", () => {
    const days = { start: "12-30", end: "01-02" };
    expect(saleWindowAt(at("2026-12-31T10:00:00Z"), days)).toEqual({
      active: true,
      startsAt: at("2026-12-30T00:00:00.000Z"),
      endsAt: at("2027-01-03T00:00:00.000Z"),
    });
    expect(saleWindowAt(at("2027-01-02T23:00:00Z"), days).active).toBe(true);
    expect(saleWindowAt(at("2027-01-03T00:00:00Z"), days)).toMatchObject({
      active: false,
      startsAt: at("2027-12-30T00:00:00.000Z"),
    });
  });

  it("a one-day window", () => {
    const days = { start: "07-04", end: "07-04" };
    expect(saleWindowAt(at("2026-07-04T18:00:00Z"), days).active).toBe(true);
    expect(saleWindowAt(at("2026-07-05T00:00:00Z"), days).active).toBe(false);
  });
});
