import { useId, useState } from 'react';
import type { PressSourceView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { ServiceText } from '../../components/ServiceText';
import { filterSources, type SourceFilter } from './source-filter';

/** Rows drawn at a time: a report may cite thousands of sources, the page stays responsive. */
export const SOURCE_PAGE = 50;

function SourceImages({ images }: { images: string[] }) {
  const [shown, setShown] = useState(false);
  const https = images.filter((image) => /^https:\/\//i.test(image));
  if (images.length === 0) return null;
  if (!shown)
    return (
      <p className="press-source-images-note" data-testid="press-source-images-blocked">
        {images.length === 1 ? '1 remote image' : `${images.length} remote images`} not loaded.{' '}
        <Button
          variant="ghost"
          onClick={() => setShown(true)}
          disabled={https.length === 0}
          data-testid="press-source-load-images"
        >
          Load images
        </Button>
        {https.length < images.length && ' (only https images are loaded)'}
      </p>
    );
  return (
    <div className="press-source-images" data-testid="press-source-images">
      {https.map((image) => (
        <img key={image} src={image} alt="" referrerPolicy="no-referrer" loading="lazy" />
      ))}
    </div>
  );
}

export function SourceRow({
  source,
  onOpenLink,
  onToggleRead,
  busy,
}: {
  source: PressSourceView;
  onOpenLink: (url: string, text: string) => void;
  onToggleRead?: (source: PressSourceView) => void;
  busy?: boolean;
}) {
  // Every row has the same buttons: each names its source to a screen reader.
  const titleId = useId();
  return (
    <li
      className={source.read ? 'press-source press-source-read' : 'press-source'}
      data-testid="press-source"
      data-source-key={source.key}
      data-read={source.read}
    >
      <div className="press-source-head">
        <span id={titleId} className="press-source-title" data-testid="press-source-title">
          <ServiceText text={source.title || source.url || 'Untitled source'} lines={2} />
        </span>
        {source.quality && (
          <span className="badge badge-accent" data-testid="press-source-quality">
            Quality source
          </span>
        )}
        {source.read && (
          <span className="badge" data-testid="press-source-read-mark">
            Read
          </span>
        )}
      </div>
      <p className="press-source-meta">
        {source.site && (
          <ServiceText text={source.site} className="mono" testId="press-source-site" />
        )}
        {source.citedIn.length > 0 && (
          <span className="press-source-cited">
            Cited in: <ServiceText text={source.citedIn.join(', ')} />
          </span>
        )}
      </p>
      {source.snippet && (
        <p className="press-source-text" data-testid="press-source-snippet">
          <ServiceText text={source.snippet} lines={4} />
        </p>
      )}
      {source.summary && (
        <p className="press-source-text" data-testid="press-source-summary">
          <span className="press-label">Summary: </span>
          <ServiceText text={source.summary} lines={0} />
        </p>
      )}
      <SourceImages images={source.images} />
      <div className="press-source-actions">
        {source.url ? (
          <Button
            variant="ghost"
            aria-describedby={titleId}
            onClick={() => onOpenLink(source.url, source.title)}
            data-testid="press-source-open"
          >
            Open link…
          </Button>
        ) : (
          <span className="press-muted">No address</span>
        )}
        {onToggleRead && (
          <Button
            variant="ghost"
            busy={busy ?? false}
            aria-pressed={source.read}
            aria-describedby={titleId}
            onClick={() => onToggleRead(source)}
            data-testid="press-source-read"
          >
            {source.read ? 'Mark unread' : 'Mark read'}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Every source of a report, first-class: narrowed, drawn a page at a time, each markable read. */
export function SourceList({
  sources,
  onOpenLink,
  onToggleRead,
  busyKey,
}: {
  sources: PressSourceView[];
  onOpenLink: (url: string, text: string) => void;
  onToggleRead: (source: PressSourceView) => void;
  busyKey: string | null;
}) {
  const [filter, setFilter] = useState<SourceFilter>({});
  const [limit, setLimit] = useState(SOURCE_PAGE);
  const matching = filterSources(sources, filter);
  const shown = matching.slice(0, limit);
  const read = sources.filter((source) => source.read).length;
  const change = (patch: SourceFilter) => {
    setFilter({ ...filter, ...patch });
    setLimit(SOURCE_PAGE);
  };
  return (
    <section className="press-section" aria-labelledby="press-sources-title">
      <h2 id="press-sources-title" className="press-section-title">
        Sources{' '}
        <span className="press-muted" data-testid="press-sources-read-count">
          {read.toLocaleString()} of {sources.length.toLocaleString()} read
        </span>
      </h2>
      {sources.length === 0 ? (
        <p className="press-muted" data-testid="press-sources-empty">
          The report cites no source.
        </p>
      ) : (
        <>
          <div
            className="press-filters press-source-filters"
            role="search"
            aria-label="Filter sources"
          >
            <label className="press-filter press-filter-wide">
              <span className="press-filter-label">Find in sources</span>
              <input
                type="search"
                value={filter.text ?? ''}
                maxLength={200}
                data-testid="press-sources-find"
                onChange={(event) => change({ text: event.target.value })}
              />
            </label>
            <label className="press-check">
              <input
                type="checkbox"
                checked={filter.unreadOnly ?? false}
                data-testid="press-sources-unread"
                onChange={(event) => change({ unreadOnly: event.target.checked })}
              />
              Unread only
            </label>
            <label className="press-check">
              <input
                type="checkbox"
                checked={filter.qualityOnly ?? false}
                data-testid="press-sources-quality"
                onChange={(event) => change({ qualityOnly: event.target.checked })}
              />
              Quality sources only
            </label>
          </div>
          <p className="press-muted" role="status" data-testid="press-sources-shown">
            Showing {shown.length.toLocaleString()} of {matching.length.toLocaleString()}
            {matching.length !== sources.length &&
              ` matching (${sources.length.toLocaleString()} in all)`}
          </p>
          <ul className="press-sources" data-testid="press-sources">
            {shown.map((source) => (
              <SourceRow
                key={source.key}
                source={source}
                onOpenLink={onOpenLink}
                onToggleRead={onToggleRead}
                busy={busyKey === source.key}
              />
            ))}
          </ul>
          {matching.length > shown.length && (
            <div className="press-more">
              <Button
                onClick={() => setLimit(limit + SOURCE_PAGE)}
                data-testid="press-sources-more"
              >
                Show {Math.min(SOURCE_PAGE, matching.length - shown.length)} more
              </Button>
              <Button
                variant="ghost"
                onClick={() => setLimit(matching.length)}
                data-testid="press-sources-all"
              >
                Show all {matching.length.toLocaleString()}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
