import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useModalDialog } from '../../components/use-modal-dialog';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { pressErrorText } from './press-errors';

/**
 * A report by its id (from a timeline event or a colleague's message): read from the local store
 * when kept, else fetched from the service (GET /press/reportbody/{id}) and kept.
 */
export function OpenByIdDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigation((state) => state.navigate);
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState(false);
  const ref = useModalDialog(open, {
    onShown: () => {
      setId('');
      setError(null);
      setMissing(false);
      setBusy(false);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = id.trim();
    if (!wanted) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const kept = await unwrap(api.press.get({ id: wanted }));
      const report = kept ?? (await unwrap(api.press.open({ id: wanted })));
      onClose();
      navigate({ screen: 'press-report', id: report.summary.id });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog press-dialog"
      aria-labelledby="press-open-title"
      data-testid="press-open-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="press-open-title" className="dialog-title">
          Open a press report by id
        </h2>
        <div className="dialog-body">
          <p className="press-dialog-hint">
            A kept report opens from the local store; any other is fetched from the service and kept
            for reading offline.
          </p>
          {error !== null && (
            <Banner tone="danger" testId="press-open-error">
              {pressErrorText(error, 'open')}
            </Banner>
          )}
          <TextField
            label="Report id"
            value={id}
            maxLength={256}
            autoFocus
            className="mono"
            error={missing && !id.trim() ? 'Give the report’s id.' : undefined}
            data-testid="press-open-id"
            onChange={(event) => setId(event.target.value)}
          />
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="press-open-submit">
            Open
          </Button>
        </div>
      </form>
    </dialog>
  );
}
