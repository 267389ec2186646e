import type { Customer360 } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { StaleNotice } from '../../components/StaleNotice';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import { KYT_PAGE } from './kyt-filter';
import { SubmissionList } from './SubmissionList';
import { useKytRead } from './use-kyt-read';
import { useListKeys } from './use-list-keys';

const customerListKey = (externalId: string) => `kyt-list:customer:${externalId}`;
const readCustomerList = (externalId: string) =>
  unwrap(api.kyt.list({ filter: { customerExternalId: externalId, limit: KYT_PAGE } }));

/**
 * How many kept submissions name the customer (sender, receiver or linked), for its tab's count;
 * null while unknown (being read, or submissions cannot be read).
 */
export function useCustomerKytCount(externalId: string): number | null {
  const read = useKytRead(customerListKey(externalId), () => readCustomerList(externalId));
  return read.data?.total ?? null;
}

/** The customer's kept submissions, and a new one with the customer as sender or receiver. */
export function CustomerKytTab({ customer }: { customer: Customer360 }) {
  const externalId = customer.identity.externalId;
  const navigate = useNavigation((state) => state.navigate);
  const read = useKytRead(customerListKey(externalId), () => readCustomerList(externalId));
  const list = read.data;
  const submissions = list?.submissions ?? [];
  const keys = useListKeys(submissions.length, (index) => {
    const submission = submissions[index];
    if (submission) navigate({ screen: 'kyt-submission', id: submission.id });
  });
  const asSender = () => navigate({ screen: 'kyt-new', prefill: { from: externalId } });
  const asReceiver = () => navigate({ screen: 'kyt-new', prefill: { to: externalId } });

  useShortcuts([
    {
      keys: 'n',
      description: 'New transaction with this customer as sender',
      group: 'Transactions',
      run: asSender,
    },
    {
      keys: 'r',
      description: 'New transaction with this customer as receiver',
      group: 'Transactions',
      run: asReceiver,
    },
  ]);

  const name = customer.identity.name || externalId;
  let body;
  if (!list) {
    body =
      read.status === 'error' ? (
        <ErrorState error={read.error} onRetry={read.reload} />
      ) : (
        <LoadingState label="Reading the kept submissions…" />
      );
  } else if (submissions.length === 0) {
    body = (
      <EmptyState title="No transactions submitted for this customer" testId="kyt-customer-empty">
        Submit one with this customer as sender or receiver to see its score explained; every
        submission is kept here for reading offline.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <SubmissionList
          submissions={submissions}
          selected={keys.selected}
          onSelect={keys.setSelected}
          label={`Transactions of ${name}`}
        />
        {list.total > submissions.length && (
          <p className="kyt-more">
            Showing the newest {submissions.length.toLocaleString()} of{' '}
            {list.total.toLocaleString()}.{' '}
            <Button
              variant="ghost"
              onClick={() =>
                navigate({ screen: 'kyt', filter: { customerExternalId: externalId } })
              }
              data-testid="kyt-customer-all"
            >
              See them all
            </Button>
          </p>
        )}
      </>
    );
  }

  return (
    <div className="kyt-customer" data-testid="kyt-customer-tab">
      <div className="kyt-actions kyt-toolbar">
        <Button
          variant="primary"
          aria-keyshortcuts="n"
          onClick={asSender}
          data-testid="kyt-new-as-sender"
        >
          New transaction from this customer
        </Button>
        <Button aria-keyshortcuts="r" onClick={asReceiver} data-testid="kyt-new-as-receiver">
          New transaction to this customer
        </Button>
      </div>
      {read.status === 'error' && list && <StaleNotice error={read.error} onRetry={read.reload} />}
      {body}
    </div>
  );
}
