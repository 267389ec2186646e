import { useState } from 'react';
import type { PressDiff, PressSourceView, PressTextPiece } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { ServiceText } from '../../components/ServiceText';
import { ReportDate } from './ReportList';
import { SOURCE_PAGE } from './SourceList';
import { SeverityPill } from './SeverityPill';
import { TextPieces } from './TextPieces';
import { categoryChangeLabel, numberChange } from './diff-labels';

/** A summary's two versions side by side: the older without the added words, the newer without the removed. */
function SummaryPair({
  title,
  pieces,
  testId,
}: {
  title: string;
  pieces: PressTextPiece[];
  testId: string;
}) {
  const changed = pieces.some((piece) => piece.op !== 'same');
  return (
    <section className="press-section" data-testid={testId} data-changed={changed}>
      <h3 className="press-subtitle">
        {title} {!changed && <span className="press-muted">(unchanged)</span>}
      </h3>
      <div className="press-side-by-side">
        <div>
          <p className="press-label">Older</p>
          <p className="press-text" data-testid={`${testId}-older`}>
            <TextPieces pieces={pieces.filter((piece) => piece.op !== 'added')} />
          </p>
        </div>
        <div>
          <p className="press-label">Newer</p>
          <p className="press-text" data-testid={`${testId}-newer`}>
            <TextPieces pieces={pieces.filter((piece) => piece.op !== 'removed')} />
          </p>
        </div>
      </div>
    </section>
  );
}

function SourceLine({ source, testId }: { source: PressSourceView; testId: string }) {
  return (
    <li className="press-diff-source" data-testid={testId} data-source-key={source.key}>
      <ServiceText text={source.title || source.url || 'Untitled source'} />
      {source.site && <ServiceText text={source.site} className="mono press-muted" />}
      {source.quality && <span className="badge badge-accent">Quality source</span>}
    </li>
  );
}

/** Sources added or removed, drawn a window at a time: two reports may differ by thousands. */
function SourceChanges({
  label,
  sources,
  change,
}: {
  label: string;
  sources: PressSourceView[];
  change: 'added' | 'removed';
}) {
  const [limit, setLimit] = useState(SOURCE_PAGE);
  if (sources.length === 0) return null;
  const shown = sources.slice(0, limit);
  const left = sources.length - shown.length;
  return (
    <>
      <h4 className="press-label">{label}</h4>
      <ul className="press-diff-list">
        {shown.map((source) => (
          <SourceLine key={source.key} source={source} testId={`press-diff-source-${change}`} />
        ))}
      </ul>
      {left > 0 && (
        <div className="press-more">
          <Button
            onClick={() => setLimit(limit + SOURCE_PAGE)}
            data-testid={`press-diff-${change}-more`}
          >
            Show {Math.min(SOURCE_PAGE, left)} more {change}
          </Button>
          <Button
            variant="ghost"
            onClick={() => setLimit(sources.length)}
            data-testid={`press-diff-${change}-all`}
          >
            Show all {sources.length.toLocaleString()} {change}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The changed categories, each with a key of its own: the service may name two categories alike
 * or leave a name empty.
 */
export function keyedCategoryChanges<T extends { category: string }>(
  entries: T[],
): Array<{ key: string; entry: T }> {
  return entries.map((entry, index) => ({ key: `${index}:${entry.category}`, entry }));
}

/** What changed between two reports of one subject: categories, sources, namesakes, summaries. */
export function DiffView({ diff }: { diff: PressDiff }) {
  const changes = diff.categories.filter((category) => category.change !== 'unchanged');
  const unchanged = diff.categories.length - changes.length;
  return (
    <div className="press-diff" data-testid="press-diff">
      <p className="press-diff-between">
        From the report made <ReportDate report={diff.older} /> to the one made{' '}
        <ReportDate report={diff.newer} />.
      </p>
      {diff.same && (
        <p className="press-diff-same" role="status" data-testid="press-diff-same">
          No changes: the two reports say the same.
        </p>
      )}

      <section className="press-section" data-testid="press-diff-categories">
        <h3 className="press-subtitle">Categories</h3>
        {changes.length === 0 ? (
          <p className="press-muted">No category changed.</p>
        ) : (
          <ul className="press-diff-list">
            {keyedCategoryChanges(changes).map(({ key, entry }) => (
              <li key={key} data-testid="press-diff-category" data-change={entry.change}>
                <span className={`press-change press-change-${entry.change}`}>
                  {categoryChangeLabel(entry.change)}
                </span>{' '}
                <strong>
                  <ServiceText text={entry.category} />
                </strong>
                {entry.before && entry.after ? (
                  <span className="press-diff-detail">
                    {' '}
                    <SeverityPill severity={entry.before.severity} /> →{' '}
                    <SeverityPill severity={entry.after.severity} />; certainty{' '}
                    <ServiceText text={entry.before.degreeOfCertainty || '—'} /> →{' '}
                    <ServiceText text={entry.after.degreeOfCertainty || '—'} />
                  </span>
                ) : (
                  (entry.after ?? entry.before) && (
                    <span className="press-diff-detail">
                      {' '}
                      <SeverityPill severity={(entry.after ?? entry.before)?.severity ?? null} />
                    </span>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
        {unchanged > 0 && (
          <p className="press-muted">
            {unchanged === 1 ? '1 category unchanged.' : `${unchanged} categories unchanged.`}
          </p>
        )}
      </section>

      <section className="press-section" data-testid="press-diff-sources">
        <h3 className="press-subtitle">Sources</h3>
        <p className="press-muted" data-testid="press-diff-source-counts">
          {diff.sources.added.length.toLocaleString()} added,{' '}
          {diff.sources.removed.length.toLocaleString()} removed,{' '}
          {diff.sources.unchanged.toLocaleString()} unchanged.
        </p>
        <SourceChanges label="Added" sources={diff.sources.added} change="added" />
        <SourceChanges label="Removed" sources={diff.sources.removed} change="removed" />
      </section>

      <section className="press-section" data-testid="press-diff-namesake">
        <h3 className="press-subtitle">Namesakes</h3>
        <dl className="press-facts">
          <div>
            <dt>Count</dt>
            <dd data-testid="press-diff-namesake-count">
              {numberChange(diff.namesake.countBefore, diff.namesake.countAfter)}
            </dd>
          </div>
          <div>
            <dt>Score</dt>
            <dd data-testid="press-diff-namesake-score">
              {numberChange(diff.namesake.scoreBefore, diff.namesake.scoreAfter)}
            </dd>
          </div>
        </dl>
      </section>

      <SummaryPair title="Risk summary" pieces={diff.riskSummary} testId="press-diff-risk" />
      <SummaryPair
        title="General summary"
        pieces={diff.generalSummary}
        testId="press-diff-general"
      />
    </div>
  );
}
