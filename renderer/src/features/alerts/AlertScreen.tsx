import { useState } from 'react';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import { Button } from '../../components/Button';
import { CategoryTag } from '../../components/Pills';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { DateText } from '../../components/DateText';
import { useCached } from '../../lib/use-cached';
import { useQueueMemory } from '../queue';
import { CaseFileButton, CaseFileResult, NotesPanel, ProposalPanel } from '../workbench';
import { ReceivedReviews, ReviewPanel } from '../review';
import { LastRevision } from './LastRevision';
import { MatchComparison } from './MatchComparison';
import { OtherAlerts } from './OtherAlerts';
import { stepThroughQueue } from './queue-steps';
import { RevisionHistory } from './RevisionHistory';
import './alert.css';
import { ServiceText } from '../../components/ServiceText';

const GROUP = 'Alert';

/** One alert from the offline cache: where it stands, how it got there, and whom it is about. */
export function AlertScreen({ id }: { id: string }) {
  const navigate = useNavigation((state) => state.navigate);
  const replace = useNavigation((state) => state.replace);
  const alert = useCached(`alert:${id}`, () => unwrap(api.alerts.get({ id })));
  const view = alert.data;
  const [notice, setNotice] = useState('');
  const [stepping, setStepping] = useState(false);

  const backToQueue = () => navigate(useQueueMemory.getState().route);
  const openCustomer = () => {
    if (view) navigate({ screen: 'customer', externalId: view.customerExternalId });
  };
  const step = (delta: 1 | -1) => {
    if (stepping) return;
    setStepping(true);
    stepThroughQueue(id, delta)
      .then((outcome) => {
        if (outcome.kind === 'moved') replace({ screen: 'alert', id: outcome.id });
        else setNotice(outcome.message);
      })
      .catch((error: unknown) => setNotice(errorMessage(error)))
      .finally(() => setStepping(false));
  };

  useShortcuts([
    { keys: 'u', description: 'Back to the queue', group: GROUP, run: backToQueue },
    {
      keys: 'Escape',
      description: 'Back to the queue',
      group: GROUP,
      hidden: true,
      run: backToQueue,
    },
    { keys: 'c', description: 'Open the customer', group: GROUP, run: openCustomer },
    { keys: 'j', description: 'Next alert of the queue', group: GROUP, run: () => step(1) },
    { keys: 'k', description: 'Previous alert of the queue', group: GROUP, run: () => step(-1) },
  ]);

  const actions = (
    <div className="alert-actions">
      <Button variant="ghost" onClick={backToQueue} data-testid="back-to-queue">
        ← Queue <kbd>U</kbd>
      </Button>
      <Button
        variant="ghost"
        onClick={() => step(-1)}
        disabled={stepping}
        title="Previous alert of the queue (K)"
        data-testid="previous-alert"
      >
        Previous <kbd>K</kbd>
      </Button>
      <Button
        variant="ghost"
        onClick={() => step(1)}
        disabled={stepping}
        title="Next alert of the queue (J)"
        data-testid="next-alert"
      >
        Next <kbd>J</kbd>
      </Button>
      {view && <CaseFileButton subject={{ alertId: view.id }} shortcutGroup={GROUP} />}
    </div>
  );

  if (alert.status === 'loading' && !view)
    return (
      <Screen title="Alert" actions={actions} testId="alert-screen">
        <LoadingState label="Loading the alert…" />
      </Screen>
    );
  if (alert.status === 'error' && !view)
    return (
      <Screen title="Alert" actions={actions} testId="alert-screen">
        <ErrorState error={alert.error} onRetry={alert.reload} />
      </Screen>
    );
  if (!view)
    return (
      <Screen title="Alert" actions={actions} testId="alert-screen">
        <EmptyState
          title="This alert is not in the offline cache"
          testId="alert-not-found"
          action={<Button onClick={backToQueue}>Back to the queue</Button>}
        >
          It may lie outside this profile’s sync scope, or no sync has brought it yet. Alert{' '}
          <span className="mono">{id}</span>.
        </EmptyState>
        {/* A colleague's review request may name an alert this cache does not hold. */}
        <ReceivedReviews alertId={id} />
      </Screen>
    );

  const customerName = view.customer?.name || view.customerExternalId;
  return (
    <Screen
      title={
        <span className="alert-title">
          <ServiceText text={customerName} lines={2} testId="alert-title" />
          <CategoryTag category={view.last.topCategory} />
        </span>
      }
      subtitle={
        <span className="alert-subtitle">
          Alert <ServiceText text={view.id} className="mono" testId="alert-id" /> · customer{' '}
          <button type="button" className="link-button mono" onClick={openCustomer}>
            <ServiceText text={view.customerExternalId} />
          </button>{' '}
          · created <DateText value={view.createdAt} style="date" />
        </span>
      }
      actions={actions}
      testId="alert-screen"
    >
      <p className="alert-notice" role="status" data-testid="alert-notice">
        {notice}
      </p>
      <CaseFileResult subject={{ alertId: view.id }} />
      <div className="alert-layout" data-alert-id={view.id}>
        <div className="alert-main">
          <ReceivedReviews alertId={view.id} />
          <LastRevision alert={view} />
          <MatchComparison alert={view} onOpenCustomer={openCustomer} />
          <NotesPanel target={{ kind: 'alert', id: view.id }} shortcutGroup={GROUP} />
        </div>
        <div className="alert-side">
          <ProposalPanel alert={view} shortcutGroup={GROUP} />
          <ReviewPanel alert={view} />
          <RevisionHistory revisions={view.revisions} />
          <OtherAlerts
            alerts={view.otherAlerts}
            onOpen={(other) => navigate({ screen: 'alert', id: other })}
          />
        </div>
      </div>
    </Screen>
  );
}
