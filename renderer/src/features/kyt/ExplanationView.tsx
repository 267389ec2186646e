import type { KytExplanation } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { ServiceText } from '../../components/ServiceText';
import { ruleNumber } from './kyt-rules';
import { RulesTable } from './RulesTable';

/** Why the score came out as it did: the combination of rules found, or a plain "none does". */
export function ExplanationView({
  explanation,
  score,
}: {
  explanation: KytExplanation;
  score: number | null;
}) {
  const { outcome } = explanation;
  return (
    <section
      className="kyt-section"
      aria-labelledby="kyt-explanation-title"
      data-testid="kyt-explanation"
      data-outcome={outcome}
    >
      <h2 id="kyt-explanation-title" className="kyt-section-title">
        Why this score
      </h2>
      {outcome === 'unaccounted' && (
        <Banner
          tone="warning"
          title="The rules do not account for this score"
          testId="kyt-unaccounted"
        >
          No known way of combining the rules below gives the score of {ruleNumber(score)} the
          service answered, so CaseDesk does not offer an explanation of its own. The score is the
          service’s; the rules are shown as received.
        </Banner>
      )}
      <p className="kyt-explanation-text" data-testid="kyt-explanation-text">
        <ServiceText text={explanation.text} lines={0} />
      </p>
      {outcome === 'accounted' && explanation.method && (
        <p className="kyt-muted" data-testid="kyt-explanation-method">
          Found by: <ServiceText text={explanation.method} lines={0} />
          {explanation.computedScore !== null &&
            ` (the rules give ${ruleNumber(explanation.computedScore)} before the service’s rounding).`}
        </p>
      )}
      {explanation.rules.length > 0 ? (
        <RulesTable rules={explanation.rules} />
      ) : (
        <p data-testid="kyt-no-rules">The answer carried no rules.</p>
      )}
    </section>
  );
}
