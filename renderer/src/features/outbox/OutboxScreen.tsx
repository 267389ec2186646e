import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutboxItemView, UploadProgress } from '../../../../preload/contract';
import { useShortcuts } from '../../lib/shortcuts';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { formatBytes, formatCount } from '../../lib/format';
import { DateText } from '../../components/DateText';
import { useAction } from '../../lib/use-action';
import { ProgressBar } from '../../components/ProgressBar';
import {
  DISCARD_IN_DOUBT,
  STATE_PILL,
  canDiscard,
  canRetry,
  countItems,
  outboxSections,
} from './outbox-labels';
import { useOutbox } from './outbox-store';
import './outbox.css';
import { ServiceText } from '../../components/ServiceText';

const GROUP = 'Outbox';

type ListState =
  | { status: 'loading'; items: null; error: null }
  | { status: 'ready'; items: OutboxItemView[]; error: null }
  | { status: 'error'; items: OutboxItemView[] | null; error: unknown };

/** The active profile's outbox, read again whenever main says it changed. */
function useOutboxItems() {
  const version = useOutbox((state) => state.version);
  const [list, setList] = useState<ListState>({ status: 'loading', items: null, error: null });
  const generation = useRef(0);
  const load = useCallback(() => {
    const mine = ++generation.current;
    unwrap(api.outbox.list()).then(
      (items) => {
        if (mine !== generation.current) return;
        setList({ status: 'ready', items, error: null });
        // The list just read is the newest word on the counts too: the rail agrees with it.
        useOutbox.setState({ counts: countItems(items) });
      },
      (error: unknown) => {
        if (mine === generation.current)
          setList((previous) => ({ status: 'error', items: previous.items, error }));
      },
    );
  }, []);
  useEffect(() => load(), [version, load]);
  return { list, reload: load };
}

/** An upload's bytes going out; shown only while main reports them moving. */
function SendProgress({ item, progress }: { item: OutboxItemView; progress?: UploadProgress }) {
  // Only an upload's bytes are reported (the item's id is the upload's request id).
  if (item.state !== 'sending' || progress?.phase !== 'sending') return null;
  const known = progress.total > 0;
  return (
    <span className="outbox-progress">
      <ProgressBar
        share={known ? Math.min(1, progress.done / progress.total) : null}
        label={`Upload of ${item.summary}`}
        testId="outbox-progress"
      />
      {known && (
        <span className="outbox-progress-text">
          {formatBytes(progress.done)} of {formatBytes(progress.total)}
        </span>
      )}
    </span>
  );
}

/** Why the last try did not get through, and what happens next. */
function lastErrorText(item: OutboxItemView): string | null {
  if (!item.lastError || item.state === 'done') return null;
  if (item.state === 'failed') return item.lastError;
  if (item.state === 'sending')
    return `Last try: ${item.lastError} CaseDesk asks the service whether it arrived before sending it again.`;
  return `Last try: ${item.lastError}`;
}

function OutboxRow({
  item,
  selected,
  progress,
  busy,
  onSelect,
  onRetry,
  onDiscard,
}: {
  item: OutboxItemView;
  selected: boolean;
  progress?: UploadProgress;
  busy: boolean;
  onSelect: () => void;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const pill = STATE_PILL[item.state];
  const errorText = lastErrorText(item);
  return (
    <tr
      ref={ref}
      className={`outbox-row outbox-row-${item.state}${selected ? ' is-selected' : ''}`}
      aria-selected={selected}
      data-testid="outbox-item"
      data-outbox-id={item.id}
      data-kind={item.kind}
      data-state={item.state}
      onMouseDown={onSelect}
    >
      <td className="outbox-what">
        <ServiceText
          text={item.summary}
          lines={2}
          className="outbox-summary"
          testId="outbox-summary"
        />
        <span className="outbox-kind">{item.label}</span>
      </td>
      <td className="outbox-state">
        <span className={`pill pill-${pill.tone}`} data-testid="outbox-state">
          {pill.label}
        </span>
        <SendProgress item={item} progress={progress} />
        {errorText && (
          <span
            className={`outbox-error${item.state === 'failed' ? '' : ' outbox-error-earlier'}`}
            data-testid="outbox-error"
          >
            {errorText}
          </span>
        )}
      </td>
      <td className="num" data-testid="outbox-attempts">
        {formatCount(item.attempts)}
      </td>
      <td className="outbox-time">
        <DateText value={item.createdAt} style="relative" />
      </td>
      <td className="outbox-time">
        <DateText value={item.updatedAt} style="relative" />
      </td>
      <td className="outbox-actions">
        {canRetry(item) && (
          <Button
            className="outbox-action"
            onClick={onRetry}
            // Kept enabled while busy, so the keyboard's focus stays on it.
            aria-busy={busy || undefined}
            data-testid="outbox-retry"
            title="Send it again (r)"
          >
            Retry
          </Button>
        )}
        {canDiscard(item) && (
          <Button
            variant="ghost"
            className="outbox-action btn-danger-quiet"
            onClick={onDiscard}
            data-testid="outbox-discard"
            title="Discard it (Delete)"
          >
            Discard
          </Button>
        )}
      </td>
    </tr>
  );
}

function SectionRow({ title, count }: { title: string; count: number }) {
  return (
    <tr className="outbox-section">
      <th scope="rowgroup" colSpan={6}>
        {title} <span className="outbox-section-count">{formatCount(count)}</span>
      </th>
    </tr>
  );
}

/** Uploads, edits and deletes waiting for the service, what became of them, and retry/discard. */
export function OutboxScreen() {
  const { list, reload } = useOutboxItems();
  const progress = useOutbox((state) => state.progress);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItemView | null>(null);
  const action = useAction<'retry' | 'discard'>();
  // "2 minutes ago" stays true while the screen is open.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const items = list.items ?? [];
  const { unsent, sent } = outboxSections(items);
  const ordered = [...unsent, ...sent];
  const index = Math.max(
    0,
    ordered.findIndex((item) => item.id === selectedId),
  );
  const current = ordered[index];
  const counts = countItems(items);

  const move = (step: number) => {
    if (ordered.length === 0) return;
    const next = ordered[Math.max(0, Math.min(ordered.length - 1, index + step))];
    if (next) setSelectedId(next.id);
  };
  const retry = (item: OutboxItemView | undefined) => {
    if (!item || !canRetry(item)) return;
    setSelectedId(item.id);
    // Read again afterwards rather than trusting the answer: the send it starts may already have
    // ended, and its events come before this answer does.
    void action.run('retry', async () => {
      await unwrap(api.outbox.retry({ id: item.id }));
      reload();
    });
  };
  const askDiscard = (item: OutboxItemView | undefined) => {
    if (!item || !canDiscard(item)) return;
    setSelectedId(item.id);
    setDiscarding(item);
  };
  const discard = () => {
    const item = discarding;
    if (!item) return;
    void action.run('discard', async () => {
      try {
        await unwrap(api.outbox.discard({ id: item.id }));
        reload();
      } finally {
        setDiscarding(null);
      }
    });
  };

  useShortcuts([
    { keys: 'j', description: 'Next change', group: GROUP, run: () => move(1) },
    { keys: 'k', description: 'Previous change', group: GROUP, run: () => move(-1) },
    {
      keys: 'ArrowDown',
      description: 'Next change',
      group: GROUP,
      hidden: true,
      run: () => move(1),
    },
    {
      keys: 'ArrowUp',
      description: 'Previous change',
      group: GROUP,
      hidden: true,
      run: () => move(-1),
    },
    {
      keys: 'r',
      description: 'Retry the selected change',
      group: GROUP,
      run: () => retry(current),
    },
    {
      keys: 'Delete',
      description: 'Discard the selected change',
      group: GROUP,
      run: () => askDiscard(current),
    },
  ]);

  let body;
  if (list.status === 'loading') body = <LoadingState label="Reading the outbox…" />;
  else if (list.status === 'error' && !list.items)
    body = <ErrorState error={list.error} onRetry={reload} />;
  else if (items.length === 0)
    body = (
      <EmptyState title="Nothing waits in the outbox" testId="outbox-empty">
        Uploads, document edits and deletes wait here while the service cannot be reached.
      </EmptyState>
    );
  else {
    const row = (item: OutboxItemView) => (
      <OutboxRow
        key={item.id}
        item={item}
        selected={item.id === current?.id}
        progress={progress[item.id]}
        busy={action.busy !== null && item.id === current?.id}
        onSelect={() => setSelectedId(item.id)}
        onRetry={() => retry(item)}
        onDiscard={() => askDiscard(item)}
      />
    );
    body = (
      <div className="table-frame">
        <table className="data-table outbox-table" aria-label="Outbox" data-testid="outbox-table">
          <colgroup>
            <col className="col-what" />
            <col className="col-state" />
            <col className="col-attempts" />
            <col className="col-time" />
            <col className="col-time" />
            <col className="col-actions" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">State</th>
              <th scope="col" className="num">
                Attempts
              </th>
              <th scope="col">Created</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {unsent.length > 0 && (
            <tbody data-testid="outbox-unsent">
              <SectionRow title="Not sent yet, in sending order" count={unsent.length} />
              {unsent.map(row)}
            </tbody>
          )}
          {sent.length > 0 && (
            <tbody data-testid="outbox-sent">
              <SectionRow title="Sent" count={sent.length} />
              {sent.map(row)}
            </tbody>
          )}
        </table>
      </div>
    );
  }

  return (
    <Screen
      title="Outbox"
      testId="outbox-screen"
      subtitle={
        list.items ? (
          <span data-testid="outbox-counts">
            {counts.pending > 0 ? `${formatCount(counts.pending)} waiting` : 'Nothing waiting'}
            {counts.failed > 0 && (
              <>
                {' · '}
                <span className="outbox-failed-count">{formatCount(counts.failed)} failed</span>
              </>
            )}
          </span>
        ) : null
      }
    >
      <p className="outbox-explainer" data-testid="outbox-explainer">
        Uploads, document edits and deletes are kept here until the service has them. They are sent
        in order as soon as the service can be reached, and again after each sync; each one once.
      </p>
      <div className="outbox-notices">
        {list.status === 'error' && list.items && (
          <Banner tone="warning" title="The outbox could not be read again">
            {errorMessage(list.error)}{' '}
            <button type="button" className="link-button" onClick={reload}>
              Try again
            </button>
          </Banner>
        )}
        {action.error !== null && (
          <Banner tone="danger" title="That did not work" testId="outbox-action-error">
            {errorMessage(action.error)}
          </Banner>
        )}
      </div>
      {body}
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this change?"
        confirmLabel="Discard"
        busy={action.busy === 'discard'}
        onConfirm={discard}
        onCancel={() => setDiscarding(null)}
      >
        {discarding && (
          <div className="outbox-discard" data-testid="outbox-discard-confirm">
            <p className="subject-box outbox-discard-summary">
              <ServiceText text={discarding.summary} lines={4} />
            </p>
            <p>{discarding.discardLoss}</p>
            {discarding.state === 'sending' && (
              <p data-testid="outbox-discard-in-doubt">{DISCARD_IN_DOUBT}</p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </Screen>
  );
}
