import { z } from 'zod';

/**
 * Faults the sandbox can inject, for reliability tests: set at start (`--faults`) or at run time.
 * Rates are shares of requests between 0 and 1.
 */
export const FaultSettings = z.object({
  /** Added to every API response. */
  latencyMs: z.number().min(0).max(60_000),
  /** Up to this much more, at random. */
  jitterMs: z.number().min(0).max(60_000),
  /** Share answered 500/502/503 before any work is done. */
  serverErrorRate: z.number().min(0).max(1),
  /** Share answered 429 with Retry-After, before any work is done. */
  throttleRate: z.number().min(0).max(1),
  retryAfterSeconds: z.number().int().min(0).max(3600),
  /** Share whose connection is cut halfway through the response body (after the work is done). */
  dropRate: z.number().min(0).max(1),
  /** Share answered 200 with a body that is not valid JSON (after the work is done). */
  malformedRate: z.number().min(0).max(1),
  /** Requests per second allowed per token; beyond it, 429 with Retry-After. Null: no limit. */
  ratePerSecond: z.number().int().min(1).nullable(),
});
export type FaultSettings = z.infer<typeof FaultSettings>;

/** A partial change of the settings: only what is given changes. */
export const FaultChange = FaultSettings.partial();

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  jitterMs: 0,
  serverErrorRate: 0,
  throttleRate: 0,
  retryAfterSeconds: 1,
  dropRate: 0,
  malformedRate: 0,
  ratePerSecond: null,
};

export type FaultOutcome =
  | { kind: 'pass' }
  | { kind: 'server_error'; status: 500 | 502 | 503 }
  | { kind: 'throttle'; retryAfterSeconds: number }
  | { kind: 'drop' }
  | { kind: 'malformed' };

const KEYS: Record<string, keyof FaultSettings> = {
  latency: 'latencyMs',
  jitter: 'jitterMs',
  '5xx': 'serverErrorRate',
  '429': 'throttleRate',
  'retry-after': 'retryAfterSeconds',
  drop: 'dropRate',
  malformed: 'malformedRate',
  rate: 'ratePerSecond',
};

/** `latency=50,jitter=20,5xx=0.1,429=0.05,retry-after=1,drop=0.02,malformed=0.02,rate=100` */
export function parseFaultSpec(spec: string): Partial<FaultSettings> {
  const settings: Record<string, number> = {};
  for (const part of spec
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [name, raw] = part.split('=');
    const key = name ? KEYS[name.trim()] : undefined;
    const value = Number(raw);
    if (!key || raw === undefined || !Number.isFinite(value)) {
      throw new Error(
        `Unknown fault ${JSON.stringify(part)}. Use ${Object.keys(KEYS)
          .map((k) => `${k}=N`)
          .join(',')}.`,
      );
    }
    settings[key] = value;
  }
  return FaultChange.parse(settings);
}

/** A small seeded generator, so a fault run can be replayed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultController {
  settings(): FaultSettings;
  set(change: Partial<FaultSettings>): FaultSettings;
  reset(): FaultSettings;
  /** What happens to the next request of this token, and how long it waits first. */
  decide(token: string, nowMs: number): { delayMs: number; outcome: FaultOutcome };
}

export function createFaults(initial: Partial<FaultSettings>, seed: number): FaultController {
  let settings: FaultSettings = { ...NO_FAULTS, ...FaultChange.parse(initial) };
  const random = mulberry32(seed ^ 0x5eed);
  const windows = new Map<string, { startMs: number; count: number }>();

  return {
    settings: () => ({ ...settings }),
    set(change) {
      settings = { ...settings, ...FaultChange.parse(change) };
      return { ...settings };
    },
    reset() {
      settings = { ...NO_FAULTS };
      windows.clear();
      return { ...settings };
    },
    decide(token, nowMs) {
      const delayMs = settings.latencyMs + (settings.jitterMs ? random() * settings.jitterMs : 0);
      if (settings.ratePerSecond !== null) {
        const window = windows.get(token);
        if (!window || nowMs - window.startMs >= 1000) {
          windows.set(token, { startMs: nowMs, count: 1 });
        } else if (++window.count > settings.ratePerSecond) {
          return {
            delayMs,
            outcome: {
              kind: 'throttle',
              retryAfterSeconds: Math.max(1, Math.ceil((window.startMs + 1000 - nowMs) / 1000)),
            },
          };
        }
      }
      // One roll, laid over consecutive bands: 5xx, then 429, then drop, then malformed.
      const roll = random();
      const bands: Array<[number, () => FaultOutcome]> = [
        [
          settings.serverErrorRate,
          () => ({
            kind: 'server_error',
            status: ([500, 502, 503] as const)[Math.floor(random() * 3)] ?? 503,
          }),
        ],
        [
          settings.throttleRate,
          () => ({ kind: 'throttle', retryAfterSeconds: settings.retryAfterSeconds }),
        ],
        [settings.dropRate, () => ({ kind: 'drop' })],
        [settings.malformedRate, () => ({ kind: 'malformed' })],
      ];
      let edge = 0;
      for (const [share, outcome] of bands) {
        edge += share;
        if (roll < edge) return { delayMs, outcome: outcome() };
      }
      return { delayMs, outcome: { kind: 'pass' } };
    },
  };
}
