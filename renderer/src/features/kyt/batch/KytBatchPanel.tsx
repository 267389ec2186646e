import { useEffect, useId, useRef, useState } from 'react';
import type { KytBatchView } from '../../../../../preload/contract';
import { Banner } from '../../../components/Banner';
import { EmptyState, ErrorState, LoadingState } from '../../../components/StateViews';
import type { DroppedFile } from '../../../lib/local-files';
import { FileDropTarget } from '../../uploads';
import { chooseBatchFile } from './batch-file';
import { BATCH_FILE_ENDINGS } from './column-mapping';
import { BatchCard } from './BatchCard';
import { BatchConfirmDialog, type AskedAction } from './BatchConfirmDialog';
import { followKytBatches, useKytBatches } from './batch-store';
import { ChooseFileButton } from '../../../components/ChooseFileButton';
import { ImportDialog } from './ImportDialog';
import { useImportFlow } from './import-flow';
import './batch.css';

/** Column names a CSV may use, matched to the fields by themselves. */
export const EXPECTED_COLUMNS = [
  'amount',
  'currency',
  'date',
  'label',
  'from.full_name',
  'from.external_id',
  'to.full_name',
  'to.external_id',
];

export function NoBatches() {
  return (
    <EmptyState
      title="No batches yet: import a CSV or NDJSON file of transactions…"
      testId="kyt-batch-empty"
    >
      <p>
        A CSV file starts with a line of column names; each line after it is one transaction. Each
        needs an amount and a currency, and most a sender and a receiver. Columns named like the
        fields are matched by themselves, such as{' '}
        {EXPECTED_COLUMNS.map((column, index) => (
          <span key={column}>
            {index > 0 && ', '}
            <code>{column}</code>
          </span>
        ))}
        ; any other column can be matched to a field when you import, and the choice kept for the
        next file.
      </p>
      <p>
        An NDJSON file holds one transaction per line, as the service takes it:{' '}
        <code>
          {'{"amount": 1250.5, "currency": "EUR", "from": {"full_name": "…"}, "to": {…}}'}
        </code>
        .
      </p>
      <p>Choose the file with “Import a batch…”, or drop it here.</p>
    </EmptyState>
  );
}

/**
 * The profile's batch imports of transactions: each with its progress, what stopped it, its
 * problems and its result file; and importing another, from a file chosen or dropped here.
 */
export function KytBatchPanel() {
  const titleId = useId();
  const status = useKytBatches((state) => state.status);
  const error = useKytBatches((state) => state.error);
  const batches = useKytBatches((state) => state.batches);
  const load = useKytBatches((state) => state.load);
  const busy = useKytBatches((state) => state.busy);
  const notes = useKytBatches((state) => state.notes);
  const waitingSince = useKytBatches((state) => state.waitingSince);
  const lastImported = useKytBatches((state) => state.lastImported);
  const act = useKytBatches((state) => state.act);
  const saveResult = useKytBatches((state) => state.saveResult);
  const focused = useKytBatches((state) => state.focused);
  const openFile = useImportFlow((state) => state.open);
  const [dropProblem, setDropProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<{ batch: KytBatchView; action: AskedAction } | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => followKytBatches(), []);

  const offer = (files: DroppedFile[]) => {
    // Once sending is being confirmed, a drop does not swap the file under the investigator.
    const step = useImportFlow.getState().current.step;
    if (step === 'confirm' || step === 'importing') return;
    const choice = chooseBatchFile(files);
    if (!choice.ok) {
      setDropProblem(choice.message);
      return;
    }
    setDropProblem(null);
    void openFile(choice.file);
  };

  /**
   * Not confirmed, the focus goes back to the button asked from (the dialog does that itself);
   * confirmed, that button goes (a cancelled batch has none), so the batch's title takes it.
   */
  const closeAsked = (confirmed: boolean) => {
    setAsked(null);
    const target = returnFocus.current;
    returnFocus.current = null;
    if (confirmed && target?.isConnected) requestAnimationFrame(() => target.focus());
  };

  let content;
  if (status === 'loading' && batches.length === 0)
    content = <LoadingState label="Reading the batches…" />;
  else if (status === 'error' && batches.length === 0)
    content = <ErrorState error={error} onRetry={() => void load()} />;
  else if (batches.length === 0) content = <NoBatches />;
  else
    content = (
      <ul className="kyt-batch-list" aria-label="Batches, newest first" data-testid="kyt-batches">
        {batches.map((batch) => (
          <li key={batch.id}>
            <BatchCard
              batch={batch}
              busy={busy[batch.id] ?? null}
              note={notes[batch.id] ?? null}
              waitingSince={waitingSince[batch.id]}
              justImported={lastImported === batch.id}
              onAct={(id, action) => void act(id, action)}
              onSave={(id) => void saveResult(id)}
              onFocused={focused}
              onAsk={(target, action, heading) => {
                returnFocus.current = heading;
                setAsked({ batch: target, action });
              }}
            />
          </li>
        ))}
      </ul>
    );

  // The confirmation follows the batch as it changes (its lines not sent go down meanwhile).
  const askedNow = asked && {
    ...asked,
    batch: batches.find((batch) => batch.id === asked.batch.id) ?? asked.batch,
  };

  return (
    <FileDropTarget
      label="Drop to import this batch of transactions"
      hint="One CSV or NDJSON file"
      onFiles={offer}
      testId="kyt-batch-drop"
    >
      <section className="kyt-batch-panel" aria-labelledby={titleId} data-testid="kyt-batch-panel">
        <header className="kyt-batch-panel-head">
          <div>
            <h2 id={titleId} className="kyt-batch-panel-title">
              Batch imports
            </h2>
            <p className="kyt-batch-muted">
              Transactions read from a CSV or NDJSON file and sent one after the other, in line
              order. The service keeps every transaction it is sent.
            </p>
          </div>
          <ChooseFileButton onFiles={offer} accept={BATCH_FILE_ENDINGS} testId="kyt-batch-import">
            Import a batch…
          </ChooseFileButton>
        </header>
        {dropProblem && (
          <Banner tone="danger" title="Nothing was imported" testId="kyt-batch-drop-problem">
            {dropProblem}
          </Banner>
        )}
        {status === 'error' && batches.length > 0 && (
          <Banner tone="warning" testId="kyt-batch-stale">
            The batches could not be read again; what is shown may be out of date.
          </Banner>
        )}
        {content}
      </section>
      <ImportDialog onFiles={offer} />
      <BatchConfirmDialog
        asked={askedNow}
        onClose={() => closeAsked(false)}
        onConfirm={() => {
          if (askedNow)
            void act(askedNow.batch.id, askedNow.action === 'start' ? 'start' : 'cancel');
          closeAsked(true);
        }}
      />
    </FileDropTarget>
  );
}
