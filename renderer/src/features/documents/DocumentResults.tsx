import { useState, type ReactNode } from 'react';
import type {
  DocumentFacets,
  DocumentRowView,
  DocumentSearchPage,
} from '../../../../preload/contract';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts, type Shortcut } from '../../lib/shortcuts';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import type { Cached } from '../../lib/use-cached';
import { formatCount } from '../../lib/format';
import { StaleNotice } from '../../components/StaleNotice';
import { pageRange, pageStep } from './document-filter';
import { DocumentEditDialog } from './DocumentEditDialog';
import { NotesDialog } from '../workbench';
import { DocumentTable } from './DocumentTable';
import { ServiceText } from '../../components/ServiceText';
import { FileName } from '../../components/FileName';

/** Buttons, links and fields keep Enter for themselves. */
function pressesControl(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  const control = target.closest('button, a[href], summary, [role="button"], input, select');
  if (control instanceof HTMLElement) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement))
      control.click();
    return true;
  }
  return false;
}

/**
 * One page of documents with everything done to them: keyboard selection, edit, delete (with
 * confirmation), download, paging. The documents screen and a customer's documents tab both
 * show their search through it.
 */
export function DocumentResults({
  read,
  offset,
  onPage,
  facets,
  showCustomer,
  shortcutGroup,
  openCustomerOnEnter,
  empty,
  label,
  rowTestId,
  pagerTestId = 'documents',
}: {
  read: Cached<DocumentSearchPage> & { reload: () => void };
  offset: number;
  onPage: (offset: number) => void;
  facets: DocumentFacets | null;
  showCustomer: boolean;
  shortcutGroup: string;
  openCustomerOnEnter: boolean;
  /** Shown when the page has no document and no pending upload. */
  empty: ReactNode;
  label: string;
  rowTestId?: string;
  pagerTestId?: string;
}) {
  const navigate = useNavigation((state) => state.navigate);
  const [selected, setSelected] = useState(0);
  const [editing, setEditing] = useState<DocumentRowView | null>(null);
  const [noting, setNoting] = useState<DocumentRowView | null>(null);
  const [deleting, setDeleting] = useState<DocumentRowView | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const page = read.data;
  const rows = page?.rows ?? [];
  const pendingUploads = page?.pendingUploads ?? [];
  const total = page?.total ?? 0;
  const current = Math.min(selected, Math.max(0, rows.length - 1));
  const row = rows[current];
  const next = pageStep(offset, total, 1);
  const previous = pageStep(offset, total, -1);

  const move = (step: number) => {
    if (rows.length) setSelected(Math.max(0, Math.min(rows.length - 1, current + step)));
  };
  const goTo = (target: number | null) => {
    if (target === null) return;
    setSelected(0);
    onPage(target);
  };
  const askDelete = (target: DocumentRowView | undefined) => {
    if (target && target.pending?.kind !== 'delete') {
      setActionError(null);
      setDeleting(target);
    }
  };
  const askEdit = (target: DocumentRowView | undefined) => {
    if (target && target.pending?.kind !== 'delete') setEditing(target);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await unwrap(api.documents.remove({ id: deleting.id }));
      setDeleting(null);
    } catch (error) {
      setActionError(errorMessage(error));
      setDeleting(null);
    } finally {
      setDeleteBusy(false);
    }
  };

  const shortcuts: Shortcut[] = [
    { keys: 'j', description: 'Next document', group: shortcutGroup, run: () => move(1) },
    { keys: 'k', description: 'Previous document', group: shortcutGroup, run: () => move(-1) },
    {
      keys: 'ArrowDown',
      description: 'Next document',
      group: shortcutGroup,
      hidden: true,
      run: () => move(1),
    },
    {
      keys: 'ArrowUp',
      description: 'Previous document',
      group: shortcutGroup,
      hidden: true,
      run: () => move(-1),
    },
    {
      keys: 'e',
      description: 'Edit the selected document',
      group: shortcutGroup,
      run: () => askEdit(row),
    },
    {
      // m (a memo), since n and p turn the pages of the results.
      keys: 'm',
      description: 'Notes on the selected document',
      group: shortcutGroup,
      run: () => row && setNoting(row),
    },
    {
      keys: 'Delete',
      description: 'Delete the selected document',
      group: shortcutGroup,
      run: () => askDelete(row),
    },
    {
      keys: '#',
      description: 'Delete the selected document',
      group: shortcutGroup,
      hidden: true,
      run: () => askDelete(row),
    },
    { keys: 'n', description: 'Next page', group: shortcutGroup, run: () => goTo(next) },
    { keys: 'p', description: 'Previous page', group: shortcutGroup, run: () => goTo(previous) },
  ];
  if (openCustomerOnEnter)
    shortcuts.push({
      keys: 'Enter',
      description: 'Open the selected document’s customer',
      group: shortcutGroup,
      run: (event) => {
        if (pressesControl(event) || !row) return;
        navigate({ screen: 'customer', externalId: row.customerExternalId, tab: 'documents' });
      },
    });
  useShortcuts(shortcuts);

  let body: ReactNode;
  if (read.status === 'loading' && !page) body = <LoadingState label="Loading documents…" />;
  else if (read.status === 'error' && !page)
    body = <ErrorState error={read.error} onRetry={read.reload} />;
  else if (rows.length === 0 && pendingUploads.length === 0) body = empty;
  else
    body = (
      <>
        {read.status === 'error' && <StaleNotice error={read.error} onRetry={read.reload} />}
        <div className="table-frame">
          <DocumentTable
            rows={rows}
            pendingUploads={pendingUploads}
            selectedIndex={current}
            onSelect={setSelected}
            onEdit={askEdit}
            onNotes={setNoting}
            onDelete={askDelete}
            showCustomer={showCustomer}
            label={label}
            rowTestId={rowTestId}
          />
        </div>
      </>
    );

  const [first, last] = pageRange(offset, rows.length, total);
  return (
    <>
      {actionError && (
        <Banner tone="danger" title="The document was not deleted" testId="document-action-error">
          {actionError}
        </Banner>
      )}
      {body}
      {((total > 0 && rows.length > 0) || pendingUploads.length > 0) && (
        <nav className="thread-pager" aria-label="Pages of documents">
          <span data-testid={`${pagerTestId}-range`}>
            {rows.length > 0 &&
              `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
          </span>
          {pendingUploads.length > 0 && (
            // Shown on every page, above the cached rows: counted apart, so the range stays the
            // cache's.
            <span data-testid={`${pagerTestId}-pending`}>
              {formatCount(pendingUploads.length)} waiting to upload
            </span>
          )}
          <Button
            onClick={() => goTo(previous)}
            disabled={previous === null}
            data-testid={`${pagerTestId}-previous`}
          >
            Previous
          </Button>
          <Button
            onClick={() => goTo(next)}
            disabled={next === null}
            data-testid={`${pagerTestId}-next`}
          >
            Next
          </Button>
        </nav>
      )}
      <DocumentEditDialog document={editing} facets={facets} onClose={() => setEditing(null)} />
      <NotesDialog
        target={noting && { kind: 'document', id: noting.id }}
        title={noting ? noting.displayName || noting.fileName : ''}
        onClose={() => setNoting(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this document?"
        confirmLabel="Delete document"
        busy={deleteBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        {deleting && (
          <p data-testid="delete-confirm-text">
            “<ServiceText text={deleting.displayName || deleting.fileName} lines={2} />” (
            <FileName name={deleting.fileName} className="mono" />) will be deleted from the service
            with its metadata, for everyone. If the service cannot be reached now, it is deleted
            when it can.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
