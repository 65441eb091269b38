import fs from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const prof = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const map = new SourceMapConsumer(JSON.parse(fs.readFileSync("apps/server/dist/main.js.map", "utf8")));
const name = (cf) => {
  if (cf.url.includes("dist/main.js")) { const p = map.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); return `${cf.functionName} ${p.source?.replace(/.*\/(src|node_modules)\//,"$1/")}:${p.line}`; }
  return `${cf.functionName} ${cf.url.replace(/.*node_modules\//,"nm/")}:${cf.lineNumber}`;
};
const self = new Map(); let total = 0;
const stacks = new Map();
function walk(n, path) {
  const p = [...path, name(n.callFrame)];
  if (n.selfSize) { self.set(p.at(-1), (self.get(p.at(-1)) ?? 0) + n.selfSize); total += n.selfSize;
    const k = p.slice(-7).reverse().join("\n     <- "); stacks.set(k, (stacks.get(k) ?? 0) + n.selfSize); }
  for (const c of n.children) walk(c, p);
}
walk(prof.head, []);
console.log("total MB", (total / 1e6).toFixed(1));
[...self].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, v]) => console.log((v / 1e6).toFixed(2).padStart(7), k));
console.log("--- stacks");
[...stacks].sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[3] ?? 10)).forEach(([k, v]) => console.log((v / 1e6).toFixed(2).padStart(7), k));
