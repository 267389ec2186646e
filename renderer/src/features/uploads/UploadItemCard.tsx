import { useId } from 'react';
import type { DocumentFacets } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { FileName } from '../../components/FileName';
import { visibleFileName } from '../../lib/file-names';
import { transport } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { useSync } from '../sync';
import { RecordLink } from '../../components/RecordLink';
import { TagInput } from '../../components/TagInput';
import { fileTypeOf, progressFraction } from './upload-rules';
import { isReady, isUnderway, useUploads, type UploadItem } from './upload-store';
import { ServiceText } from '../../components/ServiceText';

function StatusLine({ item }: { item: UploadItem }) {
  const connectivity = useSync((state) => state.status?.connectivity ?? 'unknown');
  const percent = (fraction: number | null) =>
    fraction === null ? '' : ` ${Math.round(fraction * 100)}%`;
  const fraction = progressFraction(item.stage, item.done, item.total);
  const outboxLink = (
    <RecordLink to={{ screen: 'outbox' }} testId="upload-outbox-link">
      Outbox
    </RecordLink>
  );
  switch (item.stage) {
    case 'draft':
      return null;
    case 'preparing':
      return (
        <span>
          {item.external
            ? 'Checking the reference…'
            : transport === 'browser'
              ? `Handing the file to CaseDesk…${percent(fraction)}`
              : 'Checking the file…'}
        </span>
      );
    case 'copying':
      return <span>Copying into the outbox…{percent(fraction)}</span>;
    case 'queued':
      return connectivity === 'online' && !item.error ? (
        <span>Queued — sending shortly…</span>
      ) : (
        <span data-testid="upload-waiting">
          Waiting for the service — it will be sent when CaseDesk is back online, see {outboxLink}.
        </span>
      );
    case 'sending':
      return <span>Sending to the service…{percent(fraction)}</span>;
    case 'done':
      return <span className="upload-done">Filed ✓</span>;
    case 'discarded':
      return (
        <span className="upload-failed" data-testid="upload-discarded">
          Discarded in the {outboxLink}: it was not filed.
        </span>
      );
    case 'failed':
      return item.inOutbox ? (
        <span className="upload-failed">
          Failed{item.error ? `: ${item.error}` : ''} — see {outboxLink} to retry or discard it.
        </span>
      ) : (
        <span className="upload-failed">
          Not filed{item.error ? `: ${item.error}` : '.'} Check the form and file it again.
        </span>
      );
  }
}

/** One file's small form: its name, tags (and customer), what it is, and how its upload goes. */
export function UploadItemCard({
  item,
  facets,
  askCustomer,
}: {
  item: UploadItem;
  facets: DocumentFacets | null;
  askCustomer: boolean;
}) {
  const id = useId();
  const edit = useUploads((state) => state.edit);
  const remove = useUploads((state) => state.remove);
  const editable = isReady(item);
  const underway = isUnderway(item);
  const fraction = progressFraction(item.stage, item.done, item.total);
  const type = item.external ? 'url' : fileTypeOf(item.fileName) || 'file';
  const stateClass = item.problem ? 'has-problem' : `is-${item.stage}`;

  return (
    <li
      className={`upload-item ${stateClass}`}
      data-testid="upload-item"
      data-file-name={item.fileName}
      data-stage={item.stage}
    >
      <div className="upload-item-head">
        <span className="attachment-icon" aria-hidden="true">
          {type.slice(0, 4).toUpperCase()}
        </span>
        <span className="upload-item-file">
          <FileName name={item.fileName} className="upload-item-name" testId="upload-file-name" />
          <span className="upload-item-meta" data-testid="upload-size">
            {item.external ? (
              <>
                External reference · {formatBytes(item.size)} ·{' '}
                <ServiceText text={item.external.url} className="mono" />
              </>
            ) : (
              formatBytes(item.size)
            )}
          </span>
        </span>
        <Button
          variant="ghost"
          className="upload-item-remove"
          disabled={underway}
          onClick={() => remove(item.id)}
          aria-label={`Remove ${visibleFileName(item.fileName)} from the list`}
          title={
            item.inOutbox ? 'Hide from this list (the outbox keeps it)' : 'Remove from the list'
          }
          data-testid="upload-remove"
        >
          ×
        </Button>
      </div>

      {item.problem ? (
        <p className="upload-problem" role="alert" data-testid="upload-problem">
          <ServiceText text={item.problem} lines={0} />
        </p>
      ) : (
        <div className="upload-item-fields">
          <div className={`field${item.errors.displayName ? ' field-invalid' : ''}`}>
            <label htmlFor={`${id}-name`} className="field-label">
              Display name
            </label>
            <div className="field-control">
              <input
                id={`${id}-name`}
                value={item.displayName}
                maxLength={512}
                disabled={!editable}
                aria-invalid={item.errors.displayName ? true : undefined}
                data-testid="upload-display-name"
                onChange={(event) => edit(item.id, { displayName: event.target.value })}
              />
            </div>
            {item.errors.displayName && (
              <p className="field-error" role="alert">
                {item.errors.displayName}
              </p>
            )}
          </div>
          {askCustomer && (
            <div className={`field${item.errors.customerExternalId ? ' field-invalid' : ''}`}>
              <label htmlFor={`${id}-customer`} className="field-label">
                Customer (external id)
              </label>
              <div className="field-control">
                <input
                  id={`${id}-customer`}
                  value={item.customerExternalId}
                  maxLength={256}
                  disabled={!editable}
                  className="mono"
                  aria-invalid={item.errors.customerExternalId ? true : undefined}
                  data-testid="upload-customer"
                  onChange={(event) => edit(item.id, { customerExternalId: event.target.value })}
                />
              </div>
              {item.errors.customerExternalId && (
                <p className="field-error" role="alert">
                  {item.errors.customerExternalId}
                </p>
              )}
            </div>
          )}
          <TagInput
            label="Tags"
            tags={item.tags}
            suggestions={facets?.tags ?? []}
            onChange={(tags) => edit(item.id, { tags })}
            disabled={!editable}
            error={item.errors.tags}
            testId="upload-tags"
            className="field"
          />
        </div>
      )}

      {item.stage !== 'draft' && !item.problem && (
        <div className="upload-progress" data-testid="upload-status">
          <div
            className="upload-bar"
            role="progressbar"
            aria-label={`Filing ${visibleFileName(item.fileName)}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
          >
            <span
              className={fraction === null ? 'upload-bar-fill is-indefinite' : 'upload-bar-fill'}
              style={fraction === null ? undefined : { width: `${fraction * 100}%` }}
            />
          </div>
          <span className="upload-status-text" aria-live="polite">
            <StatusLine item={item} />
          </span>
        </div>
      )}
    </li>
  );
}
