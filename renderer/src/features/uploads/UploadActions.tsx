import { useState } from 'react';
import type { DocumentFacets } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import type { DroppedFile } from '../../lib/local-files';
import { AddFilesButton } from './AddFilesButton';
import { ExternalDocumentDialog } from './ExternalDocumentDialog';

/** The buttons that do what a drop does, for the keyboard: pick files, or file a reference. */
export function UploadActions({
  scope,
  customerExternalId,
  askCustomer,
  facets,
  onFiles,
}: {
  scope: string;
  customerExternalId: string;
  askCustomer: boolean;
  facets: DocumentFacets | null;
  onFiles: (files: DroppedFile[]) => void;
}) {
  const [externalOpen, setExternalOpen] = useState(false);
  return (
    <>
      <AddFilesButton onFiles={onFiles} variant="primary" />
      <Button onClick={() => setExternalOpen(true)} data-testid="add-external">
        File an external document…
      </Button>
      <ExternalDocumentDialog
        open={externalOpen}
        onClose={() => setExternalOpen(false)}
        scope={scope}
        customerExternalId={customerExternalId}
        askCustomer={askCustomer}
        facets={facets}
      />
    </>
  );
}
