import { useCallback, useState } from 'react';

/**
 * One action at a time for a screen: which one is running (for its button's spinner) and the
 * error of the last one (for a banner or field messages). A new action clears the last error.
 */
export function useAction<Kind extends string>() {
  const [busy, setBusy] = useState<Kind | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (kind: Kind, action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, error, run };
}
