import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useCached } from '../../lib/use-cached';

/**
 * A read of kept submissions that follows them: read again when main says submissions changed
 * (`kyt.changed`: answered, refused, in doubt, decided), as well as when the cache changes.
 */
export function useKytRead<T>(key: string, read: () => Promise<T>) {
  const cached = useCached(key, read);
  const { reload } = cached;
  useEffect(() => api.kyt.onChanged(() => reload()), [reload]);
  return cached;
}
