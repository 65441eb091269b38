// Loaded into the app's process by the benchmarks (`node --import`): answers the process's own
// process.cpuUsage() over the IPC channel, so CPU time is read inside the app, not estimated outside it.
// "profile-start" / "profile-stop" record just the part of a run between them, into the folder named by
// BENCH_CPU_PROF (a CPU profile) and BENCH_HEAP_PROF (where it allocates: V8's sampling heap profiler);
// open them in Chrome's DevTools. BENCH_MARK_WINDOW prints the window's edges in the app's own output,
// and at its end how long the app's event loop was held up in it (p99 and max of the loop's delay).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const RECORDERS = [
  {
    dir: process.env.BENCH_CPU_PROF,
    start: [["Profiler.enable"], ["Profiler.start"]],
    stop: "Profiler.stop",
    extension: "cpuprofile",
  },
  {
    dir: process.env.BENCH_HEAP_PROF,
    start: [
      [
        "HeapProfiler.startSampling",
        {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        },
      ],
    ],
    stop: "HeapProfiler.stopSampling",
    extension: "heapprofile",
  },
].filter((recorder) => recorder.dir);

const post = (session, method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

process.channel?.unref();
let sessions = [];
let profiles = 0;

async function startRecording() {
  sessions = RECORDERS.map((recorder) => {
    const session = new Session();
    session.connect();
    return { recorder, session };
  });
  for (const { recorder, session } of sessions)
    for (const [method, params] of recorder.start) await post(session, method, params);
}

async function stopRecording() {
  const run = ++profiles;
  for (const { recorder, session } of sessions) {
    const { profile } = await post(session, recorder.stop);
    writeFileSync(
      join(recorder.dir, `run-${process.pid}-${run}.${recorder.extension}`),
      JSON.stringify(profile),
    );
    session.disconnect();
  }
  sessions = [];
}

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
function markWindow(message) {
  if (message === "window-start") {
    loopDelay.reset();
    loopDelay.enable();
    console.error("[bench] window-start");
    return;
  }
  loopDelay.disable();
  const msOf = (nanos) => `${(nanos / 1e6).toFixed(1)} ms`;
  console.error(
    `[bench] window-stop: event loop delay p99 ${msOf(loopDelay.percentile(99))}, max ${msOf(loopDelay.max)}`,
  );
}

process.on("message", (message) => {
  if (message === "cpu-usage") process.send?.({ cpu: process.cpuUsage() });
  if ((message === "window-start" || message === "window-stop") && process.env.BENCH_MARK_WINDOW)
    markWindow(message);
  if (message === "profile-start" && RECORDERS.length > 0)
    startRecording().finally(() => process.send?.({ profiling: true }));
  if (message === "profile-stop" && RECORDERS.length > 0)
    stopRecording().finally(() => process.send?.({ profiling: false }));
});
