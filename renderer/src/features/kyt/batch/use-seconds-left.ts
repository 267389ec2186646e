import { useEffect, useState } from 'react';
import { secondsLeft } from './batch-figures';

/**
 * A wait main announced (the service's Retry-After), counted down on screen each second from when
 * the figure arrived; null when there is no wait.
 */
export function useSecondsLeft(waitingSeconds: number | null, since: number | undefined) {
  const [now, setNow] = useState(() => Date.now());
  const waiting = waitingSeconds !== null && waitingSeconds > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting, since]);
  if (!waiting) return null;
  return secondsLeft(waitingSeconds, since ?? now, Math.max(now, since ?? now));
}
