import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { api } from './api';

export type Cached<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown };

type Answer<T> =
  | { key: string; status: 'ready'; data: T; error: null }
  | { key: string; status: 'error'; data: T | null; error: unknown };

/**
 * A read from the offline cache that follows it: loaded when `key` changes and read again, keeping
 * what is on screen meanwhile, whenever a sync changes the cache. Answers that arrive after a newer
 * request are dropped, so a slow read never overwrites a fresh one.
 */
export function useCached<T>(
  key: string,
  read: () => Promise<T>,
): Cached<T> & { reload: () => void } {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const readRef = useRef(read);
  useLayoutEffect(() => {
    readRef.current = read;
  });
  const generation = useRef(0);

  const load = useCallback((forKey: string) => {
    const mine = ++generation.current;
    readRef.current().then(
      (data) => {
        if (mine === generation.current)
          setAnswer({ key: forKey, status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (mine === generation.current)
          setAnswer((previous) => ({
            key: forKey,
            status: 'error',
            data: previous?.key === forKey ? previous.data : null,
            error,
          }));
      },
    );
  }, []);

  useEffect(() => {
    load(key);
    return api.cache.onChanged(() => load(key));
  }, [key, load]);

  const reload = useCallback(() => load(key), [key, load]);
  // An answer for another key is not this one's: show loading until this key's arrives.
  if (!answer || answer.key !== key) return { status: 'loading', data: null, error: null, reload };
  return answer.status === 'ready'
    ? { status: 'ready', data: answer.data, error: null, reload }
    : { status: 'error', data: answer.data, error: answer.error, reload };
}
