// Loaded into the app's process by the benchmarks (`node --import`): answers the process's own
// process.cpuUsage() over the IPC channel, so CPU time is read inside the app, not estimated outside it.
// With BENCH_CPU_PROF set, "profile-start" / "profile-stop" record a CPU profile of just the part of a run
// between them into that folder (open it in Chrome's DevTools).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

process.channel?.unref();
let session = null;
let heap = null;
let profiles = 0;
process.on("message", (message) => {
  if (message === "cpu-usage") process.send?.({ cpu: process.cpuUsage() });
  // BENCH_MARK_WINDOW: the measured window's edges in the app's own output (to read V8 traces by them).
  if ((message === "window-start" || message === "window-stop") && process.env.BENCH_MARK_WINDOW)
    console.error(`[bench] ${message}`);
  // BENCH_HEAP_PROF=dir: where the measured window allocates (V8's sampling heap profiler), beside the CPU.
  if (message === "profile-start" && process.env.BENCH_HEAP_PROF) {
    heap = new Session();
    heap.connect();
    heap.post(
      "HeapProfiler.startSampling",
      {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      },
      () => process.send?.({ profiling: true }),
    );
  }
  if (message === "profile-stop" && heap) {
    const done = heap;
    heap = null;
    done.post("HeapProfiler.stopSampling", (error, result) => {
      if (!error)
        writeFileSync(
          join(process.env.BENCH_HEAP_PROF, `run-${++profiles}.heapprofile`),
          JSON.stringify(result.profile),
        );
      done.disconnect();
      process.send?.({ profiling: false });
    });
  }
  if (message === "profile-start" && process.env.BENCH_CPU_PROF) {
    session = new Session();
    session.connect();
    session.post("Profiler.enable", () =>
      session?.post("Profiler.start", () => process.send?.({ profiling: true })),
    );
  }
  if (message === "profile-stop" && session) {
    const done = session;
    session = null;
    done.post("Profiler.stop", (error, result) => {
      if (!error)
        writeFileSync(
          join(process.env.BENCH_CPU_PROF, `run-${++profiles}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      done.disconnect();
      process.send?.({ profiling: false });
    });
  }
});
