import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { QueueWindow } from '../../preload/contract';
import type { BenchFigure } from './report';
import { at, sorted } from './timings';

// An investigator's script through the bridge, as the renderer calls it, and main's event-loop
// delay meanwhile: shared by the benches of main's responsiveness (a sandbox's sync, a million
// alerts).

/** One bridge call through the core's dispatcher, its value or a thrown failure. */
export type BridgeCall = <T>(method: string, input?: unknown) => Promise<T>;

/** The pause between two steps of the script: an investigator's pace, not a flood. */
const THINK_MS = 20;

export type Latencies = Map<string, number[]>;

const SORTS = ['updatedAt', 'score', 'customerName', 'createdAt', 'state'] as const;
const WORDS = ['m', 'ma', 'mar', 'mart', 'marti', 'martin'];

/**
 * What an investigator does, step after step, until `going` says stop: the queue with a new filter
 * and sort (and a deeper page), its facets, the first alert opened, the dashboard (its summary and
 * its queue of high scores), a search typed letter by letter. Each call's time through the
 * dispatcher, by step.
 */
async function investigate(
  call: BridgeCall,
  going: () => boolean,
  categories: readonly string[],
): Promise<Latencies> {
  const latencies: Latencies = new Map();
  const timed = async <T>(step: string, method: string, input?: unknown): Promise<T> => {
    const started = performance.now();
    const value = await call<T>(method, input);
    const spent = performance.now() - started;
    const times = latencies.get(step);
    if (times) times.push(spent);
    else latencies.set(step, [spent]);
    return value;
  };
  for (let round = 0; going(); round += 1) {
    const filter =
      round % 4 === 0
        ? {}
        : round % 4 === 1
          ? { states: [1 + (round % 3)] }
          : round % 4 === 2
            ? { scoreFrom: 60 + (round % 30) }
            : categories.length
              ? { categories: [categories[round % categories.length]!] }
              : {};
    const sort = { column: SORTS[round % SORTS.length]!, direction: round % 2 ? 'asc' : 'desc' };
    const window = await timed<QueueWindow>('queue: new filter or sort', 'queue.window', {
      filter,
      sort,
      limit: 100,
    });
    await timed('queue: a deeper page', 'queue.window', {
      filter,
      sort,
      offset: Math.max(0, Math.min(window.total - 100, 100 * (round % 50))),
      limit: 100,
    });
    await timed('queue: facets', 'queue.facets');
    const first = window.rows[0];
    if (first) await timed('alert opened', 'alerts.get', { id: first.id });
    await timed('dashboard: summary', 'dashboard.summary');
    await timed('dashboard: high scores', 'queue.window', {
      filter: { states: [1, 2], scoreFrom: 85 },
      limit: 1,
    });
    for (const word of WORDS) {
      await timed('search as you type', 'search.query', { text: word });
      await new Promise((done) => setTimeout(done, THINK_MS));
    }
    await new Promise((done) => setTimeout(done, THINK_MS));
  }
  return latencies;
}

export interface Phase {
  latencies: Latencies;
  delayP99: number;
  delayMax: number;
  seconds: number;
}

/** The script run while `during` runs (or for `seconds` when nothing runs), with the loop's delay. */
export async function phase(
  call: BridgeCall,
  categories: readonly string[],
  during: (() => Promise<unknown>) | { seconds: number },
): Promise<Phase> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let going = true;
  const started = performance.now();
  let seconds = 0;
  delay.enable();
  // The script and what it runs beside end together, whichever fails: a failed sync stops the
  // script, a failed call stops the wait (the bench fails rather than running on).
  const [latencies] = await Promise.all([
    investigate(call, () => going, categories).finally(() => (going = false)),
    (async () => {
      try {
        if ('seconds' in during)
          await new Promise((done) => setTimeout(done, during.seconds * 1000));
        else await during();
      } finally {
        going = false;
        // The loop's delay is read while the sync runs, not during the script's last round.
        delay.disable();
        seconds = (performance.now() - started) / 1000;
      }
    })(),
  ]);
  return {
    latencies,
    delayP99: delay.percentile(99) / 1e6,
    delayMax: delay.max / 1e6,
    seconds,
  };
}

/** `promise`, or a failure naming `what` after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`${what} took over ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The figures of issue 18's table from a quiet phase (the baseline: one cache state) and a busy
 * one (`writing`: what wrote to the cache meanwhile), each step's p95 against its baseline.
 */
export function responsivenessFigures(quiet: Phase, busy: Phase, writing: string): BenchFigure[] {
  const figures: BenchFigure[] = [
    {
      name: `main event-loop delay p99 while the script runs during ${writing} (${busy.seconds.toFixed(0)} s)`,
      value: busy.delayP99,
      unit: 'ms',
      baseline: { name: 'the same script, no sync', value: quiet.delayP99 },
      ratio: busy.delayP99 / Math.max(quiet.delayP99, 0.001),
      target: '< 5 ms',
      met: busy.delayP99 < 5,
    },
    {
      name: 'main event-loop delay, longest, during the sync',
      value: busy.delayMax,
      unit: 'ms',
      baseline: { name: 'no sync', value: quiet.delayMax },
      target: '< 16 ms',
      met: busy.delayMax < 16,
    },
  ];
  const targets: Record<string, number> = {
    'queue: new filter or sort': 100,
    'dashboard: summary': 50,
    'queue: a deeper page': 5,
    'search as you type': 10,
  };
  for (const [step, times] of busy.latencies) {
    const ours = sorted(times);
    const bare = sorted(quiet.latencies.get(step) ?? []);
    const p95 = at(ours, 0.95);
    const target = targets[step];
    figures.push({
      name: `${step}, p95 during the sync (${ours.length} calls; slowest ${ours[ours.length - 1]!.toFixed(1)} ms)`,
      value: p95,
      unit: 'ms',
      baseline: { name: 'within one cache state, p95', value: at(bare, 0.95) },
      ratio: p95 / Math.max(at(bare, 0.95), 0.001),
      ...(target === undefined ? {} : { target: `< ${target} ms`, met: p95 < target }),
    });
  }
  return figures;
}
