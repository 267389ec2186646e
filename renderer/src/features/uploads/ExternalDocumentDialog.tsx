import { useState, type FormEvent } from 'react';
import type { DocumentFacets } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useModalDialog } from '../../components/use-modal-dialog';
import { TagInput } from '../../components/TagInput';
import {
  displayNameFromFileName,
  draftErrors,
  externalErrors,
  fileNameFromUrl,
  type DraftErrors,
  type ExternalErrors,
} from './upload-rules';
import { useUploads } from './upload-store';

interface Draft {
  url: string;
  size: string;
  fileName: string;
  displayName: string;
  customerExternalId: string;
  tags: string[];
}

const empty = (customerExternalId: string): Draft => ({
  url: '',
  size: '',
  fileName: '',
  displayName: '',
  customerExternalId,
  tags: [],
});

/**
 * Files a document kept elsewhere by its address and size: no bytes are sent. The upload joins
 * the form's list, where its progress shows.
 */
export function ExternalDocumentDialog({
  open,
  onClose,
  scope,
  customerExternalId,
  askCustomer,
  facets,
}: {
  open: boolean;
  onClose: () => void;
  scope: string;
  customerExternalId: string;
  askCustomer: boolean;
  facets: DocumentFacets | null;
}) {
  const fileExternal = useUploads((state) => state.fileExternal);
  const [draft, setDraft] = useState<Draft>(() => empty(customerExternalId));
  const [errors, setErrors] = useState<ExternalErrors & DraftErrors>({});
  // Names follow the address until the investigator types one of their own.
  const [typed, setTyped] = useState({ fileName: false, displayName: false });
  const ref = useModalDialog(open, {
    onShown: () => {
      setDraft(empty(customerExternalId));
      setErrors({});
      setTyped({ fileName: false, displayName: false });
    },
  });
  const findErrors = (fields: Draft) => ({ ...externalErrors(fields), ...draftErrors(fields) });
  const change = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Once shown, messages follow the fields, so a corrected field loses its message at once.
    if (Object.keys(errors).length) setErrors(findErrors(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = findErrors(draft);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    void fileExternal(scope, {
      url: draft.url.trim(),
      size: Number(draft.size.trim()),
      fileName: draft.fileName.trim(),
      displayName: draft.displayName.trim(),
      customerExternalId: draft.customerExternalId.trim(),
      tags: draft.tags,
    });
    onClose();
  };

  return (
    <dialog
      ref={ref}
      className="dialog document-dialog"
      aria-labelledby="external-document-title"
      data-testid="external-document-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id="external-document-title" className="dialog-title">
          File an external document
        </h2>
        <div className="dialog-body document-dialog-fields">
          <p>
            The service records the address and size; CaseDesk sends no file. Downloading it later
            shows this address instead of opening it.
          </p>
          <TextField
            label="Address (URL)"
            type="url"
            value={draft.url}
            placeholder="https://records.example.com/statement.pdf"
            error={errors.url}
            autoFocus
            data-testid="external-url"
            onChange={(event) => change({ url: event.target.value })}
            onBlur={() => {
              if (typed.fileName) return;
              const fileName = fileNameFromUrl(draft.url.trim());
              change({
                fileName,
                ...(typed.displayName
                  ? {}
                  : { displayName: fileName ? displayNameFromFileName(fileName) : '' }),
              });
            }}
          />
          <TextField
            label="Size in bytes"
            inputMode="numeric"
            value={draft.size}
            placeholder="e.g. 245760"
            error={errors.size}
            data-testid="external-size"
            onChange={(event) => change({ size: event.target.value })}
          />
          <TextField
            label="File name"
            value={draft.fileName}
            maxLength={255}
            error={errors.fileName}
            data-testid="external-file-name"
            onChange={(event) => {
              setTyped((current) => ({ ...current, fileName: true }));
              change({ fileName: event.target.value });
            }}
            onBlur={() => {
              if (!typed.displayName && draft.fileName.trim())
                change({ displayName: displayNameFromFileName(draft.fileName) });
            }}
          />
          <TextField
            label="Display name"
            value={draft.displayName}
            maxLength={512}
            error={errors.displayName}
            data-testid="external-display-name"
            onChange={(event) => {
              setTyped((current) => ({ ...current, displayName: true }));
              change({ displayName: event.target.value });
            }}
          />
          {askCustomer && (
            <TextField
              label="Customer (external id)"
              value={draft.customerExternalId}
              maxLength={256}
              error={errors.customerExternalId}
              data-testid="external-customer"
              onChange={(event) => change({ customerExternalId: event.target.value })}
            />
          )}
          <TagInput
            label="Tags"
            tags={draft.tags}
            suggestions={facets?.tags ?? []}
            onChange={(tags) => change({ tags })}
            error={errors.tags}
            testId="external-tags"
            className="field"
          />
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" data-testid="external-file">
            File document
          </Button>
        </div>
      </form>
    </dialog>
  );
}
