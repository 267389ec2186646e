import { useState } from 'react';
import type { UnreadableRecordView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { formatCount, formatDateTime } from '../../lib/format';
import { useCached } from '../../lib/use-cached';
import './unreadable.css';
import { ServiceText, ServiceTextParts } from '../../components/ServiceText';

/** The raw JSON as text, clamped to a few lines until asked for in full. */
function RawRecord({ raw, index }: { raw: string; index: number }) {
  const [open, setOpen] = useState(false);
  const text = prettyJson(raw);
  const long = text.split('\n').length > 8 || text.length > 600;
  const id = `unreadable-raw-${index}`;
  return (
    <div className="unreadable-raw">
      <pre
        id={id}
        className={open || !long ? 'unreadable-pre' : 'unreadable-pre is-clamped'}
        data-testid="unreadable-raw"
      >
        <ServiceTextParts text={text} />
      </pre>
      {long && (
        <Button
          variant="ghost"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          data-testid="unreadable-expand"
        >
          {open ? 'Show less' : 'Show all'}
        </Button>
      )}
    </div>
  );
}

function prettyJson(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export function RecordItem({ record, index }: { record: UnreadableRecordView; index: number }) {
  return (
    <li className="unreadable-item" data-testid="unreadable-item">
      <div className="unreadable-head">
        <code className="unreadable-operation">
          <ServiceText text={record.operation} testId="unreadable-operation" />
        </code>
        <span className="unreadable-time">
          <time dateTime={new Date(record.lastSeenMs).toISOString()}>
            {formatDateTime(record.lastSeenMs)}
          </time>
          {record.timesSeen > 1 && ` · sent ${formatCount(record.timesSeen)} times`}
        </span>
      </div>
      <p className="unreadable-reason" data-testid="unreadable-reason">
        <ServiceText text={record.reason} lines={3} />
      </p>
      <RawRecord raw={record.raw} index={index} />
    </li>
  );
}

/** Saves the export through the browser's download of a text blob (no path reaches the window). */
function saveText(fileName: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Records the service sent that CaseDesk could not read: kept aside by the sync, with why. */
export function UnreadableScreen() {
  const list = useCached('unreadable', () => unwrap(api.unreadable.list()));
  const [exportError, setExportError] = useState<string | null>(null);
  const records = list.data?.records ?? [];
  const onExport = () => {
    setExportError(null);
    unwrap(api.unreadable.export({ format: 'json' })).then(
      (file) => saveText(file.fileName, file.mime, file.text),
      (error: unknown) => setExportError(errorMessage(error)),
    );
  };
  return (
    <Screen
      title="Records the service sent that CaseDesk could not read"
      subtitle="Set aside by the sync, which went on without them. The service can send them again."
      testId="unreadable-screen"
      actions={
        <Button onClick={onExport} disabled={records.length === 0} data-testid="unreadable-export">
          Export
        </Button>
      }
    >
      {exportError && (
        <Banner tone="danger" title="Could not export the list">
          <p>{exportError}</p>
        </Banner>
      )}
      {list.status === 'loading' && !list.data && <LoadingState />}
      {list.status === 'error' && !list.data && (
        <ErrorState error={list.error} onRetry={list.reload} />
      )}
      {list.data && records.length === 0 && (
        <EmptyState title="Every record could be read" testId="unreadable-empty">
          When the service sends a record CaseDesk cannot read, the sync keeps the rest and lists it
          here.
        </EmptyState>
      )}
      {records.length > 0 && (
        <>
          <p className="unreadable-count">
            {formatCount(list.data?.total ?? records.length)} set aside
            {list.data && list.data.total > records.length
              ? `, the ${formatCount(records.length)} newest shown (Export has them all)`
              : ''}
          </p>
          <ol className="unreadable-list">
            {records.map((record, index) => (
              <RecordItem key={`${record.operation}:${record.raw}`} record={record} index={index} />
            ))}
          </ol>
        </>
      )}
    </Screen>
  );
}
