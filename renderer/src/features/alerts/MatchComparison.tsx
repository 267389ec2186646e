import type { AlertView, CustomerIdentity } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { accountTypeText } from '../../lib/account-type';
import { CategoryTag, ScoreBar } from '../../components/Pills';
import { dayText, jsonText, profileDateText } from './alert-values';
import { ServiceText } from '../../components/ServiceText';

const IDENTITY_FIELDS: ReadonlyArray<{ key: string; label: string; day?: boolean }> = [
  { key: 'date_of_birth', label: 'Date of birth', day: true },
  { key: 'nationality_codes', label: 'Nationality' },
  { key: 'domicile_codes', label: 'Domicile' },
  { key: 'registration_number', label: 'Registration number' },
  { key: 'customer_type', label: 'Customer type' },
  { key: 'kyc_level', label: 'KYC level' },
  { key: 'revision_number', label: 'Customer revision' },
];

function IdentityFacts({ customer }: { customer: CustomerIdentity }) {
  return (
    <dl className="alert-facts alert-facts-stacked" data-testid="alert-identity">
      <div className="alert-fact-wide">
        <dt>Name</dt>
        <dd className="alert-strong" data-testid="alert-customer-name">
          {customer.name ? <ServiceText text={customer.name} lines={3} /> : '—'}
        </dd>
      </div>
      <div>
        <dt>External ID</dt>
        <dd className="mono">{customer.externalId}</dd>
      </div>
      <div>
        <dt>Account type</dt>
        <dd>{accountTypeText(customer) || '—'}</dd>
      </div>
      {IDENTITY_FIELDS.filter(({ key }) => jsonText(customer.fields[key]) !== '—').map(
        ({ key, label, day }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{day ? dayText(customer.fields[key]) : jsonText(customer.fields[key])}</dd>
          </div>
        ),
      )}
      <div className="alert-fact-wide">
        <dt>Name variations</dt>
        <dd>
          {customer.nameVariations.length ? (
            <ul className="alert-inline-list">
              {customer.nameVariations.map((variation) => (
                <li key={variation}>{variation}</li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </dd>
      </div>
      <div className="alert-fact-wide">
        <dt>Review groups</dt>
        <dd>{customer.reviewGroups.length ? customer.reviewGroups.join(', ') : '—'}</dd>
      </div>
    </dl>
  );
}

/**
 * The customer as the cache knows them beside what the alert matched on, so the investigator can
 * judge the hit without leaving the screen.
 */
export function MatchComparison({
  alert,
  onOpenCustomer,
}: {
  alert: AlertView;
  onOpenCustomer: () => void;
}) {
  const last = alert.last;
  return (
    <section
      className="alert-card alert-match"
      aria-labelledby="alert-match-title"
      data-testid="alert-match"
    >
      <header className="alert-card-head">
        <h2 id="alert-match-title" className="alert-card-title">
          Customer and match
        </h2>
        <Button variant="secondary" onClick={onOpenCustomer} data-testid="open-customer">
          Open customer <kbd>C</kbd>
        </Button>
      </header>
      <div className="alert-match-columns">
        <div className="alert-match-column">
          <h3 className="alert-match-heading">Customer</h3>
          {alert.customer ? (
            <IdentityFacts customer={alert.customer} />
          ) : (
            <p className="alert-muted" data-testid="alert-customer-missing">
              Customer <span className="mono">{alert.customerExternalId}</span> is not in the cache
              yet; the next sync brings them.
            </p>
          )}
        </div>
        <div className="alert-match-column">
          <h3 className="alert-match-heading">Alert match data</h3>
          <dl className="alert-facts alert-facts-stacked" data-testid="alert-match-data">
            <div>
              <dt>Profile number</dt>
              <dd className="mono">
                {alert.profileNumber ? <ServiceText text={alert.profileNumber} /> : '—'}
              </dd>
            </div>
            <div>
              <dt>Top category</dt>
              <dd>
                <CategoryTag category={last.topCategory} />
              </dd>
            </div>
            <div>
              <dt>Score</dt>
              <dd>
                <ScoreBar score={last.score} />
              </dd>
            </div>
            <div>
              <dt>Profile date</dt>
              <dd>{profileDateText(last.profileDate)}</dd>
            </div>
            <div className="alert-fact-wide">
              <dt>Customer revision ID</dt>
              <dd className="mono alert-break">{last.customerRevisionId || '—'}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
