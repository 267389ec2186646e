import { useEffect, useRef } from 'react';
import type { DocumentRowView, PendingUploadView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { formatBytes } from '../../lib/format';
import { DateText } from '../../components/DateText';
import { DownloadButton } from '../downloads';
import { RecordLink } from '../../components/RecordLink';
import { pendingChangeLabel, pendingUploadLabel, type PendingLabel } from './pending-labels';
import { fileTypeOf } from '../uploads';
import { FileName } from '../../components/FileName';
import { ServiceText } from '../../components/ServiceText';

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="documents-none">—</span>;
  return (
    <span className="documents-tags" data-testid="document-tags">
      {tags.map((tag) => (
        <span key={tag} className="tag" title={tag}>
          {tag}
        </span>
      ))}
    </span>
  );
}

function PendingPill({ label, testId }: { label: PendingLabel; testId: string }) {
  return (
    <span className="documents-pending">
      <span className={`pill pill-${label.tone}`} data-testid={testId}>
        {label.text}
      </span>
      {label.failed && (
        <span className="documents-pending-note">
          failed — see{' '}
          <RecordLink to={{ screen: 'outbox' }} testId="pending-outbox-link">
            Outbox
          </RecordLink>
        </span>
      )}
    </span>
  );
}

function CustomerCell({ externalId }: { externalId: string }) {
  return (
    <td className="documents-customer">
      <RecordLink
        to={{ screen: 'customer', externalId, tab: 'documents' }}
        className="mono"
        testId="document-customer"
      >
        {externalId}
      </RecordLink>
    </td>
  );
}

/**
 * Documents as rows, with what waits in the outbox marked: uploads not confirmed yet on top, and
 * edits and deletes on their rows.
 */
export function DocumentTable({
  rows,
  pendingUploads,
  selectedIndex,
  onSelect,
  onEdit,
  onNotes,
  onDelete,
  showCustomer,
  label,
  rowTestId = 'document-row',
}: {
  rows: DocumentRowView[];
  pendingUploads: PendingUploadView[];
  selectedIndex: number;
  onSelect: (index: number) => void;
  onEdit: (row: DocumentRowView) => void;
  /** Opens the investigator's notes on the document (kept in CaseDesk). */
  onNotes: (row: DocumentRowView) => void;
  onDelete: (row: DocumentRowView) => void;
  showCustomer: boolean;
  label: string;
  rowTestId?: string;
}) {
  const selectedRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);

  return (
    <table className="data-table documents-table" aria-label={label} data-testid="document-table">
      <colgroup>
        <col className="col-name" />
        <col className="col-file" />
        <col className="col-type" />
        <col className="col-size" />
        {showCustomer && <col className="col-customer" />}
        <col className="col-tags" />
        <col className="col-created" />
        <col className="col-actions" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Display name</th>
          <th scope="col">File name</th>
          <th scope="col">Type</th>
          <th scope="col" className="num">
            Size
          </th>
          {showCustomer && <th scope="col">Customer</th>}
          <th scope="col">Tags</th>
          <th scope="col">Created</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {pendingUploads.map((upload) => {
          const status = pendingUploadLabel(upload.state);
          return (
            <tr
              key={upload.outboxId}
              className="is-pending-upload"
              data-testid="pending-upload"
              data-file-name={upload.fileName}
            >
              <td className="documents-name-cell">
                <ServiceText text={upload.displayName} className="documents-name" />
                <PendingPill label={status} testId="pending-upload-state" />
              </td>
              <td className="mono documents-file">
                <FileName name={upload.fileName} clamped />
              </td>
              <td>{upload.external ? 'external' : fileTypeOf(upload.fileName) || '—'}</td>
              <td className="num">{formatBytes(upload.fileSize)}</td>
              {showCustomer && <CustomerCell externalId={upload.customerExternalId} />}
              <td>
                <Tags tags={upload.tags} />
              </td>
              <td className="documents-date">
                <DateText value={upload.createdAt} style="date" />
              </td>
              <td />
            </tr>
          );
        })}
        {rows.map((row, index) => {
          const selected = index === selectedIndex;
          const pending = row.pending ? pendingChangeLabel(row.pending) : null;
          const deleting = pending?.deleting === true;
          const classes = [selected ? 'is-selected' : '', deleting ? 'is-deleting' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <tr
              key={row.id}
              ref={selected ? selectedRow : undefined}
              className={classes || undefined}
              aria-selected={selected}
              data-testid={rowTestId}
              data-document-id={row.id}
              data-pending={row.pending?.kind ?? undefined}
              onMouseDown={() => onSelect(index)}
            >
              <td className="documents-name-cell">
                <ServiceText
                  text={row.displayName || row.fileName}
                  className="documents-name"
                  testId="document-name"
                />
                {row.source === 'external' && <span className="documents-source">external</span>}
                {pending && <PendingPill label={pending} testId="document-pending" />}
              </td>
              <td className="mono documents-file">
                <FileName name={row.fileName} clamped testId="document-file" />
              </td>
              <td data-testid="document-type" title={row.fileMime || undefined}>
                {row.fileType || '—'}
              </td>
              <td className="num">{formatBytes(row.fileSize)}</td>
              {showCustomer && <CustomerCell externalId={row.customerExternalId} />}
              <td>
                <Tags tags={row.tags} />
              </td>
              <td className="documents-date">
                <DateText value={row.createdAt} style="date" />
              </td>
              <td className="documents-actions">
                <div className="documents-action-row">
                  <Button
                    variant="ghost"
                    onClick={() => onEdit(row)}
                    disabled={deleting}
                    aria-label={`Edit ${row.displayName || row.fileName}`}
                    data-testid="document-edit"
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => onNotes(row)}
                    aria-label={`Notes on ${row.displayName || row.fileName}`}
                    title="Notes on this document (m on the selected one)"
                    data-testid="document-notes"
                  >
                    Notes
                  </Button>
                  <Button
                    variant="ghost"
                    className="btn-danger-quiet"
                    onClick={() => onDelete(row)}
                    disabled={deleting}
                    aria-label={`Delete ${row.displayName || row.fileName}`}
                    data-testid="document-delete"
                  >
                    Delete
                  </Button>
                  {!deleting && (
                    <DownloadButton
                      target={{ kind: 'document', id: row.id }}
                      name={row.fileName}
                      compact
                    />
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
