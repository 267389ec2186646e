import type { KytAnswerView, KytParticipantEcho, KytStateView } from '../../../../preload/contract';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { formatAmount, formatScore } from './kyt-format';

/** The state as received: its words, and every member on demand. */
export function StateText({ state, testId }: { state: KytStateView | null; testId?: string }) {
  if (!state) return <span data-testid={testId}>—</span>;
  return (
    <span className="kyt-state">
      <ServiceText text={state.text} testId={testId} />
      {state.members.length > 0 && (
        <details className="kyt-members" data-testid="kyt-state-members">
          <summary>Show the state as received</summary>
          <dl className="kyt-pairs">
            {state.members.map((member) => (
              <div key={member.key}>
                <dt>
                  <ServiceText text={member.key} className="mono" />
                </dt>
                <dd>
                  <ServiceText text={member.value} className="mono" lines={0} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </span>
  );
}

/** Score, state, converted amount and the customers the service linked. */
export function AnswerFacts({ answer }: { answer: KytAnswerView }) {
  return (
    <dl className="kyt-facts" data-testid="kyt-answer">
      <div className="kyt-fact-score">
        <dt>Score</dt>
        <dd className="kyt-score" data-testid="kyt-score">
          {formatScore(answer.score)}
        </dd>
      </div>
      <div>
        <dt>State</dt>
        <dd>
          <StateText state={answer.state} testId="kyt-state" />
        </dd>
      </div>
      <div>
        <dt>Converted</dt>
        <dd data-testid="kyt-converted">
          {answer.convertedAmount === null ? (
            '—'
          ) : (
            <ServiceText text={formatAmount(answer.convertedAmount, answer.convertedCurrency)} />
          )}
          {answer.convertedDate && (
            <span className="kyt-muted kyt-block">
              on <DateText value={answer.convertedDate} />
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>Service id</dt>
        <dd>
          <ServiceText text={answer.serviceId || '—'} className="mono" testId="kyt-service-id" />
        </dd>
      </div>
      <div className="kyt-fact-wide">
        <dt>Linked customers</dt>
        <dd data-testid="kyt-customers">
          {answer.customers.length === 0 ? (
            'None: no participant matched a customer of the tenant.'
          ) : (
            <ul className="kyt-inline-list">
              {answer.customers.map((customer) => (
                <li key={customer.id} data-testid="kyt-customer">
                  {customer.externalId ? (
                    <RecordLink
                      to={{ screen: 'customer', externalId: customer.externalId }}
                      testId="kyt-customer-link"
                    >
                      <ServiceText text={customer.name || customer.externalId} />
                    </RecordLink>
                  ) : (
                    <>
                      <ServiceText text={customer.id} className="mono" />{' '}
                      <span className="kyt-muted">(not in the cache)</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** A participant as the service echoed it back, every member as text. */
export function EchoList({ echo, testId }: { echo: KytParticipantEcho | null; testId: string }) {
  if (!echo || echo.fields.length === 0)
    return (
      <p className="kyt-muted" data-testid={testId}>
        Not echoed in the answer.
      </p>
    );
  return (
    <dl className="kyt-pairs" data-testid={testId}>
      {echo.fields.map((field) => (
        <div key={field.path} data-path={field.path}>
          <dt>
            <ServiceText text={field.label} lines={2} />
          </dt>
          <dd>
            <ServiceText text={field.value} lines={0} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
