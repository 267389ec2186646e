/** Lets the event loop run: timers, IPC and the window's calls go on between two steps. */
export const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How long a run of synchronous steps may hold the event loop before it lets it go. */
const SLICE_MS = 8;

/**
 * A pacer for loops of small synchronous steps (a query, a hash update): `await pace()` after
 * each lets the event loop run once the slice is spent, and costs nothing before.
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await breathe();
    since = performance.now();
  };
}
