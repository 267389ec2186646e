export type SyncPhase = 'alerts' | 'threads' | 'customers';

export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  /** Null until the service has said how many there are. */
  total: number | null;
  /** Records per second over this phase so far. */
  rate: number;
  /** Seconds left at that rate, or null when unknown. */
  etaSeconds: number | null;
}

/** Keeps rate and ETA for one phase. */
export function progressMeter(phase: SyncPhase, now: () => number = () => performance.now()) {
  const started = now();
  let done = 0;
  let total: number | null = null;
  return {
    add(count: number, newTotal?: number | null): SyncProgress {
      done += count;
      if (newTotal !== undefined && newTotal !== null) total = Math.max(newTotal, done);
      const seconds = Math.max((now() - started) / 1000, 1e-3);
      const rate = done / seconds;
      const etaSeconds = total !== null && rate > 0 ? Math.max(0, (total - done) / rate) : null;
      return { phase, done, total, rate, etaSeconds };
    },
  };
}
