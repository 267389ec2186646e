/** Runs `onInterrupt` on the first Ctrl+C (SIGINT); answers the function that stops listening. */
export function processInterrupts(onInterrupt: () => void): () => void {
  const handler = () => {
    // A second Ctrl+C stops at once, as a terminal user expects.
    process.removeListener('SIGINT', handler);
    onInterrupt();
  };
  process.on('SIGINT', handler);
  return () => process.removeListener('SIGINT', handler);
}
