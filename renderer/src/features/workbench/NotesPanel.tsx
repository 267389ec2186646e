import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { NoteTarget, NoteView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { ErrorState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useShortcuts } from '../../lib/shortcuts';
import { useCached } from '../../lib/use-cached';
import { NoteText } from './NoteText';
import { shownNotes, withEdited, withOlderPage, type OlderNotes } from './note-pages';
import { DRAFT_LABELS, useKeptDraft } from './use-kept-draft';
import { useNotesAdded } from './use-note-count';
import './workbench.css';

/** Notes one "Show older" reads: the page the bridge answers when none is asked for. */
const NOTES_READ = 50;

const TARGET_WORDS: Record<NoteTarget['kind'], string> = {
  alert: 'this alert',
  customer: 'this customer',
  thread: 'this thread',
  document: 'this document',
};

/** Says on every note surface where notes live: the service never sees them. */
export function KeptLocallyBadge() {
  return (
    <span className="wb-local-badge" data-testid="kept-locally">
      Kept in CaseDesk, not on the service
    </span>
  );
}

/**
 * The investigator's notes on one record: read, added, edited. What is typed is kept as it is
 * typed (a draft per field), so a crash loses nothing; a saved note or edit is a journal entry.
 */
export function NotesPanel({
  target,
  shortcutGroup,
}: {
  target: NoteTarget;
  shortcutGroup?: string;
}) {
  const key = `${target.kind}:${target.id}`;
  // The newest page, read again when a note is added or edited and when the cache changes; older
  // pages are read on request and kept while the record is shown (a customer may carry thousands).
  const newest = useCached(`notes:${key}`, () => unwrap(api.workbench.notes({ target })));
  const [older, setOlder] = useState<OlderNotes | null>(null);
  const [reading, setReading] = useState(false);
  const [olderError, setOlderError] = useState<{ key: string; message: string } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();

  useShortcuts(
    shortcutGroup
      ? [
          {
            keys: 'n',
            description: `Write a note on ${TARGET_WORDS[target.kind]}`,
            group: shortcutGroup,
            run: () => field.current?.focus(),
          },
        ]
      : [],
  );

  const shown = newest.data ? shownNotes(newest.data, older, key) : null;
  const list = shown?.notes ?? [];
  const total = shown?.total ?? 0;
  const showOlder = () => {
    const last = list.at(-1);
    if (reading || !last) return;
    const before = list;
    setReading(true);
    setOlderError(null);
    unwrap(api.workbench.notes({ target, before: last.id }))
      .then((page) => setOlder(withOlderPage(key, before, page)))
      .catch((caught: unknown) => setOlderError({ key, message: errorMessage(caught) }))
      .finally(() => setReading(false));
  };
  const edited = (note: NoteView) => {
    setOlder((kept) => withEdited(kept, note));
    newest.reload();
  };
  return (
    <section className="wb-card" aria-labelledby={titleId} data-testid="notes-panel">
      <header className="wb-card-head">
        <h2 id={titleId} className="wb-card-title">
          Notes
        </h2>
        <KeptLocallyBadge />
      </header>
      <NewNote
        target={target}
        fieldRef={field}
        onAdded={() => {
          newest.reload();
          useNotesAdded.getState().noteAdded();
        }}
      />
      {newest.status === 'error' && !newest.data ? (
        <ErrorState error={newest.error} onRetry={newest.reload} />
      ) : list.length === 0 ? (
        <p className="wb-empty" data-testid="notes-empty">
          {newest.status === 'loading'
            ? 'Reading notes…'
            : `No notes on ${TARGET_WORDS[target.kind]} yet.`}
        </p>
      ) : (
        <>
          <p className="wb-count" data-testid="notes-count">
            {total === 1 ? '1 note' : `${total.toLocaleString()} notes`}, newest first
            {list.length < total && `; the newest ${list.length.toLocaleString()} shown`}
          </p>
          <ol className="wb-notes">
            {list.map((note) => (
              <NoteItem key={note.id} note={note} onEdited={edited} />
            ))}
          </ol>
          {shown?.more && (
            <Button variant="ghost" onClick={showOlder} busy={reading} data-testid="notes-more">
              Show {Math.min(NOTES_READ, total - list.length).toLocaleString()} older notes
            </Button>
          )}
          {olderError?.key === key && (
            <p className="field-error" role="alert" data-testid="notes-more-error">
              {olderError.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Ctrl+Enter (⌘+Enter) saves from a note's field, as in a mail client. */
const savesOn = (event: KeyboardEvent, save: () => void) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    save();
  }
};

function NewNote({
  target,
  fieldRef,
  onAdded,
}: {
  target: NoteTarget;
  fieldRef: React.RefObject<HTMLTextAreaElement | null>;
  onAdded: () => void;
}) {
  const draft = useKeptDraft(`new:${target.kind}:${target.id}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const save = () => {
    if (busy || draft.text.trim() === '') return;
    setBusy(true);
    setError('');
    draft
      .settle()
      .then(() => unwrap(api.workbench.addNote({ target, text: draft.text })))
      .then(() => {
        draft.clear();
        onAdded();
      })
      .catch((caught: unknown) => setError(errorMessage(caught)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="wb-new-note">
      <label htmlFor={id} className="field-label">
        New note
      </label>
      <textarea
        id={id}
        ref={fieldRef}
        className="wb-textarea"
        rows={3}
        value={draft.text}
        onChange={(event) => draft.change(event.target.value)}
        onKeyDown={(event) => savesOn(event, save)}
        placeholder="What you saw, what you checked, what is still open…"
        aria-describedby={`${id}-hint`}
        data-testid="new-note-text"
      />
      <div className="wb-field-foot">
        <p id={`${id}-hint`} className="field-hint">
          Link records by writing <code>alert:ID</code>, <code>customer:ID</code>,{' '}
          <code>thread:ID</code>.{' '}
          <span data-testid="new-note-draft">{DRAFT_LABELS[draft.state]}</span>
        </p>
        <Button
          variant="primary"
          onClick={save}
          busy={busy}
          disabled={draft.text.trim() === ''}
          data-testid="add-note"
        >
          Add note <kbd>Ctrl+Enter</kbd>
        </Button>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="note-error">
          {error}
        </p>
      )}
    </div>
  );
}

function NoteItem({ note, onEdited }: { note: NoteView; onEdited: (note: NoteView) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="wb-note" data-testid="note" data-note-id={note.id}>
      <div className="wb-note-meta">
        <span className="wb-note-author">{note.author}</span>
        <DateText value={note.createdAt} />
        {note.edits > 0 && (
          <span data-testid="note-edited">
            · edited {note.edits === 1 ? 'once' : `${note.edits} times`}, last{' '}
            <DateText value={note.updatedAt} />
          </span>
        )}
        {!editing && (
          <Button
            variant="ghost"
            className="wb-note-edit"
            onClick={() => setEditing(true)}
            aria-label={`Edit the note of ${new Date(note.createdAt).toLocaleString()}`}
            data-testid="edit-note"
          >
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <EditNote
          note={note}
          onDone={(saved) => {
            setEditing(false);
            onEdited(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <NoteText segments={note.segments} testId="note-text" />
      )}
    </li>
  );
}

function EditNote({
  note,
  onDone,
  onCancel,
}: {
  note: NoteView;
  onDone: (saved: NoteView) => void;
  onCancel: () => void;
}) {
  const draft = useKeptDraft(`edit:${note.id}`, note.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const save = () => {
    if (busy || draft.text.trim() === '') return;
    setBusy(true);
    setError('');
    draft
      .settle()
      .then(() => unwrap(api.workbench.editNote({ id: note.id, text: draft.text })))
      .then((saved) => {
        draft.clear();
        onDone(saved);
      })
      .catch((caught: unknown) => setError(errorMessage(caught)))
      .finally(() => setBusy(false));
  };
  const cancel = () => {
    void draft.settle().then(() => api.workbench.discardDraft({ key: `edit:${note.id}` }));
    draft.clear();
    onCancel();
  };
  return (
    <div className="wb-edit-note">
      <label htmlFor={id} className="visually-hidden">
        Edit the note
      </label>
      <textarea
        id={id}
        className="wb-textarea"
        rows={4}
        autoFocus
        value={draft.text}
        onChange={(event) => draft.change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            cancel();
          }
          savesOn(event, save);
        }}
        data-testid="edit-note-text"
      />
      <div className="wb-field-foot">
        <p className="field-hint">
          The earlier text stays in the journal. {DRAFT_LABELS[draft.state]}
        </p>
        <span className="wb-actions">
          <Button variant="ghost" onClick={cancel} data-testid="cancel-edit-note">
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={save}
            busy={busy}
            disabled={draft.text.trim() === ''}
            data-testid="save-note"
          >
            Save edit
          </Button>
        </span>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
