// Repeated timings of one synchronous piece of work, wall clock and CPU, for benches that report
// percentiles against a baseline measured in the same run.

export interface Timings {
  /** Wall-clock milliseconds per run, sorted. */
  wall: number[];
  /** CPU milliseconds per run, sorted: what the work itself costs on a shared machine. */
  cpu: number[];
}

export function timings(run: () => unknown, runs: number, warmUp: number): Timings {
  for (let index = 0; index < warmUp; index += 1) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const used = process.cpuUsage();
    const started = performance.now();
    run();
    wall.push(performance.now() - started);
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const ascending = (a: number, b: number) => a - b;
  return { wall: wall.sort(ascending), cpu: cpu.sort(ascending) };
}

/** The q-quantile of sorted figures. */
export const at = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
