import { useEffect, useId, useRef, useState } from 'react';
import type { KytBatchView } from '../../../../../preload/contract';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { DateText } from '../../../components/DateText';
import { FileName } from '../../../components/FileName';
import { ProgressBar } from '../../../components/ProgressBar';
import { ServiceText } from '../../../components/ServiceText';
import { visibleFileName } from '../../../lib/file-names';
import { formatCount } from '../../../lib/format';
import {
  batchActions,
  batchFigures,
  inDoubtHref,
  inDoubtLinkText,
  problemCount,
  progressShare,
  progressText,
  reasonTone,
  STATE_LABEL,
  STATE_TONE,
  waitingText,
} from './batch-figures';
import type { AskedAction } from './BatchConfirmDialog';
import { BatchProblems } from './BatchProblems';
import type { BatchAction, BatchNote } from './batch-store';
import { formatName } from './column-mapping';
import { useSecondsLeft } from './use-seconds-left';

const FAILED_ACTION: Record<BatchAction, string> = {
  start: 'The batch did not start',
  resume: 'The batch did not resume',
  pause: 'The batch was not paused',
  cancel: 'The batch was not cancelled',
  save: 'The result file was not saved',
};

/** A batch: where it stands, what stopped it, what can be done, its problems and result file. */
export function BatchCard({
  batch,
  busy = null,
  note = null,
  waitingSince,
  justImported = false,
  onAct,
  onSave,
  onAsk,
  onFocused,
}: {
  batch: KytBatchView;
  /** The action on its way, if any. */
  busy?: BatchAction | null;
  /** The outcome of the last action. */
  note?: BatchNote | null;
  /** When its wait was announced (ms). */
  waitingSince?: number | undefined;
  /** Imported from this window a moment ago: its title takes the focus. */
  justImported?: boolean;
  onAct: (id: string, action: 'pause' | 'resume') => void;
  onSave: (id: string) => void;
  /** Start and Cancel are asked first; `heading` takes the focus back once answered. */
  onAsk: (batch: KytBatchView, action: AskedAction, heading: HTMLElement | null) => void;
  onFocused: () => void;
}) {
  const titleId = useId();
  const problemsId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const left = useSecondsLeft(batch.waitingSeconds, waitingSince);
  const actions = batchActions(batch);
  const share = progressShare(batch);
  const problems = problemCount(batch);
  const name = visibleFileName(batch.fileName);

  // The batch just imported from this window is where the investigator goes on: focused once the
  // import dialog has closed (in this same update), which would otherwise take the focus back.
  useEffect(() => {
    if (!justImported) return;
    const frame = requestAnimationFrame(() => {
      heading.current?.focus();
      onFocused();
    });
    return () => cancelAnimationFrame(frame);
  }, [justImported, onFocused]);

  // Start, Pause and Resume share one button, so the keyboard's focus stays on it as it changes.
  const toggle = actions.start
    ? { label: 'Start sending…', kind: 'start' as const }
    : actions.pause
      ? { label: 'Pause', kind: 'pause' as const }
      : actions.resume
        ? { label: 'Resume', kind: 'resume' as const }
        : null;

  return (
    <article
      className="kyt-batch"
      aria-labelledby={titleId}
      data-testid="kyt-batch"
      data-batch-id={batch.id}
      data-state={batch.state}
    >
      <header className="kyt-batch-head">
        <h3 id={titleId} ref={heading} tabIndex={-1} className="kyt-batch-title">
          <FileName name={batch.fileName} clamped testId="kyt-batch-file" />
        </h3>
        <span
          className={`pill pill-${STATE_TONE[batch.state]}`}
          data-testid="kyt-batch-state"
          data-state={batch.state}
        >
          {STATE_LABEL[batch.state]}
        </span>
        <span className="kyt-batch-muted">
          {formatName(batch.format)} · imported <DateText value={batch.createdAt} style="short" />
        </span>
      </header>

      <div className="kyt-batch-progress">
        <ProgressBar
          share={share === null ? 0 : share}
          label={`${name}: ${progressText(batch)}`}
          testId="kyt-batch-progress"
        />
        <p className="kyt-batch-progress-text" data-testid="kyt-batch-progress-text">
          {progressText(batch)}
          {left !== null && (
            <span className="kyt-batch-waiting" role="status" data-testid="kyt-batch-waiting">
              {' '}
              · {waitingText(left)}
            </span>
          )}
        </p>
      </div>

      <dl className="kyt-batch-figures">
        {batchFigures(batch).map((figure) => (
          <div
            key={figure.key}
            className={`kyt-batch-figure is-${figure.tone}`}
            data-testid={`kyt-batch-count-${figure.key}`}
            data-value={figure.value}
          >
            <dt>{figure.label}</dt>
            <dd>{formatCount(figure.value)}</dd>
          </div>
        ))}
      </dl>

      {batch.reason && (
        <Banner tone={reasonTone(batch)} testId="kyt-batch-reason">
          <ServiceText text={batch.reason} lines={0} />
        </Banner>
      )}
      {batch.inDoubt > 0 && (
        <p className="kyt-batch-in-doubt">
          <a
            className="record-link"
            href={inDoubtHref(batch.id)}
            data-testid="kyt-batch-in-doubt-link"
          >
            {inDoubtLinkText(batch.inDoubt)}
          </a>
        </p>
      )}
      {note?.kind === 'saved' && (
        <p className="kyt-batch-saved" role="status" data-testid="kyt-batch-saved">
          Saved <FileName name={note.fileName} testId="kyt-batch-saved-name" /> in the profile’s
          download folder.
        </p>
      )}
      {note?.kind === 'failed' && (
        <Banner tone="danger" title={FAILED_ACTION[note.action]} testId="kyt-batch-failed">
          <ServiceText text={note.text} lines={0} />
        </Banner>
      )}

      <div className="kyt-batch-actions" role="group" aria-label={`Actions on ${name}`}>
        {toggle && (
          <Button
            variant={toggle.kind === 'pause' ? 'secondary' : 'primary'}
            aria-busy={busy === toggle.kind || undefined}
            data-testid={`kyt-batch-${toggle.kind}`}
            onClick={() => {
              if (toggle.kind === 'start') onAsk(batch, 'start', heading.current);
              else onAct(batch.id, toggle.kind);
            }}
          >
            {busy === toggle.kind && <span className="spinner" aria-hidden="true" />}
            {toggle.label}
          </Button>
        )}
        {actions.cancel && (
          <Button
            data-testid="kyt-batch-cancel"
            aria-busy={busy === 'cancel' || undefined}
            onClick={() => onAsk(batch, 'cancel', heading.current)}
          >
            Cancel…
          </Button>
        )}
        <Button
          variant="ghost"
          aria-expanded={problemsOpen}
          aria-controls={problemsOpen ? problemsId : undefined}
          data-testid="kyt-batch-problems-toggle"
          onClick={() => setProblemsOpen((open) => !open)}
        >
          Problems ({formatCount(problems)})
        </Button>
        <Button
          variant="ghost"
          aria-busy={busy === 'save' || undefined}
          data-testid="kyt-batch-save"
          onClick={() => onSave(batch.id)}
        >
          {busy === 'save' && <span className="spinner" aria-hidden="true" />}
          Save result file
        </Button>
      </div>

      {problemsOpen && <BatchProblems batch={batch} id={problemsId} />}
    </article>
  );
}
