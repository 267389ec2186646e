import { useEffect, useState } from 'react';
import type { Customer360 } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import { useCached } from '../../lib/use-cached';
import { useSync } from '../sync';
import { followForce, forceBanner, type WatchedForce } from './force-state';
import { GenerateDialog } from './GenerateDialog';
import { ReportList } from './ReportList';
import { pressErrorText } from './press-errors';
import { subjectFromCustomer } from './press-subject';
import { useListKeys } from './use-list-keys';

type Dialog = 'generate' | 'force' | null;

/** The forced generation's outbox item as it really stands; a failed one can be retried. */
function ForceState({
  item,
  offline,
  retrying,
  onRetry,
}: {
  item: WatchedForce;
  offline: boolean;
  retrying: boolean;
  onRetry: (id: string) => void;
}) {
  const banner = forceBanner(item, offline);
  return (
    <Banner tone={banner.tone} title={banner.title} testId="press-force-queued">
      <span data-testid="press-force-state" data-state={item.state}>
        <ServiceText text={banner.text} lines={0} />
      </span>{' '}
      <ServiceText text={item.summary} />
      {banner.canRetry && (
        <span className="press-force-actions">
          {' '}
          <Button busy={retrying} onClick={() => onRetry(item.id)} data-testid="press-force-retry">
            Retry
          </Button>{' '}
          <RecordLink to={{ screen: 'outbox' }} testId="press-force-outbox-link">
            Open the outbox
          </RecordLink>
        </span>
      )}
    </Banner>
  );
}

/** The customer's kept press reports, with generating one and forcing one (through the outbox). */
export function CustomerPressTab({ customer }: { customer: Customer360 }) {
  const externalId = customer.identity.externalId;
  const navigate = useNavigation((state) => state.navigate);
  const offline = useSync((state) => state.status?.connectivity === 'offline');
  const read = useCached(`press-list:customer:${externalId}`, () =>
    unwrap(api.press.list({ filter: { customerExternalId: externalId } })),
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [forcing, setForcing] = useState(false);
  const [forced, setForced] = useState<WatchedForce | null>(null);
  const [forceError, setForceError] = useState<unknown>(null);
  const reports = read.data?.reports ?? [];
  const keys = useListKeys(
    reports.length,
    (index) => {
      const report = reports[index];
      if (report) navigate({ screen: 'press-report', id: report.id });
    },
    dialog === null,
  );

  const [retrying, setRetrying] = useState(false);
  const forcedId = forced?.id ?? null;
  const forcedSettled = forced?.state === 'done' || forced?.state === 'gone';
  // The banner follows the item: sent, failed for good, retried.
  useEffect(() => {
    if (!forcedId || forcedSettled) return;
    const refresh = () => {
      unwrap(api.outbox.list()).then(
        (items) => {
          setForced((current) =>
            current?.id !== forcedId ? current : followForce(current, items),
          );
        },
        () => undefined,
      );
    };
    return api.outbox.onChanged(refresh);
  }, [forcedId, forcedSettled]);

  const retry = (id: string) => {
    setRetrying(true);
    setForceError(null);
    unwrap(api.outbox.retry({ id }))
      .then(
        (items) => {
          const now = items.find((item) => item.id === id);
          if (now) setForced(now);
        },
        (error: unknown) => setForceError(error),
      )
      .finally(() => setRetrying(false));
  };

  const force = () => {
    setForcing(true);
    setForceError(null);
    unwrap(api.press.force({ customerExternalId: externalId }))
      .then(
        (item) => {
          setForced(item);
          setDialog(null);
        },
        (error: unknown) => {
          setForceError(error);
          setDialog(null);
        },
      )
      .finally(() => setForcing(false));
  };

  useShortcuts(
    [
      {
        keys: 'n',
        description: 'Generate a press report for this customer',
        group: 'Press reports',
        run: () => setDialog('generate'),
      },
      {
        keys: 'f',
        description: 'Force generation of a press report for this customer',
        group: 'Press reports',
        run: () => setDialog('force'),
      },
    ],
    dialog === null,
  );

  const name = customer.identity.name || externalId;
  return (
    <div className="press-customer" data-testid="press-customer-tab">
      <div className="press-toolbar">
        <Button
          aria-keyshortcuts="n"
          variant="primary"
          onClick={() => setDialog('generate')}
          data-testid="press-generate"
        >
          Generate report…
        </Button>
        <Button aria-keyshortcuts="f" onClick={() => setDialog('force')} data-testid="press-force">
          Force generation…
        </Button>
      </div>
      {forced && <ForceState item={forced} offline={offline} retrying={retrying} onRetry={retry} />}
      {forceError !== null && (
        <Banner tone="danger" testId="press-force-error">
          {pressErrorText(forceError, 'force')}
        </Banner>
      )}
      {read.data === null ? (
        read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : (
          <LoadingState label="Reading the kept reports…" />
        )
      ) : reports.length === 0 ? (
        <EmptyState title="No press reports kept for this customer" testId="press-empty">
          Generate one from here (it is kept for reading offline), or force one: the service makes
          it and a sync brings it in.
        </EmptyState>
      ) : (
        <ReportList
          reports={reports}
          selected={keys.selected}
          onSelect={keys.setSelected}
          showCustomer={false}
          label={`Press reports of ${name}`}
        />
      )}
      <GenerateDialog
        open={dialog === 'generate'}
        initial={subjectFromCustomer(customer)}
        onClose={() => setDialog(null)}
        onGenerated={read.reload}
      />
      <ConfirmDialog
        open={dialog === 'force'}
        title="Force a press report for this customer?"
        confirmLabel="Force generation"
        onConfirm={force}
        onCancel={() => setDialog(null)}
        busy={forcing}
      >
        <p data-testid="press-force-confirm-text">
          The service makes a new stored adverse-media report for <ServiceText text={name} />, which
          may cost the tenant. The request goes through the outbox and is sent exactly once;
          offline, it waits there until the service can be reached.
        </p>
      </ConfirmDialog>
    </div>
  );
}
