import { ROUTE_TABLE, type RoutePath } from "@hearth/contracts";
import { matchPath } from "react-router";
import { describe, expect, expectTypeOf, it } from "vitest";
import { NOT_BUILT_YET, pageFor, ROUTE_PAGES } from "./route-pages";

const tablePaths: readonly string[] = ROUTE_TABLE.map((entry) => entry.path);
const mapped = Object.keys(ROUTE_PAGES);
const notBuilt: readonly string[] = NOT_BUILT_YET;

describe("the route-to-page map", () => {
  it("places every route of the table: mapped to a page, or listed as not built yet", () => {
    const unplaced = tablePaths.filter((path) => !mapped.includes(path) && !notBuilt.includes(path));
    expect(unplaced).toEqual([]);
  });

  it("names no route twice: a built page is not also listed as not built yet", () => {
    expect(mapped.filter((path) => notBuilt.includes(path))).toEqual([]);
    expect(new Set(notBuilt).size).toBe(notBuilt.length);
  });

  it("maps and lists only paths of the table", () => {
    expect([...mapped, ...notBuilt].filter((path) => !tablePaths.includes(path))).toEqual([]);
  });

  it("answers a page for a built route and none for one not built yet", () => {
    expect(pageFor("/")).toBeDefined();
    expect(pageFor("/login")).toBeDefined();
    for (const path of NOT_BUILT_YET) expect(pageFor(path)).toBeUndefined();
  });

  it("leaves no route of the table out, checked by the compiler too", () => {
    type Unplaced = Exclude<RoutePath, keyof typeof ROUTE_PAGES | (typeof NOT_BUILT_YET)[number]>;
    expectTypeOf<Unplaced>().toEqualTypeOf<never>();
  });

  it("places /plan-comparison without a frequency (it defaults to monthly) as a public page", () => {
    const matching = ROUTE_TABLE.filter((entry) => matchPath(entry.path, "/plan-comparison") !== null);
    expect(matching.map((entry) => [entry.path, entry.layout])).toEqual([["/plan-comparison", "public"]]);
    expect(pageFor("/plan-comparison")).toBeDefined();
    expect(pageFor("/plan-comparison/:frequency")).toBeDefined();
  });
});
