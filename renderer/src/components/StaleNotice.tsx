import { Banner } from './Banner';
import { errorMessage } from '../lib/api';

/** A re-read failed while the last answer is still on screen: say so without hiding it. */
export function StaleNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Banner tone="warning" title="Showing what was read before" testId="stale-notice">
      {errorMessage(error)}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Read again
      </button>
    </Banner>
  );
}
