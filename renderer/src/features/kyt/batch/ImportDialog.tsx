import { useId, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { FileName } from '../../../components/FileName';
import { ProgressBar } from '../../../components/ProgressBar';
import { ServiceText } from '../../../components/ServiceText';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { formatBytes, formatCount } from '../../../lib/format';
import type { DroppedFile } from '../../../lib/local-files';
import { ChooseFileButton } from '../../../components/ChooseFileButton';
import {
  formatName,
  mappingProblems,
  separatorName,
  unusedColumns,
  columnChoices,
  BATCH_FILE_ENDINGS,
} from './column-mapping';
import { STORED_FOR_GOOD } from './batch-figures';
import { useImportFlow, type ImportDraft, type ImportStep } from './import-flow';
import { MappingFields } from './MappingFields';
import { PreviewTable } from './PreviewTable';

function FileFacts({ draft }: { draft: ImportDraft }) {
  const { preview } = draft;
  return (
    <dl className="kyt-import-facts" data-testid="kyt-import-facts">
      <div>
        <dt>File</dt>
        <dd>
          <FileName name={preview.fileName} testId="kyt-import-file" />
        </dd>
      </div>
      <div>
        <dt>Format</dt>
        <dd data-testid="kyt-import-format">{formatName(preview.format)}</dd>
      </div>
      {preview.format === 'csv' && (
        <>
          <div>
            <dt>Separator</dt>
            <dd data-testid="kyt-import-separator">{separatorName(preview.separator)}</dd>
          </div>
          <div>
            <dt>Columns</dt>
            <dd data-testid="kyt-import-columns">{formatCount(preview.columns.length)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

function MappingStep({
  draft,
  setTarget,
  setRemember,
}: {
  draft: ImportDraft;
  setTarget: (path: string, column: string) => void;
  setRemember: (remember: boolean) => void;
}) {
  const { preview } = draft;
  const csv = preview.format === 'csv';
  const problems = mappingProblems(draft.mapping);
  const errors = { ...(draft.checked ? problems.errors : {}), ...(draft.error?.byPath ?? {}) };
  const unused = unusedColumns(draft.mapping, preview.columns);
  return (
    <>
      <FileFacts draft={draft} />
      <section className="kyt-import-section" aria-label="The first rows">
        <h3 className="kyt-import-heading">The first rows</h3>
        <PreviewTable preview={preview} mapping={draft.mapping} />
      </section>
      {csv ? (
        <section className="kyt-import-section" aria-label="Column mapping">
          <h3 className="kyt-import-heading">Which column holds each field</h3>
          {preview.mappingSaved && (
            <p className="kyt-import-note" data-testid="kyt-import-mapping-saved">
              The mapping saved for this profile is applied: its columns are all in this file.
            </p>
          )}
          <MappingFields
            columns={preview.columns}
            mapping={draft.mapping}
            errors={errors}
            onChange={setTarget}
          />
          {problems.warnings.length > 0 && (
            <ul className="kyt-import-warnings" data-testid="kyt-import-warnings">
              {problems.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {unused.length > 0 && unused.length < columnChoices(preview.columns).length && (
            <p className="kyt-import-note" data-testid="kyt-import-unused">
              Not imported (no field takes them):{' '}
              {unused.map((column, index) => (
                <span key={column}>
                  {index > 0 && ', '}
                  <ServiceText text={column} />
                </span>
              ))}
            </p>
          )}
          <label className="kyt-check">
            <input
              type="checkbox"
              checked={draft.remember}
              data-testid="kyt-import-remember"
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember this mapping for this profile’s next files
          </label>
        </section>
      ) : (
        <p className="kyt-import-note" data-testid="kyt-import-ndjson-note">
          Each line is one transaction, as the service takes it (amount, currency, from, to…): no
          mapping is needed.
        </p>
      )}
      {draft.error && (
        <Banner tone="danger" title="This file was not imported" testId="kyt-import-error">
          <ServiceText text={draft.error.message} lines={0} />
          {draft.error.other.length > 0 && (
            <ul>
              {draft.error.other.map((message) => (
                <li key={message}>
                  <ServiceText text={message} lines={0} />
                </li>
              ))}
            </ul>
          )}
          <p>Change the mapping above and try again, or choose a corrected file.</p>
        </Banner>
      )}
      {draft.checked && Object.keys(problems.errors).length > 0 && (
        <p className="kyt-import-blocked" role="alert" data-testid="kyt-import-blocked">
          Choose the columns of the required fields above to go on.
        </p>
      )}
    </>
  );
}

function ConfirmStep({ draft }: { draft: ImportDraft }) {
  return (
    <>
      <FileFacts draft={draft} />
      <Banner tone="warning" title="Sending cannot be undone" testId="kyt-import-confirm-text">
        <p>
          CaseDesk sends each line of this file that can be read as a transaction, one after the
          other in line order, and keeps what it sent with the service’s answer. {STORED_FOR_GOOD}
        </p>
        <p>
          Lines that cannot be read are never sent: they are listed as problems, with the reason.
          With “Import, send later” nothing is sent until you start the batch.
        </p>
      </Banner>
      {draft.error && (
        <Banner tone="danger" testId="kyt-import-error">
          <ServiceText text={draft.error.message} lines={0} />
        </Banner>
      )}
    </>
  );
}

/** What the dialog can ask of the import flow. */
export interface ImportHandlers {
  close: () => void;
  proceed: () => void;
  back: () => void;
  submit: (start: boolean) => void;
  setTarget: (path: string, column: string) => void;
  setRemember: (remember: boolean) => void;
  onFiles: (files: DroppedFile[]) => void;
}

/**
 * Importing a batch: the file is read by main and previewed, its columns mapped to the fields,
 * then imported (and started, or left to start later) once the investigator has read that the
 * service keeps every transaction it is sent. Escape or Cancel closes it at any step.
 */
export function ImportDialog({ onFiles }: { onFiles: (files: DroppedFile[]) => void }) {
  const flow = useImportFlow();
  return (
    <ImportDialogView
      current={flow.current}
      close={flow.close}
      proceed={flow.proceed}
      back={flow.back}
      submit={(start) => void flow.submit(start)}
      setTarget={flow.setTarget}
      setRemember={flow.setRemember}
      onFiles={onFiles}
    />
  );
}

export function ImportDialogView({
  current,
  close,
  proceed,
  back,
  submit,
  setTarget,
  setRemember,
  onFiles,
}: ImportHandlers & { current: ImportStep }) {
  const titleId = useId();
  const ref = useModalDialog(current.step !== 'closed');

  let body;
  let actions;
  switch (current.step) {
    case 'closed':
      body = null;
      actions = null;
      break;
    case 'reading': {
      const share = current.total > 0 ? current.sent / current.total : null;
      body = (
        <div className="kyt-import-reading" role="status" data-testid="kyt-import-reading">
          <p>
            Reading <FileName name={current.fileName} />…
          </p>
          <ProgressBar share={share} label={`Reading ${current.fileName}`} />
          {current.total > 0 && (
            <p className="kyt-import-note">
              {formatBytes(current.sent)} of {formatBytes(current.total)}
            </p>
          )}
        </div>
      );
      actions = (
        <Button onClick={close} autoFocus>
          Cancel
        </Button>
      );
      break;
    }
    case 'unreadable':
      body = (
        <Banner tone="danger" title="This file cannot be imported" testId="kyt-import-unreadable">
          <p>
            <FileName name={current.fileName} />
          </p>
          <ServiceText text={current.message} lines={0} />
        </Banner>
      );
      actions = (
        <>
          <Button onClick={close}>Close</Button>
          {/* A picker of its own: the panel's is behind the dialog, out of reach. */}
          <ChooseFileButton
            onFiles={onFiles}
            accept={BATCH_FILE_ENDINGS}
            testId="kyt-import-choose-another"
          >
            Choose another file…
          </ChooseFileButton>
        </>
      );
      break;
    case 'mapping':
      body = <MappingStep draft={current.draft} setTarget={setTarget} setRemember={setRemember} />;
      actions = (
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" data-testid="kyt-import-next">
            Continue…
          </Button>
        </>
      );
      break;
    case 'confirm':
    case 'importing': {
      const importing = current.step === 'importing';
      body = <ConfirmStep draft={current.draft} />;
      actions = (
        <>
          <Button onClick={back} disabled={importing} data-testid="kyt-import-back">
            Back
          </Button>
          <Button
            busy={importing && !current.start}
            disabled={importing}
            data-testid="kyt-import-later"
            onClick={() => submit(false)}
          >
            Import, send later
          </Button>
          <Button
            variant="primary"
            autoFocus
            busy={importing && current.start}
            disabled={importing}
            data-testid="kyt-import-send"
            onClick={() => submit(true)}
          >
            Import and send
          </Button>
        </>
      );
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (current.step !== 'mapping') return;
    proceed();
    // Not gone on: the keyboard goes to the first field that says why.
    requestAnimationFrame(() =>
      ref.current
        ?.querySelector<HTMLElement>('[data-step="mapping"] [aria-invalid="true"]')
        ?.focus(),
    );
  };

  return (
    <dialog
      ref={ref}
      className="dialog kyt-import-dialog"
      aria-labelledby={titleId}
      data-testid="kyt-import-dialog"
      data-step={current.step}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <form className="kyt-import-form" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="dialog-title">
          Import a batch of transactions
        </h2>
        <div className="dialog-body kyt-import-body">{body}</div>
        <div className="dialog-actions">{actions}</div>
      </form>
    </dialog>
  );
}
