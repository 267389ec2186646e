import { useId, useState, type FormEvent } from 'react';
import type { JournalVerification } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';

/**
 * The journal checked against a head seen before (a case file prints the journal's head at
 * export): entries cut from its end, or a chain written anew whole, still leave a chain that
 * holds, and only an earlier head tells.
 */
export function HeadCheck() {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<JournalVerification | null>(null);
  const check = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setResult(null);
    unwrap(api.journal.verify({ head: text }))
      .then(setResult)
      .catch((caught: unknown) => setError(fieldErrors(caught).head ?? errorMessage(caught)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="journal-head-check" data-testid="head-check">
      <form className="journal-analyst" onSubmit={check}>
        <label htmlFor={id} className="field-label">
          A head you hold
        </label>
        <input
          id={id}
          className="journal-analyst-input mono"
          value={text}
          maxLength={200}
          placeholder="12:553a…"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          data-testid="head-check-text"
        />
        <Button
          type="submit"
          busy={busy}
          disabled={text.trim() === ''}
          data-testid="head-check-run"
        >
          Check against it
        </Button>
      </form>
      <p
        id={`${id}-hint`}
        className={error ? 'field-error' : 'field-hint'}
        role={error ? 'alert' : undefined}
      >
        {error ||
          'A case file prints the journal’s head at export (its entry and hash): the journal must still hold it. Entries cut from the end leave a chain that holds; this finds them.'}
      </p>
      {result?.state === 'intact' && (
        <Banner tone="success" title="The journal still holds this head" testId="head-check-intact">
          The entry is there with this hash, and the chain holds after it (
          {result.entries.toLocaleString()} entries).
        </Banner>
      )}
      {result?.state === 'broken' && (
        <Banner
          tone="danger"
          title={`Broken at entry ${result.firstBroken}`}
          testId="head-check-broken"
        >
          {result.reason.charAt(0).toUpperCase() + result.reason.slice(1)}. Keep this profile’s
          folder as it is and tell whoever audits your work.
        </Banner>
      )}
    </div>
  );
}
