import type { PressReportDetail, PressSourceView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { ReportDate, originLabel } from './ReportList';
import { SeverityPill } from './SeverityPill';
import { SourceList } from './SourceList';

const ENTITIES: Record<number, string> = { 1: 'individual', 2: 'firm' };

/** The service's name components (PressMetadata.input.search_name_components), in words. */
const COMPONENTS: Record<string, string> = {
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  company_name: 'Company name',
  trading_name: 'Trading name',
  raw_queried_name: 'Name as queried',
};

/** The label of a name component the service named; none for a field it is not known by. */
export function componentLabel(field: string): string | null {
  // Own fields only: a service field named "constructor" is not the object's constructor.
  return Object.hasOwn(COMPONENTS, field) ? (COMPONENTS[field] ?? null) : null;
}

function InputFacts({ input }: { input: NonNullable<PressReportDetail['input']> }) {
  return (
    <dl className="press-facts" data-testid="press-input">
      <div>
        <dt>Name asked for</dt>
        <dd>
          <ServiceText text={input.name || '—'} />
        </dd>
      </div>
      {input.components.map((component) => (
        <div key={component.field}>
          <dt>{componentLabel(component.field) ?? <ServiceText text={component.field} />}</dt>
          <dd>
            <ServiceText text={component.value} />
          </dd>
        </div>
      ))}
      {input.countryCodes.length > 0 && (
        <div>
          <dt>Country codes</dt>
          <dd>
            <ServiceText text={input.countryCodes.join(', ')} />
          </dd>
        </div>
      )}
      {input.age !== null && (
        <div>
          <dt>Age</dt>
          <dd>{input.age}</dd>
        </div>
      )}
      {input.entity !== null && (
        <div>
          <dt>Entity</dt>
          <dd>{ENTITIES[input.entity] ?? `code ${input.entity}`}</dd>
        </div>
      )}
    </dl>
  );
}

/** One of the report's two summaries; an empty one is said, not left blank. */
function SummarySection({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section className="press-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="press-section-title">
        {title}
      </h2>
      <p className="press-text" data-testid={`${id}-summary`}>
        {text ? (
          <ServiceText text={text} lines={0} />
        ) : (
          <span className="press-muted">None sent.</span>
        )}
      </p>
    </section>
  );
}

/** A report as an investigator reads it: what it says, what it rests on, and what it was made for. */
export function ReportReader({
  report,
  onOpenLink,
  onToggleRead,
  busyKey,
}: {
  report: PressReportDetail;
  onOpenLink: (url: string, text: string) => void;
  onToggleRead: (source: PressSourceView) => void;
  busyKey: string | null;
}) {
  const { summary } = report;
  const byKey = new Map(report.sources.map((source) => [source.key, source]));
  return (
    <div className="press-report" data-testid="press-reader">
      <dl className="press-facts" data-testid="press-header">
        <div>
          <dt>Made</dt>
          <dd>
            <ReportDate report={summary} />
          </dd>
        </div>
        <div>
          <dt>Kept as</dt>
          <dd data-testid="press-origin">{originLabel(summary.origin)}</dd>
        </div>
        <div>
          <dt>Report id</dt>
          <dd>
            <ServiceText text={summary.id} className="mono" testId="press-report-id" />
          </dd>
        </div>
        {summary.customerExternalId && (
          <div>
            <dt>Customer</dt>
            <dd>
              <RecordLink
                to={{ screen: 'customer', externalId: summary.customerExternalId, tab: 'press' }}
                className="mono"
                testId="press-customer-link"
              >
                <ServiceText text={summary.customerExternalId} />
              </RecordLink>
            </dd>
          </div>
        )}
        <div>
          <dt>Highest severity</dt>
          <dd>
            <SeverityPill severity={summary.highestSeverity} testId="press-highest-severity" />
          </dd>
        </div>
      </dl>

      {report.missingSections.length > 0 && (
        <Banner tone="info" testId="press-missing-sections">
          The service sent this report without: {report.missingSections.join(', ')}.
        </Banner>
      )}

      <SummarySection id="press-risk" title="Risk summary" text={report.riskSummary} />
      <SummarySection id="press-general" title="General summary" text={report.generalSummary} />

      <section className="press-section" aria-labelledby="press-categories-title">
        <h2 id="press-categories-title" className="press-section-title">
          Categories
        </h2>
        {report.categories.length === 0 ? (
          <p className="press-muted" data-testid="press-categories-empty">
            No adverse-media category found.
          </p>
        ) : (
          <ul className="press-categories" data-testid="press-categories">
            {report.categories.map((category, index) => (
              <li
                key={index}
                className={category.reverted ? 'press-category press-reverted' : 'press-category'}
                data-testid="press-category"
                data-reverted={category.reverted}
              >
                <div className="press-category-head">
                  <strong className="press-category-name">
                    <ServiceText text={category.category} />
                  </strong>
                  <span className="press-label">Severity</span>
                  <SeverityPill severity={category.severity} />
                  <span className="press-label">Certainty</span>
                  <ServiceText text={category.degreeOfCertainty || '—'} />
                  {category.reverted && (
                    <span className="badge" data-testid="press-category-reverted">
                      Reverted
                    </span>
                  )}
                </div>
                {category.reason && (
                  <p className="press-text">
                    <ServiceText text={category.reason} lines={0} />
                  </p>
                )}
                {category.sourceKeys.length > 0 && (
                  <details className="press-category-sources">
                    <summary>
                      {category.sourceKeys.length === 1
                        ? '1 source'
                        : `${category.sourceKeys.length} sources`}
                    </summary>
                    <ul>
                      {category.sourceKeys.map((key) => {
                        const source = byKey.get(key);
                        return (
                          <li key={key}>
                            <ServiceText text={source?.title || source?.url || key} />
                            {source?.quality && ' (quality source)'}
                          </li>
                        );
                      })}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="press-section" aria-labelledby="press-namesake-title">
        <h2 id="press-namesake-title" className="press-section-title">
          Namesakes
        </h2>
        {report.namesake ? (
          <dl className="press-facts" data-testid="press-namesake">
            <div>
              <dt>Namesake count</dt>
              <dd>{report.namesake.count ?? '—'}</dd>
            </div>
            <div>
              <dt>Namesake score</dt>
              <dd>{report.namesake.score ?? '—'}</dd>
            </div>
            <div>
              <dt>Historical or dead entity</dt>
              <dd>
                {report.namesake.historicalOrDeadEntity === null
                  ? '—'
                  : report.namesake.historicalOrDeadEntity
                    ? 'Yes'
                    : 'No'}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="press-muted">No namesake facts sent.</p>
        )}
      </section>

      {report.input && (
        <section className="press-section" aria-labelledby="press-input-title">
          <h2 id="press-input-title" className="press-section-title">
            Made for
          </h2>
          <InputFacts input={report.input} />
        </section>
      )}

      <SourceList
        sources={report.sources}
        onOpenLink={onOpenLink}
        onToggleRead={onToggleRead}
        busyKey={busyKey}
      />
    </div>
  );
}
