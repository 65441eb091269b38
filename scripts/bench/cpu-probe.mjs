// Loaded into the app's process by the benchmarks (`node --import`): answers the process's own
// process.cpuUsage() over the IPC channel, so CPU time is read inside the app, not estimated outside it.
process.channel?.unref();
process.on("message", (message) => {
  if (message === "cpu-usage") process.send?.({ cpu: process.cpuUsage() });
});
