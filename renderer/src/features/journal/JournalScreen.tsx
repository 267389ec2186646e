import { useId, useState, type FormEvent } from 'react';
import type { JournalEntryView, JournalVerification } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { Screen } from '../../components/Screen';
import { ServiceText } from '../../components/ServiceText';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import type { Route } from '../../lib/routes';
import { useCached } from '../../lib/use-cached';
import './journal.css';
import { HeadCheck } from './HeadCheck';

/** Entries shown; the whole journal goes out with `npm run cli -- journal export`. */
const SHOWN = 200;

const ACTIONS: Record<string, string> = {
  'note.added': 'Note added',
  'note.edited': 'Note edited',
  'proposal.made': 'Decision proposed',
  'proposal.withdrawn': 'Proposal withdrawn',
};

/** Where an entry's subject opens, when it names a record a screen shows. */
function subjectRoute(subject: string): Route | null {
  const at = subject.indexOf(':');
  const kind = subject.slice(0, at);
  const id = subject.slice(at + 1);
  if (at <= 0 || id === '') return null;
  if (kind === 'alert') return { screen: 'alert', id };
  if (kind === 'customer') return { screen: 'customer', externalId: id, tab: 'notes' };
  if (kind === 'thread') return { screen: 'thread', id };
  return null;
}

/** What an entry says in a line: a note's text, a proposal's reason. */
function gist(entry: JournalEntryView): string {
  const body = entry.body;
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const said = record.text ?? record.reason;
  return typeof said === 'string' ? said.replace(/\s+/g, ' ') : '';
}

/**
 * The profile's journal: the newest entries and whether the chain still holds. Each entry holds
 * the hash of the one before it, so an entry changed or removed behind CaseDesk's back breaks the
 * chain, and the check names the first entry that does not hold.
 */
export function JournalScreen() {
  const entries = useCached('journal:recent', () => unwrap(api.journal.recent({ limit: SHOWN })));
  const check = useCached('journal:verify', () => unwrap(api.journal.verify()));
  return (
    <Screen
      title="Journal"
      subtitle="Every note, edit and proposal, in the order it was made. Kept in CaseDesk, not on the service; no entry is ever changed or removed."
      testId="journal-screen"
      actions={
        <Button onClick={check.reload} data-testid="journal-verify">
          Check the chain again
        </Button>
      }
    >
      <div className="journal-view">
        <AnalystName />
        <Verification check={check.data} loading={check.status === 'loading'} error={check.error} />
        <HeadCheck />
        {entries.status === 'loading' && !entries.data ? (
          <LoadingState label="Reading the journal…" />
        ) : entries.status === 'error' && !entries.data ? (
          <ErrorState error={entries.error} onRetry={entries.reload} />
        ) : !entries.data || entries.data.length === 0 ? (
          <EmptyState title="Nothing recorded yet" testId="journal-empty">
            Notes and proposed decisions are recorded here as they are made.
          </EmptyState>
        ) : (
          <div className="table-frame">
            <table className="journal-table" aria-label="Journal entries, newest first">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">About</th>
                  <th scope="col">Record</th>
                </tr>
              </thead>
              <tbody>
                {entries.data.map((entry) => (
                  <JournalRow key={entry.seq} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {entries.data && entries.data.length >= SHOWN && (
          <p className="journal-more">
            The newest {SHOWN} entries. The whole journal:{' '}
            <code>npm run cli -- journal export</code>.
          </p>
        )}
      </div>
    </Screen>
  );
}

function JournalRow({ entry }: { entry: JournalEntryView }) {
  const route = subjectRoute(entry.subject);
  return (
    <tr data-testid="journal-entry" data-seq={entry.seq}>
      <td className="mono">{entry.seq}</td>
      <td>
        <DateText value={entry.at} />
      </td>
      <td>
        <ServiceText text={entry.actor} />
      </td>
      <td>{ACTIONS[entry.action] ?? entry.action}</td>
      <td className="mono">
        {route ? (
          <RecordLink to={route}>
            <ServiceText text={entry.subject} />
          </RecordLink>
        ) : (
          <ServiceText text={entry.subject} />
        )}
      </td>
      <td className="journal-gist">
        <ServiceText text={gist(entry)} />
      </td>
    </tr>
  );
}

/**
 * The name this installation signs its notes and proposals with: the computer's account name
 * until one is given. Earlier entries keep the name they were made under.
 */
function AnalystName() {
  const analyst = useCached('workbench:analyst', () => unwrap(api.workbench.analyst()));
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const name = analyst.data?.name ?? '';
  const value = draft ?? name;
  const save = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    unwrap(api.workbench.setAnalyst({ name: value }))
      .then(() => {
        setDraft(null);
        analyst.reload();
      })
      .catch((caught: unknown) => setError(errorMessage(caught)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="journal-analyst" onSubmit={save} data-testid="analyst-form">
      <label htmlFor={id} className="field-label">
        Your name in the journal
      </label>
      <input
        id={id}
        className="journal-analyst-input"
        value={value}
        maxLength={120}
        onChange={(event) => setDraft(event.target.value)}
        aria-describedby={`${id}-hint`}
        data-testid="analyst-name"
      />
      <Button
        type="submit"
        busy={busy}
        disabled={value.trim() === '' || value === name}
        data-testid="analyst-save"
      >
        Save name
      </Button>
      <p
        id={`${id}-hint`}
        className={error ? 'field-error' : 'field-hint'}
        role={error ? 'alert' : undefined}
      >
        {error ||
          'Notes and proposals made from now on carry this name; entries already made keep theirs.'}
      </p>
    </form>
  );
}

function Verification({
  check,
  loading,
  error,
}: {
  check: JournalVerification | null;
  loading: boolean;
  error: unknown;
}) {
  if (error && !check) return <ErrorState error={error} />;
  if (!check) return loading ? <LoadingState label="Checking the chain…" /> : null;
  if (check.state === 'intact')
    return (
      <Banner tone="success" title="The chain holds" testId="journal-intact">
        {check.entries === 1 ? '1 entry' : `${check.entries.toLocaleString()} entries`}, each
        following the one before it. Last hash{' '}
        <span className="mono journal-hash">{check.head}</span>
      </Banner>
    );
  return (
    <Banner tone="danger" title={`Broken at entry ${check.firstBroken}`} testId="journal-broken">
      {check.reason.charAt(0).toUpperCase() + check.reason.slice(1)}. The journal was changed
      outside CaseDesk; entries from {check.firstBroken} on cannot be trusted. Keep this profile’s
      folder as it is and tell whoever audits your work.
    </Banner>
  );
}
