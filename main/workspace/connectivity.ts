import type { Connectivity } from '../../preload/contract';

/**
 * What CaseDesk last learned of the service for the open workspace, the one value the top bar
 * shows. A sync says it outright; the outbox's sends only suggest it, and never overrule a refused
 * token (a send that gets through does not make a refused token good).
 */
export function createConnectivity() {
  let state: Connectivity = 'unknown';
  return {
    current: (): Connectivity => state,
    /** What a sync's outcome, or a refused token, says. */
    set: (next: Connectivity): void => {
      state = next;
    },
    /** What a delivery or an unreachable service suggests; true when that changed the state. */
    learn: (seen: Connectivity): boolean => {
      if (seen === state || state === 'token_refused' || state === 'token_missing') return false;
      state = seen;
      return true;
    },
    /** A workspace closed: nothing is known of the next one's service yet. */
    reset: (): void => {
      state = 'unknown';
    },
  };
}

export type ConnectivityState = ReturnType<typeof createConnectivity>;
