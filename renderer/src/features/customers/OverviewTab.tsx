import { useState } from 'react';
import type { Customer360, JsonValue, RelationView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { formatCount, formatDateTime, formatRelative } from '../../lib/format';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { identityFields, variationName } from './identity-fields';
import { JsonValueView, labelOf } from './JsonValueView';
import { RiskPanel } from './RiskPanel';
import { ServiceText } from '../../components/ServiceText';

/** Objects (but those read as a label) and lists of objects take the panel's whole width. */
const isStructured = (value: JsonValue) =>
  value !== null &&
  typeof value === 'object' &&
  (Array.isArray(value)
    ? value.some((item) => item !== null && typeof item === 'object')
    : labelOf(value) === null);

function IdentityPanel({ customer }: { customer: Customer360 }) {
  const [showEmpty, setShowEmpty] = useState(false);
  const fields = identityFields(customer.identity.fields);
  const empty = fields.filter((field) => field.empty).length;
  const shown = showEmpty ? fields : fields.filter((field) => !field.empty);
  return (
    <section className="customer-card" aria-labelledby="identity-title" data-testid="identity">
      <div className="customer-card-head">
        <h2 id="identity-title" className="customer-card-title">
          Identity
        </h2>
        {empty > 0 && (
          <button
            type="button"
            className="customer-toggle"
            aria-pressed={showEmpty}
            data-testid="toggle-empty-fields"
            onClick={() => setShowEmpty(!showEmpty)}
          >
            {showEmpty
              ? 'Hide empty fields'
              : `Show ${empty} empty ${empty === 1 ? 'field' : 'fields'}`}
          </button>
        )}
      </div>
      <dl className="identity-fields">
        {shown.map((field) => (
          <div
            key={field.key}
            className={[
              'identity-field',
              field.empty && 'is-empty',
              isStructured(field.value) && 'identity-field-wide',
            ]
              .filter(Boolean)
              .join(' ')}
            data-testid="identity-field"
            data-key={field.key}
          >
            <dt>{field.label}</dt>
            <dd data-testid="identity-value">
              {field.key === 'parent_external_id' &&
              typeof field.value === 'string' &&
              field.value ? (
                <RecordLink to={{ screen: 'customer', externalId: field.value }}>
                  <ServiceText text={field.value} />
                </RecordLink>
              ) : (
                <JsonValueView value={field.value} />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="customer-subtitle">Name variations</h3>
      {customer.identity.nameVariations.length === 0 ? (
        <p className="customer-muted">None recorded</p>
      ) : (
        <ul className="name-variations" data-testid="name-variations">
          {customer.identity.nameVariations.map((name, index) => (
            <li key={index}>{variationName(name) || name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RelationList({
  title,
  relations,
  testId,
}: {
  title: string;
  relations: RelationView[];
  testId: string;
}) {
  return (
    <div className="relation-group" data-testid={testId}>
      <h3 className="customer-subtitle">{title}</h3>
      {relations.length === 0 ? (
        <p className="customer-muted">None</p>
      ) : (
        <ul className="relations">
          {relations.map((relation) => (
            <li key={relation.relationExternalId} className="relation" data-testid="relation">
              <RecordLink
                to={{ screen: 'customer', externalId: relation.otherExternalId }}
                testId="relation-link"
              >
                <ServiceText text={relation.otherName || relation.otherExternalId} />
              </RecordLink>
              <span className="relation-meta">
                <ServiceText text={relation.otherExternalId} className="mono" />
                {relation.relationType !== null && <span>Type {relation.relationType}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StatsPanel({ customer }: { customer: Customer360 }) {
  const stats = customer.stats;
  return (
    <section className="customer-card" aria-labelledby="stats-title" data-testid="stats">
      <h2 id="stats-title" className="customer-card-title">
        Screening statistics
      </h2>
      <dl className="customer-stats">
        <div>
          <dt>Alerts</dt>
          <dd data-testid="stats-alerts">{formatCount(stats?.alerts)}</dd>
        </div>
        <div>
          <dt>Last scan</dt>
          <dd>
            <DateText value={stats?.lastScanDate} testId="stats-last-scan" />
          </dd>
        </div>
        <div>
          <dt>Details synced</dt>
          <dd title={formatDateTime(customer.detailSyncedAt)}>
            {customer.detailSyncedAt ? formatRelative(customer.detailSyncedAt) : 'Not yet'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function OverviewTab({ customer }: { customer: Customer360 }) {
  return (
    <div className="customer-overview">
      <div className="customer-column">
        <IdentityPanel customer={customer} />
        <section
          className="customer-card"
          aria-labelledby="relations-title"
          data-testid="relations"
        >
          <h2 id="relations-title" className="customer-card-title">
            Relations
          </h2>
          <RelationList
            title="This customer is parent of"
            relations={customer.relations.asParent}
            testId="relations-as-parent"
          />
          <RelationList
            title="This customer is child of"
            relations={customer.relations.asChild}
            testId="relations-as-child"
          />
        </section>
      </div>
      <div className="customer-column">
        <section className="customer-card" aria-labelledby="risk-title" data-testid="risk">
          <h2 id="risk-title" className="customer-card-title">
            Risk
          </h2>
          {customer.risk ? (
            <RiskPanel risk={customer.risk} />
          ) : (
            <Banner tone="info" testId="risk-pending">
              Details not fetched yet — they arrive with the next sync.
            </Banner>
          )}
        </section>
        <StatsPanel customer={customer} />
      </div>
    </div>
  );
}
