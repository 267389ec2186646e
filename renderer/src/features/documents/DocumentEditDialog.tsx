import { useState, type FormEvent } from 'react';
import type { DocumentFacets, DocumentRowView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useModalDialog } from '../../components/use-modal-dialog';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { TagInput } from '../../components/TagInput';
import { MAX_DISPLAY_NAME } from '../uploads';
import { ServiceText } from '../../components/ServiceText';
import { FileName } from '../../components/FileName';

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/**
 * A document's display name and tags, the two things the service lets change. The change waits
 * in the outbox until the service takes it, so it works offline; the list marks it pending.
 */
export function DocumentEditDialog({
  document,
  facets,
  onClose,
}: {
  document: DocumentRowView | null;
  facets: DocumentFacets | null;
  onClose: () => void;
}) {
  const [displayName, setDisplayName] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missingName, setMissingName] = useState(false);
  const ref = useModalDialog(document !== null, {
    onShown: () => {
      setDisplayName(document?.displayName ?? '');
      setTags(document?.tags ?? []);
      setError(null);
      setMissingName(false);
    },
  });
  const nameError =
    fieldErrors(error).displayName ??
    (missingName && !displayName.trim() ? 'Give the document a display name.' : undefined);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!document) return;
    const name = displayName.trim();
    if (!name) {
      setMissingName(true);
      return;
    }
    const change = {
      ...(name !== document.displayName ? { displayName: name } : {}),
      ...(!sameTags(tags, document.tags) ? { tagCodes: tags } : {}),
    };
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.documents.update({ id: document.id, ...change }));
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog document-dialog"
      aria-labelledby="document-edit-title"
      data-testid="document-edit-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <h2 id="document-edit-title" className="dialog-title">
          Edit document
        </h2>
        <div className="dialog-body document-dialog-fields">
          {document && (
            <p className="document-dialog-file">
              <FileName name={document.fileName} className="mono" /> of customer{' '}
              <ServiceText text={document.customerExternalId} className="mono" />
            </p>
          )}
          {error !== null && !fieldErrors(error).displayName && (
            <Banner tone="danger" testId="document-edit-error">
              {errorMessage(error)}
            </Banner>
          )}
          <TextField
            label="Display name"
            value={displayName}
            maxLength={MAX_DISPLAY_NAME}
            error={nameError}
            autoFocus
            data-testid="edit-display-name"
            onChange={(event) => setDisplayName(event.target.value)}
          />
          <TagInput
            label="Tags"
            tags={tags}
            suggestions={facets?.tags ?? []}
            onChange={setTags}
            error={fieldErrors(error).tagCodes}
            testId="edit-tags"
            className="field"
          />
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="edit-save">
            Save
          </Button>
        </div>
      </form>
    </dialog>
  );
}
