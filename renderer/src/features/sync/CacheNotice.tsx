import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useSync } from './store';

/**
 * Shown above every screen once the cache file could not be used: it was set aside and a full
 * sync rebuilds it (main's one sentence says why, and when the copy is deleted).
 */
export function CacheNotice() {
  const notice = useSync((state) => state.status?.cacheNotice ?? null);
  const dismissed = useSync((state) => notice !== null && state.dismissedNotices.includes(notice));
  const dismiss = useSync((state) => state.dismissNotice);
  if (notice === null || dismissed) return null;
  return (
    <Banner tone="warning" title="The offline cache is being rebuilt" testId="cache-notice">
      <p>{notice}</p>
      <div className="frame-notice-actions">
        <Button onClick={() => dismiss(notice)} data-testid="cache-notice-dismiss">
          Understood
        </Button>
      </div>
    </Banner>
  );
}
