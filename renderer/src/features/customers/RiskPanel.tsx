import type { CustomerRisk, EddView, IndicatorView, JsonValue } from '../../../../preload/contract';
import { DateText } from '../../components/DateText';
import { ServiceText } from '../../components/ServiceText';
import { humanizeKey } from './identity-fields';
import { formatDay } from './json-text';
import { JsonValueView, type YesTone } from './JsonValueView';

type Level = 'low' | 'medium' | 'high' | 'unknown';

function levelOf(text: string): Level {
  const word = text.toLowerCase();
  if (/critical|high|severe/.test(word)) return 'high';
  if (/medium|moderate|elevated/.test(word)) return 'medium';
  if (/low|none|minimal/.test(word)) return 'low';
  return 'unknown';
}

/** The overall rating: its level and score when it has them, or whatever shape it came in. */
function OverallRisk({ value }: { value: JsonValue }) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const level = value.level ?? value.label ?? value.name;
    const score = value.score;
    const reasons = value.reasons;
    if (typeof level === 'string' || typeof score === 'number') {
      const text = typeof level === 'string' ? level : '';
      const rest = Object.fromEntries(
        Object.entries(value).filter(
          ([key]) => !['level', 'label', 'name', 'score', 'reasons'].includes(key),
        ),
      );
      return (
        <div className="overall-risk" data-testid="overall-risk">
          <div className="overall-risk-head">
            {text && (
              <span
                className={`risk-level risk-level-${levelOf(text)}`}
                data-testid="overall-risk-level"
              >
                <ServiceText text={text.charAt(0).toUpperCase() + text.slice(1)} />
              </span>
            )}
            {typeof score === 'number' && (
              <span className="overall-risk-score" data-testid="overall-risk-score">
                Score {score}
              </span>
            )}
          </div>
          {Array.isArray(reasons) && reasons.length > 0 && (
            <ul className="overall-risk-reasons">
              {reasons.map((reason, index) => (
                <li key={index}>
                  <JsonValueView value={reason} />
                </li>
              ))}
            </ul>
          )}
          {Object.keys(rest).length > 0 && <JsonValueView value={rest} />}
        </div>
      );
    }
  }
  return (
    <div className="overall-risk" data-testid="overall-risk">
      <JsonValueView value={value} />
    </div>
  );
}

/** Custom fields are often named by their key (`source_of_wealth`): such names are made readable. */
function indicatorName(indicator: IndicatorView): string {
  const name = indicator.name || indicator.key;
  return /^[a-z][a-z0-9_]*$/.test(name) ? humanizeKey(name) : name;
}

function IndicatorList({
  title,
  indicators,
  toneOf,
  testId,
}: {
  title: string;
  indicators: IndicatorView[];
  toneOf: (indicator: IndicatorView) => YesTone;
  testId: string;
}) {
  return (
    <section className="indicator-group" data-testid={testId}>
      <h3 className="customer-subtitle">{title}</h3>
      {indicators.length === 0 ? (
        <p className="customer-muted">None reported</p>
      ) : (
        <dl className="indicators">
          {indicators.map((indicator) => (
            <div
              key={indicator.key}
              className="indicator"
              data-testid="indicator"
              data-key={indicator.key}
            >
              <dt>
                <ServiceText text={indicatorName(indicator)} lines={2} />
              </dt>
              <dd data-testid="indicator-value">
                <JsonValueView value={indicator.value} tone={toneOf(indicator)} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

function Edd({ edd }: { edd: EddView | null }) {
  if (!edd)
    return (
      <section className="indicator-group" data-testid="edd">
        <h3 className="customer-subtitle">Enhanced due diligence</h3>
        <p className="customer-muted">No EDD record</p>
      </section>
    );
  const reviewDay = edd.nextReviewDate ? edd.nextReviewDate.slice(0, 10) : '';
  const overdue = reviewDay !== '' && reviewDay < todayUtc();
  return (
    <section className="indicator-group" data-testid="edd">
      <h3 className="customer-subtitle">Enhanced due diligence</h3>
      <dl className="indicators">
        <div className="indicator">
          <dt>Status</dt>
          <dd data-testid="edd-state">
            <JsonValueView value={edd.state} />
            {edd.disabled && <span className="customer-flag"> Disabled</span>}
          </dd>
        </div>
        <div className="indicator">
          <dt>Next review</dt>
          <dd data-testid="edd-next-review">
            {reviewDay ? (
              <>
                {formatDay(reviewDay)}
                {overdue && (
                  <span className="overdue" data-testid="edd-overdue">
                    Overdue
                  </span>
                )}
              </>
            ) : (
              <span className="customer-muted">Not scheduled</span>
            )}
          </dd>
        </div>
        {edd.agentName && (
          <div className="indicator">
            <dt>Agent</dt>
            <dd>
              <ServiceText text={edd.agentName} />
            </dd>
          </div>
        )}
        <div className="indicator">
          <dt>Recorded</dt>
          <dd>
            <DateText value={edd.createdAt} />
            {edd.revisionNumber !== null && ` · revision ${edd.revisionNumber}`}
          </dd>
        </div>
        {edd.comment && (
          <div className="indicator indicator-wide">
            <dt>Comment</dt>
            <dd>
              <ServiceText text={edd.comment} lines={0} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

const GOOD_SIGNS = new Set(['vid_success']);
const NEUTRAL_SIGNS = new Set(['vid_in_progress']);

export function RiskPanel({ risk }: { risk: CustomerRisk }) {
  return (
    <div className="risk-panel">
      <section className="indicator-group">
        <h3 className="customer-subtitle">Overall risk</h3>
        <OverallRisk value={risk.overallRisk} />
      </section>
      <IndicatorList
        title="Screening"
        indicators={risk.screening}
        toneOf={() => 'risk'}
        testId="screening-indicators"
      />
      <IndicatorList
        title="Identity verification"
        indicators={risk.identityVerification}
        toneOf={(indicator) =>
          GOOD_SIGNS.has(indicator.key)
            ? 'good'
            : NEUTRAL_SIGNS.has(indicator.key)
              ? 'plain'
              : 'risk'
        }
        testId="verification-indicators"
      />
      <Edd edd={risk.edd} />
      <IndicatorList
        title="Monitoring"
        indicators={risk.other}
        toneOf={() => 'risk'}
        testId="other-indicators"
      />
      <IndicatorList
        title="Custom fields"
        indicators={risk.customFields}
        toneOf={() => 'plain'}
        testId="custom-indicators"
      />
    </div>
  );
}
