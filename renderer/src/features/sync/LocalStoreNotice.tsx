import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { shownLocalStoreNotice } from './local-store-notice';
import { useSync } from './store';

/**
 * Shown above every screen while the profile's local store cannot be opened (what happened, that
 * nothing is lost, and that reviewing from the cache goes on), or once it was found damaged and
 * recovered (what came back and what did not). Hidden for this session on request.
 */
export function LocalStoreNotice() {
  const notice = useSync((state) =>
    shownLocalStoreNotice(state.status, state.dismissedLocalStoreNotice),
  );
  const dismiss = useSync((state) => state.dismissLocalStoreNotice);
  if (notice === null) return null;
  return (
    <Banner tone="warning" title="CaseDesk’s local store needs a look" testId="local-store-notice">
      <p>{notice}</p>
      <div className="frame-notice-actions">
        <Button onClick={() => dismiss(notice)} data-testid="local-store-keep-working">
          Keep working
        </Button>
      </div>
    </Banner>
  );
}
