import type { BenchFigure } from './report';

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

/** Figures in ascending order, a copy. */
export const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The q-quantile of sorted figures. */
export const at = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/**
 * One percentile of the work against the same percentile of its baseline, as a bench figure: the
 * ratio of the two (CPU figures of a baseline near zero divided by at least 0.001 ms), and the
 * target in milliseconds when the issue names one.
 */
export function againstBaseline(figure: {
  name: string;
  ours: Timings;
  bare: Timings;
  clock: 'wall' | 'cpu';
  q: 0.5 | 0.95;
  baselineName: string;
  targetMs?: number;
}): BenchFigure {
  const value = at(figure.ours[figure.clock], figure.q);
  const baseline = at(figure.bare[figure.clock], figure.q);
  return {
    name: figure.name,
    value,
    unit: 'ms',
    baseline: { name: figure.baselineName, value: baseline },
    ratio: value / (figure.clock === 'cpu' ? Math.max(baseline, 0.001) : baseline),
    ...(figure.targetMs === undefined
      ? {}
      : { target: `< ${figure.targetMs} ms`, met: value < figure.targetMs }),
  };
}
