import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/StateViews';
import type { DroppedFile } from '../../lib/local-files';
import { lastPageOffset } from './document-filter';
import { DocumentResults } from './DocumentResults';
import { UploadActions, customerScope, UploadPanel } from '../uploads';
import { useDocumentFacets, useDocumentSearch } from './use-document-search';
import './documents.css';

/**
 * A customer's documents: the documents search for this customer (so pending uploads, edits and
 * deletes show as on the documents screen), with the form for files dropped on the customer.
 */
export function CustomerDocuments({
  externalId,
  name,
  onFiles,
}: {
  externalId: string;
  name: string;
  onFiles: (files: DroppedFile[]) => void;
}) {
  const filter = useMemo(() => ({ customerExternalId: externalId }), [externalId]);
  const [offset, setOffset] = useState(0);
  const read = useDocumentSearch(filter, offset);
  // The last document of the last page deleted: step back to the page that is left.
  const total = read.data?.total ?? 0;
  const pastTheEnd = read.data !== null && read.data.rows.length === 0 && offset > 0;
  // Adjusted while rendering (React's pattern for state that follows new data), not in an effect.
  if (pastTheEnd && lastPageOffset(total) !== offset) setOffset(lastPageOffset(total));
  const facets = useDocumentFacets();
  const scope = customerScope(externalId);

  return (
    <div className="customer-documents" data-testid="customer-documents">
      <div className="documents-toolbar">
        <UploadActions
          scope={scope}
          customerExternalId={externalId}
          askCustomer={false}
          facets={facets}
          onFiles={onFiles}
        />
        <span className="documents-toolbar-hint">Or drop files anywhere on this customer.</span>
      </div>
      <UploadPanel scope={scope} target={name} facets={facets} askCustomer={false} />
      <DocumentResults
        read={read}
        offset={offset}
        onPage={setOffset}
        facets={facets}
        showCustomer={false}
        shortcutGroup="Customer documents"
        openCustomerOnEnter={false}
        empty={
          <EmptyState title="No documents" testId="documents-empty">
            No document is filed on this customer in the cache. Drop files here to file one.
          </EmptyState>
        }
        label={`Documents of ${name}`}
        rowTestId="customer-document"
        pagerTestId="customer-documents"
      />
    </div>
  );
}
