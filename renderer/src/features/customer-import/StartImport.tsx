import { useId } from 'react';
import type { ImportView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ChooseFileButton } from '../../components/ChooseFileButton';
import { FileName } from '../../components/FileName';
import { ProgressBar } from '../../components/ProgressBar';
import { ServiceText } from '../../components/ServiceText';
import { TextField } from '../../components/TextField';
import { formatBytes } from '../../lib/format';
import { toLocalFile, type DroppedFile } from '../../lib/local-files';
import { FileDropTarget } from '../uploads';
import { importBridge } from './import-bridge';
import { MappingTable } from './MappingTable';
import {
  createStartFlow,
  IMPORT_FILE_ENDINGS,
  MAX_BATCH_SIZE,
  missingColumns,
  readBatchSize,
  type Slot,
  type SlotState,
} from './start-flow';

export const useStartFlow = createStartFlow(importBridge, (file, onProgress) =>
  toLocalFile(file, onProgress),
);

const SLOT_TEXT: Record<Slot, { title: string; hint: string; choose: string; drop: string }> = {
  customers: {
    title: 'Customers file',
    hint: 'Required. CSV (a header line, then one customer per line), a JSON array, or NDJSON (one customer object per line).',
    choose: 'Choose the customers file…',
    drop: 'Drop to import these customers',
  },
  relations: {
    title: 'Relations file',
    hint: 'Optional. Relations between customers (relation external id, parent, child, relation type), as CSV, JSON or NDJSON. They are saved with the customers.',
    choose: 'Choose a relations file…',
    drop: 'Drop to import these relations',
  },
};

function SlotCard({ slot, state }: { slot: Slot; state: SlotState }) {
  const offer = useStartFlow((flow) => flow.offer);
  const clear = useStartFlow((flow) => flow.clear);
  const text = SLOT_TEXT[slot];
  const titleId = useId();
  const onFiles = (files: DroppedFile[]) => void offer(slot, files);
  return (
    <FileDropTarget
      label={text.drop}
      hint="One CSV, JSON or NDJSON file"
      onFiles={onFiles}
      testId={`ci-drop-${slot}`}
    >
      <section
        className="ci-slot"
        aria-labelledby={titleId}
        data-testid={`ci-slot-${slot}`}
        data-step={state.step}
      >
        <h2 id={titleId} className="ci-slot-title">
          {text.title}
        </h2>
        {state.step === 'empty' && <p className="ci-muted">{text.hint} Drop it here, or:</p>}
        {state.step === 'reading' && (
          <div className="ci-reading" role="status">
            <p>
              Reading <FileName name={state.fileName} />… {formatBytes(state.sent)} of{' '}
              {formatBytes(state.total)}
            </p>
            <ProgressBar
              share={state.total > 0 ? state.sent / state.total : null}
              label={`Reading ${state.fileName}`}
            />
          </div>
        )}
        {state.step === 'unreadable' && (
          <Banner
            tone="danger"
            title="This file cannot be imported"
            testId={`ci-slot-problem-${slot}`}
          >
            <ServiceText text={state.message} lines={0} />
          </Banner>
        )}
        {state.step === 'ready' && (
          <p className="ci-chosen" data-testid={`ci-chosen-${slot}`}>
            <FileName name={state.source.fileName} /> is ready: check how it is read below.
          </p>
        )}
        <div className="ci-slot-actions">
          <ChooseFileButton
            onFiles={onFiles}
            accept={IMPORT_FILE_ENDINGS}
            testId={`ci-choose-${slot}`}
            variant={slot === 'customers' && state.step !== 'ready' ? 'primary' : 'secondary'}
          >
            {state.step === 'ready' ? 'Choose another file…' : text.choose}
          </ChooseFileButton>
          {state.step !== 'empty' && state.step !== 'reading' && (
            <Button variant="ghost" onClick={() => clear(slot)} data-testid={`ci-clear-${slot}`}>
              Remove
            </Button>
          )}
        </div>
      </section>
    </FileDropTarget>
  );
}

function Options() {
  const saveMapping = useStartFlow((flow) => flow.saveMapping);
  const batchSize = useStartFlow((flow) => flow.batchSize);
  const disableRiskScan = useStartFlow((flow) => flow.disableRiskScan);
  const checked = useStartFlow((flow) => flow.checked);
  const fieldErrors = useStartFlow((flow) => flow.fieldErrors);
  const anyCsv = useStartFlow((flow) =>
    [flow.customers, flow.relations].some(
      (slot) => slot.step === 'ready' && slot.source.preview.format === 'csv',
    ),
  );
  const set = useStartFlow.getState();
  const batch = readBatchSize(batchSize);
  const riskId = useId();
  return (
    <fieldset className="ci-options" data-testid="ci-options">
      <legend>How to import</legend>
      {anyCsv && (
        <label className="ci-check">
          <input
            type="checkbox"
            checked={saveMapping}
            onChange={(event) => set.setSaveMapping(event.target.checked)}
            data-testid="ci-save-mapping"
          />
          Save this mapping for the profile (the next file with these columns is read the same way)
        </label>
      )}
      <TextField
        label="Batch size"
        inputMode="numeric"
        value={batchSize}
        onChange={(event) => set.setBatchSize(event.target.value)}
        hint={`Lines sent in one request, 1 to ${MAX_BATCH_SIZE}. Smaller batches show progress sooner; larger ones finish faster.`}
        error={(checked && !batch.ok ? batch.message : undefined) ?? fieldErrors.batchSize}
        data-testid="ci-batch-size"
      />
      <div className="ci-check-block">
        <label className="ci-check">
          <input
            type="checkbox"
            checked={disableRiskScan}
            aria-describedby={riskId}
            onChange={(event) => set.setDisableRiskScan(event.target.checked)}
            data-testid="ci-disable-risk-scan"
          />
          Defer screening and risk scoring (disable_risk_scan)
        </label>
        <p id={riskId} className="ci-muted">
          The customers are saved without being screened or scored now: the scan and the risk run at
          the service’s next ongoing process, and alerts for matching names appear then. The service
          may defer them anyway for a large import; the import says so when it does.
        </p>
      </div>
    </fieldset>
  );
}

/** Step 1 and 2: the files, how their columns are read, the options; then the dry run. */
export function StartImport({ onStarted }: { onStarted: (view: ImportView) => void }) {
  const customers = useStartFlow((flow) => flow.customers);
  const relations = useStartFlow((flow) => flow.relations);
  const checked = useStartFlow((flow) => flow.checked);
  const error = useStartFlow((flow) => flow.error);
  const fieldErrors = useStartFlow((flow) => flow.fieldErrors);
  const starting = useStartFlow((flow) => flow.starting);
  const setColumn = useStartFlow((flow) => flow.setColumn);
  const start = useStartFlow((flow) => flow.start);

  const errorsFor = (slot: Slot, state: SlotState): Record<string, string> => {
    if (state.step !== 'ready') return {};
    const prefix = slot === 'customers' ? 'mapping.' : 'relationsMapping.';
    const fromMain = Object.fromEntries(
      Object.entries(fieldErrors)
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, message]) => [key.slice(prefix.length), message]),
    );
    return { ...(checked ? missingColumns(slot, state.source) : {}), ...fromMain };
  };

  return (
    <div className="ci-start" data-testid="ci-start">
      <div className="ci-slots">
        <SlotCard slot="customers" state={customers} />
        <SlotCard slot="relations" state={relations} />
      </div>
      {customers.step === 'ready' && (
        <section className="ci-step" aria-labelledby="ci-mapping-title">
          <h2 id="ci-mapping-title" className="ci-step-title">
            How the files are read
          </h2>
          <MappingTable
            slot="customers"
            source={customers.source}
            errors={errorsFor('customers', customers)}
            onChange={(field, column) => setColumn('customers', field, column)}
          />
          {relations.step === 'ready' && (
            <MappingTable
              slot="relations"
              source={relations.source}
              errors={errorsFor('relations', relations)}
              onChange={(field, column) => setColumn('relations', field, column)}
            />
          )}
          <Options />
          {error && (
            <Banner tone="danger" title="The import did not start" testId="ci-start-error">
              <ServiceText text={error} lines={0} />
            </Banner>
          )}
          <div className="ci-start-actions">
            <Button
              variant="primary"
              busy={starting}
              onClick={() =>
                void start().then((view) => {
                  if (!view) return;
                  // Emptied for the next file in the same turn as the move to the import: React
                  // draws both at once, so the form is never drawn empty just before it goes.
                  try {
                    onStarted(view);
                  } finally {
                    useStartFlow.getState().reset();
                  }
                })
              }
              data-testid="ci-start-dry-run"
            >
              Start the dry run
            </Button>
            <p className="ci-muted">
              The dry run checks every line with the service (verify_input) and saves nothing.
            </p>
          </div>
        </section>
      )}
    </div>
  );
}
