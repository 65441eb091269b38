import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's module graph, read from the real source files' imports (tests excluded: they may reach
 * into any file). The rules:
 * - every folder under `modules/` is one module with a public face, `index.ts`;
 * - a module imports another module only through that index, and the modules never form a cycle;
 * - modules never import `commands/` (the operations that span several modules sit above them);
 * - code outside the modules (app.ts, commands, ...) imports a module only through its index too, and the
 *   base layers (`kernel/`, `db/`, `http/`) import no module and no command.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const MODULES = join(SRC, "modules");
const COMMANDS = join(SRC, "commands");
const BASE_LAYERS = ["kernel", "db", "http"].map((name) => join(SRC, name));

/** One import of one source file, resolved to a file of the server's `src/` (packages are left out). */
type SourceImport = { from: string; specifier: string; to: string };

/** Where a file sits: in a module (its name and the path inside it), in commands, or elsewhere. */
type Place = { kind: "module"; module: string; inside: string } | { kind: "commands" } | { kind: "other" };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it (extension optional, folder index). */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|ts)$/, "");
  for (const candidate of [`${stem}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every relative import and re-export of the file, static or dynamic, type-only ones included. */
function importsOf(file: string): SourceImport[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith("./") || specifier.startsWith("../"))
    .map((specifier) => {
      const to = resolveSpecifier(file, specifier);
      if (!to) throw new Error(`${relative(SRC, file)}: cannot resolve ${specifier}`);
      return { from: file, specifier, to };
    });
}

function placeOf(file: string): Place {
  const inModules = relative(MODULES, file);
  if (!inModules.startsWith("..") && inModules.includes(sep)) {
    const [module = "", ...rest] = inModules.split(sep);
    return { kind: "module", module, inside: rest.join("/") };
  }
  const inCommands = relative(COMMANDS, file);
  if (!inCommands.startsWith("..")) return { kind: "commands" };
  return { kind: "other" };
}

type Graph = Map<string, Map<string, SourceImport>>;

/** Module -> module edges, each with one import that makes it (for the failure messages). */
function moduleGraph(imports: readonly SourceImport[]): Graph {
  const graph: Graph = new Map();
  for (const entry of imports) {
    const from = placeOf(entry.from);
    if (from.kind !== "module") continue;
    if (!graph.has(from.module)) graph.set(from.module, new Map());
    const to = placeOf(entry.to);
    if (to.kind !== "module" || to.module === from.module) continue;
    const edges = graph.get(from.module);
    if (edges && !edges.has(to.module)) edges.set(to.module, entry);
  }
  return graph;
}

/** A strongly connected component of more than one module, and one closed path through it, a -> b -> a. */
type Cycle = { members: string[]; path: string[] };

/** The cycles of the graph: one per strongly connected component. */
function findCycles(graph: Graph): Cycle[] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])])];
  const next = (node: string) => [...(graph.get(node)?.keys() ?? [])].sort();
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        component.push(member);
        if (member === node) break;
      }
      const selfLoop = next(node).includes(node);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const node of nodes.sort()) if (!index.has(node)) visit(node);
  return components.map((component) => ({
    members: [...component].sort(),
    path: cycleThrough(component, next),
  }));
}

/** A shortest path from the component's first member back to itself. */
function cycleThrough(component: readonly string[], next: (node: string) => string[]): string[] {
  const members = new Set(component);
  const start = [...members].sort()[0] ?? "";
  const previous = new Map<string, string>();
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const target of next(node).filter((candidate) => members.has(candidate))) {
      if (target === start) {
        const path = [start];
        for (let step: string | undefined = node; step !== undefined && step !== start; ) {
          path.splice(1, 0, step);
          step = previous.get(step);
        }
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** A cycle with the import behind each edge of its path. */
function describeCycle(graph: Graph, cycle: Cycle): string {
  const { path } = cycle;
  const steps = path.slice(1).map((to, i) => {
    const from = path[i] ?? "";
    const entry = graph.get(from)?.get(to);
    return entry ? `  ${from} -> ${to} (${relative(SRC, entry.from)} imports "${entry.specifier}")` : "";
  });
  return [`{${cycle.members.join(", ")}}: ${path.join(" -> ")}`, ...steps].join("\n");
}

/** Imports that break the layering rules, as messages naming the file and the specifier. */
function layeringViolations(imports: readonly SourceImport[]): string[] {
  const isBaseLayer = (file: string) => BASE_LAYERS.some((dir) => !relative(dir, file).startsWith(".."));
  const problems: string[] = [];
  for (const entry of imports) {
    const from = placeOf(entry.from);
    const to = placeOf(entry.to);
    const where = `${relative(SRC, entry.from)} imports "${entry.specifier}"`;
    if (from.kind === "module" && to.kind === "commands") {
      problems.push(`${where}: modules never import commands`);
    }
    if (to.kind === "module" && !(from.kind === "module" && from.module === to.module)) {
      if (to.inside !== "index.ts") {
        problems.push(`${where}: import the ${to.module} module through ${to.module}/index.ts`);
      }
    }
    if (isBaseLayer(entry.from) && (to.kind === "module" || to.kind === "commands")) {
      problems.push(`${where}: kernel/, db/ and http/ sit below the modules and commands`);
    }
  }
  return problems;
}

const moduleNames = () => readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());
const allImports = () => sourceFiles(SRC).flatMap((file) => importsOf(file));

describe("the server's module graph", () => {
  const imports = allImports();
  const graph = moduleGraph(imports);

  it("reads the real imports (sanity: the chat module depends on characters)", () => {
    expect(moduleNames()).toContain("chat");
    expect(graph.get("chat")?.has("characters")).toBe(true);
  });

  it("gives every module a public face, index.ts", () => {
    const missing = moduleNames().filter((name) => !existsSync(join(MODULES, name, "index.ts")));
    expect(missing, `modules without index.ts: ${missing.join(", ")}`).toEqual([]);
  });

  it("has no cycle between modules", () => {
    const cycles = findCycles(graph).map((cycle) => describeCycle(graph, cycle));
    expect(cycles, `module cycles:\n${cycles.join("\n\n")}`).toEqual([]);
  });

  it("imports other modules only through their index.ts, never commands from a module", () => {
    const problems = layeringViolations(imports);
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

describe("the graph rules themselves", () => {
  const file = (path: string) => join(SRC, path);
  const edge = (from: string, to: string): SourceImport => ({
    from: file(from),
    specifier: relative(dirname(file(from)), file(to)),
    to: file(to),
  });

  it("finds a cycle and names its path", () => {
    const imports = [
      edge("modules/a/service.ts", "modules/b/index.ts"),
      edge("modules/b/service.ts", "modules/c/index.ts"),
      edge("modules/c/service.ts", "modules/a/index.ts"),
      edge("modules/c/service.ts", "modules/d/index.ts"),
    ];
    const graph = moduleGraph(imports);
    const cycles = findCycles(graph);
    expect(cycles).toEqual([{ members: ["a", "b", "c"], path: ["a", "b", "c", "a"] }]);
    expect(cycles[0] && describeCycle(graph, cycles[0])).toContain(
      'b -> c (modules/b/service.ts imports "../c/index.ts")',
    );
    expect(findCycles(moduleGraph(imports.slice(0, 2)))).toEqual([]);
  });

  it("refuses deep imports, modules importing commands, and base layers importing modules", () => {
    const problems = layeringViolations([
      edge("modules/a/service.ts", "modules/b/repository.ts"),
      edge("modules/a/service.ts", "modules/b/index.ts"),
      edge("modules/a/service.ts", "modules/a/repository.ts"),
      edge("modules/a/service.ts", "commands/remove-account.ts"),
      edge("commands/remove-account.ts", "modules/a/repository.ts"),
      edge("commands/remove-account.ts", "modules/a/index.ts"),
      edge("kernel/actor.ts", "modules/a/index.ts"),
    ]);
    expect(problems).toEqual([
      'modules/a/service.ts imports "../b/repository.ts": import the b module through b/index.ts',
      'modules/a/service.ts imports "../../commands/remove-account.ts": modules never import commands',
      'commands/remove-account.ts imports "../modules/a/repository.ts": import the a module through a/index.ts',
      'kernel/actor.ts imports "../modules/a/index.ts": kernel/, db/ and http/ sit below the modules and commands',
    ]);
  });

  it("sees type-only, re-exported and dynamic imports", () => {
    const source = [
      'import type { A } from "./a";',
      'export { B } from "../b/index";',
      'const c = await import("./c");',
      '// import { D } from "./d";',
      'import { E } from "@hearth/contracts";',
    ].join("\n");
    const specifiers = ts.preProcessFile(source, true, true).importedFiles.map((entry) => entry.fileName);
    expect(specifiers).toEqual(["./a", "../b/index", "./c", "@hearth/contracts"]);
  });
});
