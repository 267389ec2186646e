import { useState } from 'react';
import type { ImportView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateText } from '../../components/DateText';
import { FileName } from '../../components/FileName';
import { ProgressBar } from '../../components/ProgressBar';
import { ServiceText } from '../../components/ServiceText';
import { formatCount } from '../../lib/format';
import {
  actionsFor,
  linesToSave,
  phaseOf,
  resumeWith,
  saveShare,
  STATE_LABELS,
  totalLines,
  verifyShare,
  type ImportAction,
} from './import-figures';
import { useCustomerImports } from './import-store';

const ACTION_LABELS: Record<ImportAction, string> = {
  verify: 'Verify again',
  verifyAll: 'Verify every line again',
  save: 'Save',
  pause: 'Pause',
  cancel: 'Cancel the import',
  resume: 'Resume',
  saveResult: 'Save result file',
};

function labelOf(action: ImportAction, view: ImportView): string {
  if (action === 'verify' && view.state === 'ready') return 'Start the dry run';
  if (action === 'resume')
    return resumeWith(view) === 'verify' ? 'Resume the dry run' : 'Resume saving';
  if (action === 'save') return `Save ${formatCount(linesToSave(view))} lines`;
  return ACTION_LABELS[action];
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatCount(value)}</dd>
    </div>
  );
}

/** Steps 3 and 5: the dry run's and the save's progress, what stopped them, and what is next. */
export function ImportPanel({ view }: { view: ImportView }) {
  const busy = useCustomerImports((state) => state.busy[view.id] ?? null);
  const note = useCustomerImports((state) => state.notes[view.id] ?? null);
  const act = useCustomerImports((state) => state.act);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const total = totalLines(view);
  const phase = phaseOf(view);
  const share = phase === 'save' ? saveShare(view) : verifyShare(view);
  const done = phase === 'save' ? view.saved : view.verified;
  const of = phase === 'save' ? Math.max(view.saved, linesToSave(view)) : total;
  const progressLabel =
    phase === 'save'
      ? `Saved ${formatCount(done)} of ${formatCount(of)} lines`
      : `Dry run: ${formatCount(done)} of ${formatCount(of)} lines verified`;
  return (
    <section
      className="ci-panel"
      aria-labelledby="ci-panel-title"
      data-testid="ci-panel"
      data-state={view.state}
    >
      <header className="ci-panel-head">
        <div>
          <h2 id="ci-panel-title" className="ci-step-title">
            <FileName name={view.fileName} />
            {view.relationsFileName && (
              <>
                {' '}
                and <FileName name={view.relationsFileName} />
              </>
            )}
          </h2>
          <p className="ci-muted">
            Started <DateText value={view.createdAt} /> · batches of {formatCount(view.batchSize)}
            {view.disableRiskScan && ' · screening and risk deferred'}
          </p>
        </div>
        <span className={`ci-state ci-state-${view.state}`} data-testid="ci-state">
          {STATE_LABELS[view.state]}
        </span>
      </header>
      <dl className="ci-figures">
        <Figure label="Customers" value={view.customers} testId="ci-customers" />
        <Figure label="Relations" value={view.relations} testId="ci-relations" />
        <Figure label="Unreadable" value={view.unreadable} testId="ci-unreadable" />
        <Figure label="With errors" value={view.withErrors} testId="ci-with-errors" />
        <Figure label="With warnings" value={view.withWarnings} testId="ci-with-warnings" />
        <Figure label="Saved" value={view.saved} testId="ci-saved" />
      </dl>
      <div className="ci-progress" data-testid="ci-progress" data-phase={phase}>
        <ProgressBar share={share} label={progressLabel} testId="ci-progress-bar" />
        <p className="ci-progress-text" aria-live="polite">
          {progressLabel}
        </p>
      </div>
      {view.reason && (
        <Banner
          tone={view.state === 'cancelled' ? 'danger' : 'warning'}
          title={view.state === 'paused' ? 'Paused' : 'Stopped'}
          testId="ci-reason"
        >
          <ServiceText text={view.reason} lines={0} />
        </Banner>
      )}
      {view.riskScanForced && (
        <Banner tone="info" title="The service deferred screening and risk" testId="ci-risk-forced">
          The service turned on disable_risk_scan for some batches although it was not asked to (it
          does so for large saves). Those customers are screened and scored at its next ongoing
          process: their alerts appear then, not now.
        </Banner>
      )}
      {view.state === 'verified' && view.withErrors > 0 && (
        <Banner tone="warning" title="Some lines have errors" testId="ci-has-errors">
          {view.withErrors === 1
            ? 'One line has errors and will not be saved.'
            : `${formatCount(view.withErrors)} lines have errors and will not be saved.`}{' '}
          Fix them in the grid below (select a cell, press Enter), then choose “Verify again”.
        </Banner>
      )}
      {note && (
        <Banner tone={note.tone} testId="ci-note">
          <ServiceText text={note.text} lines={0} />
        </Banner>
      )}
      <div className="ci-actions" data-testid="ci-actions">
        {actionsFor(view).map((action) => (
          <Button
            key={action}
            variant={
              action === 'save' ||
              action === 'resume' ||
              (action === 'verify' && view.state === 'ready')
                ? 'primary'
                : action === 'cancel'
                  ? 'danger'
                  : 'secondary'
            }
            busy={busy === action}
            disabled={busy !== null && busy !== action}
            onClick={() =>
              action === 'cancel' ? setConfirmCancel(true) : void act(view.id, action)
            }
            data-testid={`ci-action-${action}`}
          >
            {labelOf(action, view)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this import?"
        confirmLabel="Cancel the import"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          void act(view.id, 'cancel');
        }}
      >
        <p>
          Nothing more is checked or saved from this file. Customers already saved stay saved (
          {formatCount(view.saved)} lines so far); the result file still lists every line.
        </p>
      </ConfirmDialog>
    </section>
  );
}
