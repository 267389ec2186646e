import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { RecordLink } from '../../components/RecordLink';
import { useSync } from './store';

/**
 * Shown above every screen once the outbox file could not be read: where it is kept, what was
 * recovered (held in the Outbox, never sent on its own) and what was not.
 */
export function OutboxNotice() {
  const notice = useSync((state) => state.status?.outboxNotice ?? null);
  const dismissed = useSync((state) => notice !== null && state.dismissedNotices.includes(notice));
  const dismiss = useSync((state) => state.dismissNotice);
  if (notice === null || dismissed) return null;
  return (
    <Banner tone="danger" title="The outbox was damaged" testId="outbox-notice">
      <p>{notice}</p>
      <div className="frame-notice-actions">
        <RecordLink to={{ screen: 'outbox' }} testId="outbox-notice-open">
          Open the Outbox
        </RecordLink>{' '}
        <Button onClick={() => dismiss(notice)} data-testid="outbox-notice-dismiss">
          Understood
        </Button>
      </div>
    </Banner>
  );
}
