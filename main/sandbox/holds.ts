import { z } from 'zod';

/**
 * Requests held back until released, for tests that must see a call still waiting however slow
 * the machine is (a latency only gives a window of fixed length).
 */
export const HoldRequest = z.object({
  /** An API path after `/api/v1`, e.g. `/press/instantreport`; matched exactly. */
  path: z.string().startsWith('/').max(1000),
});
export type HoldRequest = z.infer<typeof HoldRequest>;

export interface HoldState {
  paths: string[];
  /** Requests waiting now. */
  waiting: number;
}

export interface Holds {
  hold(request: HoldRequest): HoldState;
  /** Lets every waiting request go on and holds nothing more. */
  release(): HoldState;
  state(): HoldState;
  /**
   * True at once unless `apiPath` is held; then true when released, or false when the client gave
   * up meanwhile (`abandoned` calls its listener): a request no one waits for is not carried out.
   */
  pass(apiPath: string, abandoned: (listener: () => void) => void): Promise<boolean>;
}

export function createHolds(): Holds {
  const paths = new Set<string>();
  let waiters: Array<() => void> = [];
  const state = (): HoldState => ({ paths: [...paths], waiting: waiters.length });
  return {
    hold(request) {
      paths.add(request.path);
      return state();
    },
    release() {
      paths.clear();
      const waiting = waiters;
      waiters = [];
      for (const go of waiting) go();
      return state();
    },
    state,
    pass(apiPath, abandoned) {
      if (!paths.has(apiPath)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const go = () => resolve(true);
        waiters.push(go);
        abandoned(() => {
          const at = waiters.indexOf(go);
          if (at < 0) return;
          waiters.splice(at, 1);
          resolve(false);
        });
      });
    },
  };
}
