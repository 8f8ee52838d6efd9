// Preloaded into the benchmarked app (node --import, see startApp): how long the app's event
// loop was held. On SIGUSR2 it writes the longest delay and the 99th percentile since the
// previous signal, in milliseconds, to BENCH_LOOP_FILE, and starts again. A delay is a
// timer that fired late because work held the loop (a request's synchronous part, a
// statement on SQLite's one connection, a JSON.stringify, or many requests served in one
// turn) or because the process waited for a core, give or take the 10 ms resolution.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delays = monitorEventLoopDelay({ resolution: 10 });
delays.enable();
process.on('SIGUSR2', () => {
  const report = { maxMs: delays.max / 1e6, p99Ms: delays.percentile(99) / 1e6 };
  delays.reset();
  writeFileSync(process.env.BENCH_LOOP_FILE, JSON.stringify(report));
});
