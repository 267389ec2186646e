import { useShallow } from 'zustand/react/shallow';
import type { DocumentFacets } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { formatCount } from '../../lib/format';
import { isReady, isUnderway, itemsOf, useUploads } from './upload-store';
import { UploadItemCard } from './UploadItemCard';
import './uploads.css';

/** The files waiting to be filed in one place (a customer, or the documents screen). */
export function UploadPanel({
  scope,
  target,
  facets,
  askCustomer,
}: {
  scope: string;
  /** Where they go, for the heading: a customer's name, or null when each file names its own. */
  target: string | null;
  facets: DocumentFacets | null;
  askCustomer: boolean;
}) {
  const items = useUploads(useShallow((state) => itemsOf(state.items, scope)));
  const fileAll = useUploads((state) => state.fileAll);
  const clearFinished = useUploads((state) => state.clearFinished);
  const busy = useUploads((state) => state.filing.includes(scope));
  if (items.length === 0) return null;

  const ready = items.filter(isReady).length;
  const finished = items.filter((item) => item.stage === 'done').length;
  const refused = items.filter((item) => item.problem).length;
  const underway = items.filter(isUnderway).length;

  return (
    <section
      className="upload-panel"
      aria-labelledby={`upload-title-${scope}`}
      data-testid="upload-panel"
    >
      <header className="upload-panel-head">
        <h2 id={`upload-title-${scope}`} className="upload-panel-title">
          {target ? `File on ${target}` : 'File documents'}
          <span className="item-count">{items.length}</span>
        </h2>
        <span className="upload-panel-summary">
          {[
            underway ? `${formatCount(underway)} on the way` : '',
            finished ? `${formatCount(finished)} filed` : '',
            refused ? `${formatCount(refused)} cannot be filed` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </header>
      <ul className="upload-list">
        {items.map((item) => (
          <UploadItemCard key={item.id} item={item} facets={facets} askCustomer={askCustomer} />
        ))}
      </ul>
      <footer className="upload-panel-foot">
        <p className="upload-panel-hint">
          Each file is copied into CaseDesk’s outbox first, so it is filed even if the service is
          unreachable now.
        </p>
        {finished > 0 && (
          <Button variant="ghost" onClick={() => clearFinished(scope)} data-testid="upload-clear">
            Clear filed
          </Button>
        )}
        {/* Kept while files are being prepared, so focus is not lost from under the keyboard. */}
        {(ready > 0 || busy) && (
          <Button
            variant="primary"
            busy={busy}
            onClick={() => void fileAll(scope)}
            data-testid="upload-file-all"
          >
            {busy
              ? 'Filing…'
              : ready === 1
                ? 'File 1 document'
                : `File ${formatCount(ready)} documents`}
          </Button>
        )}
      </footer>
    </section>
  );
}
