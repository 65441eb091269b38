import fs from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const prof = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const map = new SourceMapConsumer(JSON.parse(fs.readFileSync("apps/server/dist/main.js.map", "utf8")));
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (cf) => {
  if (cf.url.includes("dist/main.js")) { const p = map.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); return `${cf.functionName} ${p.source?.replace(/.*\/(src|node_modules)\//,"$1/")}:${p.line}`; }
  return `${cf.functionName} ${cf.url.replace(/.*node_modules\//,"nm/")}:${cf.lineNumber}`;
};
const names = new Map(prof.nodes.map((n) => [n.id, name(n.callFrame)]));
const target = new RegExp(process.argv[3]); const callerRe = new RegExp(process.argv[4] ?? "src/");
const agg = new Map(); let total=0;
for (let i = 0; i < prof.samples.length; i++) {
  let id = prof.samples[i]; const dt = prof.timeDeltas[i] ?? 0; total += names.get(id).startsWith("(idle)") ? 0 : dt;
  let hit = false; const chain = [];
  while (id !== undefined) { const nm = names.get(id); if (target.test(nm)) hit = true; else if (hit && callerRe.test(nm)) { chain.push(nm); if (chain.length >= 2) break; } id = parent.get(id); }
  if (hit) { const k = chain.join(" <- ") || "(no caller)"; agg.set(k, (agg.get(k) ?? 0) + dt); }
}
[...agg].sort((a, b) => b[1] - a[1]).slice(0, 20).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(5) + "% " + k));
