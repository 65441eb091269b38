/**
 * The built app as its own process for the benchmarks: started on a throwaway data folder with the
 * given environment, waited for until /api/health answers, asked for its CPU time over IPC
 * (cpu-probe.mjs), and stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type AppProcess = {
  url: string;
  /** The app process's user + system CPU time so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /**
   * With BENCH_CPU_PROF (a folder), records a CPU profile of the app from `profile(true)` to `profile(false)`;
   * nothing otherwise.
   */
  profile(on: boolean): Promise<void>;
  stop(): Promise<void>;
};

async function waitForHealth(url: string, app: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the app did not start");
}

/** A child process's user + system CPU time so far, in µs, asked over IPC (it loads cpu-probe.mjs). */
export function cpuMicrosOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (message: { cpu: NodeJS.CpuUsage }) =>
      resolve(message.cpu.user + message.cpu.system),
    );
    child.send("cpu-usage");
  });
}

export async function startApp(port: number, env: Record<string, string>): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-bench-"));
  const app = spawn(
    process.execPath,
    [
      // BENCH_NODE_FLAGS: extra V8/Node flags for the app alone (e.g. --perf-basic-prof, --trace-opt).
      ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      "./scripts/bench/cpu-probe.mjs",
      "apps/server/dist/main.js",
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, app);
  let recording: ChildProcess | undefined;
  return {
    url,
    cpuMicros: () => cpuMicrosOf(app),
    async profile(on) {
      if (process.env.BENCH_MARK_WINDOW) app.send(on ? "window-start" : "window-stop");
      if (process.env.BENCH_CPU_PROF || process.env.BENCH_HEAP_PROF)
        await new Promise<void>((resolve) => {
          app.once("message", () => resolve());
          app.send(on ? "profile-start" : "profile-stop");
        });
      // BENCH_PERF=file: Linux perf samples the whole process (every thread, the kernel) over the window.
      // BENCH_STRACE=file: strace counts the process's system calls (every thread) over the window.
      const recorder = process.env.BENCH_PERF
        ? ["perf", "record", "-F", "999", "-g", "-p", String(app.pid), "-o", process.env.BENCH_PERF]
        : process.env.BENCH_STRACE
          ? ["strace", "-c", "-f", "-p", String(app.pid), "-o", process.env.BENCH_STRACE]
          : null;
      if (recorder && on) {
        recording = spawn(recorder[0] ?? "", recorder.slice(1), { stdio: "ignore" });
        await new Promise((resolve) => setTimeout(resolve, 300));
      } else if (recording) {
        const stopped = recording;
        recording = undefined;
        stopped.kill("SIGINT");
        await new Promise((resolve) => stopped.once("exit", resolve));
      }
    },
    async stop() {
      if (app.exitCode === null) {
        app.kill("SIGTERM");
        await new Promise((resolve) => app.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
export const median = (values: number[]): number => quantile(values, 0.5);
export const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : "-");
