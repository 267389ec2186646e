import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useNavigation } from '../../lib/navigation';
import { useSync } from './store';
import { tokenNotice } from './token-notice';

/**
 * Shown above every screen while the open profile's token may not be sent (refused by the
 * service, or not known in this run): reviewing goes on from the cache, and the token field is
 * one click (or one Enter) away.
 */
export function TokenNotice() {
  // The status is selected, not the notice: a selector must not build a new object each time.
  const notice = tokenNotice(useSync((state) => state.status));
  const navigate = useNavigation((state) => state.navigate);
  if (notice === null) return null;
  return (
    <Banner
      tone={notice.kind === 'refused' ? 'danger' : 'warning'}
      title={notice.title}
      testId="token-notice"
    >
      <p>{notice.body}</p>
      <div className="frame-notice-actions">
        <Button
          onClick={() =>
            navigate({ screen: 'connection', profileId: notice.profileId, field: 'token' })
          }
          data-testid="token-notice-enter"
        >
          {notice.action}
        </Button>
      </div>
    </Banner>
  );
}
