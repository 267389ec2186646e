import { accountTypeText } from '../../lib/account-type';
import type { Customer360 } from '../../../../preload/contract';
import { useNavigation } from '../../lib/navigation';
import type { CustomerTab } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { StaleNotice } from '../../components/StaleNotice';
import { useCached } from '../../lib/use-cached';
import { useExternalLinks, ThreadTable } from '../threads';
import type { DroppedFile } from '../../lib/local-files';
import { FileDropTarget, customerScope, useUploads } from '../uploads';
import { usePendingUploadCount } from '../documents';
import { CustomerTabs, panelId, tabId, type TabSpec } from './CustomerTabs';
import { OverviewTab } from './OverviewTab';
import { AlertsTab, DocumentsTab, TimelineTab } from './RecordTabs';
import { CustomerPressTab } from '../press';
import { CustomerKytTab, useCustomerKytCount } from '../kyt';
import { CustomerRelationsTab, useCustomerRelationCount } from '../relations';
import { CaseFileButton, CaseFileResult, NotesPanel, useNoteCount } from '../workbench';
import './customer.css';
import { ServiceText } from '../../components/ServiceText';

function tabsOf(
  customer: Customer360,
  pendingUploads: number,
  transactions: number | null,
  relations: number | null,
  notes: number | null,
): TabSpec[] {
  return [
    { tab: 'overview', label: 'Overview', count: null },
    { tab: 'alerts', label: 'Alerts', count: customer.alerts.length },
    { tab: 'timeline', label: 'Timeline', count: customer.timeline.length },
    { tab: 'documents', label: 'Documents', count: customer.documents.length + pendingUploads },
    { tab: 'threads', label: 'Threads', count: customer.threads.length },
    { tab: 'press', label: 'Press', count: customer.pressReportCount },
    { tab: 'transactions', label: 'Transactions', count: transactions },
    { tab: 'relations', label: 'Relations', count: relations },
    { tab: 'notes', label: 'Notes', count: notes },
  ];
}

function CustomerHeading({ customer }: { customer: Customer360 }) {
  const { identity } = customer;
  const accountType = accountTypeText(customer.identity);
  return (
    <span className="customer-heading" data-testid="customer-heading">
      <ServiceText text={identity.externalId} className="mono" testId="customer-external-id" />
      {accountType && (
        <span className="badge" data-testid="customer-account-type">
          {accountType}
        </span>
      )}
      {identity.reviewGroups.length > 0 && (
        <span className="customer-groups" data-testid="customer-review-groups">
          {identity.reviewGroups.map((group) => (
            <span key={group} className="tag">
              {group}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}

export function CustomerScreen({
  externalId,
  tab = 'overview',
}: {
  externalId: string;
  tab?: CustomerTab | undefined;
}) {
  const replace = useNavigation((state) => state.replace);
  const navigate = useNavigation((state) => state.navigate);
  const read = useCached(`customer:${externalId}`, () => unwrap(api.customers.get({ externalId })));
  const links = useExternalLinks();
  const customer = read.data;
  // Files waiting to be filed show in the Documents tab, so its count includes them.
  const pendingUploads = usePendingUploadCount(externalId);
  // Kept KYT submissions naming the customer; no count while they cannot be read.
  const transactions = useCustomerKytCount(externalId);
  const relations = useCustomerRelationCount(externalId);
  const notes = useNoteCount({ kind: 'customer', id: externalId });
  const tabs = customer ? tabsOf(customer, pendingUploads, transactions, relations, notes) : [];
  const show = (next: CustomerTab) => replace({ screen: 'customer', externalId, tab: next });
  const addFiles = useUploads((state) => state.addFiles);
  // Files dropped anywhere on the customer open its documents tab, where their form is.
  const fileOnCustomer = (files: DroppedFile[]) => {
    void addFiles(customerScope(externalId), externalId, files);
    if (tab !== 'documents') show('documents');
  };

  useShortcuts(
    [
      ...tabs.map((spec, index) => ({
        keys: String(index + 1),
        description: `Show ${spec.label.toLowerCase()}`,
        group: 'Customer',
        run: () => show(spec.tab),
      })),
      {
        keys: 'e',
        description: 'Edit this customer',
        group: 'Customer',
        run: () => navigate({ screen: 'customer-edit', externalId }),
      },
    ],
    customer !== null,
  );

  if (!customer) {
    return (
      <Screen
        title="Customer"
        subtitle={<span className="mono">{externalId}</span>}
        testId="customer-screen"
      >
        {read.status === 'loading' ? (
          <LoadingState label="Loading the customer…" />
        ) : read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : (
          <EmptyState
            title="This customer is not in the cache"
            testId="customer-not-found"
            action={<Button onClick={() => navigate({ screen: 'queue' })}>Go to the queue</Button>}
          >
            CaseDesk keeps the customers named by the alerts and threads it syncs. Check the
            external id, or sync again.
          </EmptyState>
        )}
      </Screen>
    );
  }

  let panel;
  switch (tab) {
    case 'alerts':
      panel = <AlertsTab alerts={customer.alerts} />;
      break;
    case 'timeline':
      panel = (
        <TimelineTab
          events={customer.timeline}
          mayBeCut={customer.timelineMayBeCut}
          onOpenLink={links.request}
        />
      );
      break;
    case 'documents':
      panel = (
        <DocumentsTab
          externalId={customer.identity.externalId}
          name={customer.identity.name || customer.identity.externalId}
          onFiles={fileOnCustomer}
        />
      );
      break;
    case 'threads':
      panel =
        customer.threads.length === 0 ? (
          <EmptyState title="No threads with this customer" testId="customer-threads-empty" />
        ) : (
          <div className="table-frame">
            <ThreadTable
              rows={customer.threads}
              label="Threads with this customer"
              showCustomers={false}
            />
          </div>
        );
      break;
    case 'press':
      panel = <CustomerPressTab customer={customer} />;
      break;
    case 'transactions':
      panel = <CustomerKytTab customer={customer} />;
      break;
    case 'relations':
      panel = <CustomerRelationsTab customer={customer} />;
      break;
    case 'notes':
      panel = (
        <NotesPanel
          target={{ kind: 'customer', id: customer.identity.externalId }}
          shortcutGroup="Customer"
        />
      );
      break;
    default:
      panel = <OverviewTab customer={customer} />;
  }

  return (
    <FileDropTarget
      label={`Drop to file on ${customer.identity.name || customer.identity.externalId}`}
      onFiles={fileOnCustomer}
      testId="customer-drop-target"
    >
      <Screen
        title={
          <ServiceText text={customer.identity.name || customer.identity.externalId} lines={2} />
        }
        subtitle={<CustomerHeading customer={customer} />}
        testId="customer-screen"
        actions={
          <>
            <Button
              onClick={() =>
                navigate({ screen: 'customer-edit', externalId: customer.identity.externalId })
              }
              data-testid="customer-edit"
              title="Edit this customer (e)"
            >
              Edit
            </Button>
            <Button
              onClick={() =>
                navigate({
                  screen: 'queue',
                  filter: { customerExternalId: customer.identity.externalId },
                })
              }
            >
              Alerts in the queue
            </Button>
            <CaseFileButton
              subject={{ customerExternalId: customer.identity.externalId }}
              shortcutGroup="Customer"
            />
          </>
        }
      >
        {read.status === 'error' && <StaleNotice error={read.error} onRetry={read.reload} />}
        <CaseFileResult subject={{ customerExternalId: customer.identity.externalId }} />
        <CustomerTabs tabs={tabs} current={tab} onChange={show} />
        <div
          id={panelId(tab)}
          role="tabpanel"
          aria-labelledby={tabId(tab)}
          tabIndex={0}
          className="customer-panel"
          data-testid={`panel-${tab}`}
        >
          {panel}
        </div>
        {links.dialog}
      </Screen>
    </FileDropTarget>
  );
}
