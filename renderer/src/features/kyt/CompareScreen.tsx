import type { KytComparison, KytSubmissionSummary } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { Screen } from '../../components/Screen';
import { ServiceText } from '../../components/ServiceText';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import {
  formatAmount,
  formatScore,
  formatScoreChange,
  submissionMoment,
  submissionTitle,
} from './kyt-format';
import { changeText, firesDifferently, ruleSideText } from './kyt-rules';
import { useKytRead } from './use-kyt-read';

/** Rules that fire differently first, then other changes, then the unchanged; each keeps its order. */
export function orderedRules(rules: KytComparison['rules']): KytComparison['rules'] {
  const rank = (change: KytComparison['rules'][number]['change']) =>
    firesDifferently(change) ? 0 : change === 'same' ? 2 : 1;
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((x, y) => rank(x.rule.change) - rank(y.rule.change) || x.index - y.index)
    .map((entry) => entry.rule);
}

function Side({ name, summary }: { name: 'A' | 'B'; summary: KytSubmissionSummary }) {
  return (
    <div className="kyt-compare-side" data-testid={`kyt-compare-side-${name.toLowerCase()}`}>
      <span className="kyt-side-name" aria-hidden="true">
        {name}
      </span>
      <span className="kyt-compare-side-text">
        <RecordLink to={{ screen: 'kyt-submission', id: summary.id }}>
          <span className="visually-hidden">{name}: </span>
          <ServiceText text={submissionTitle(summary)} />
        </RecordLink>
        <span className="kyt-muted kyt-block">
          <DateText value={submissionMoment(summary)} style="short" /> ·{' '}
          {formatAmount(summary.amount, summary.currency)} ·{' '}
          <ServiceText text={summary.externalId} className="mono" />
        </span>
      </span>
    </div>
  );
}

/** Two kept submissions side by side: inputs changed, rules fired differently, the score's change. */
export function CompareScreen({ a, b }: { a: string; b: string }) {
  const navigate = useNavigation((state) => state.navigate);
  const read = useKytRead(`kyt-compare:${a}:${b}`, () => unwrap(api.kyt.compare({ a, b })));
  const comparison = read.data;

  useShortcuts(
    [
      {
        keys: 'a',
        description: 'Open submission A',
        group: 'Comparison',
        run: () => navigate({ screen: 'kyt-submission', id: a }),
      },
      {
        keys: 'b',
        description: 'Open submission B',
        group: 'Comparison',
        run: () => navigate({ screen: 'kyt-submission', id: b }),
      },
    ],
    comparison !== null,
  );

  if (!comparison) {
    return (
      <Screen title="Comparing submissions" testId="kyt-compare-screen">
        {read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : (
          <LoadingState label="Comparing…" />
        )}
      </Screen>
    );
  }

  const rules = orderedRules(comparison.rules);
  const differently = comparison.rules.filter((rule) => firesDifferently(rule.change)).length;
  return (
    <Screen
      title="What changed between two submissions"
      subtitle={<RecordLink to={{ screen: 'kyt' }}>All submissions</RecordLink>}
      testId="kyt-compare-screen"
      actions={
        <>
          <Button
            aria-keyshortcuts="a"
            onClick={() => navigate({ screen: 'kyt-submission', id: a })}
            data-testid="kyt-open-a"
          >
            Open A
          </Button>
          <Button
            aria-keyshortcuts="b"
            onClick={() => navigate({ screen: 'kyt-submission', id: b })}
            data-testid="kyt-open-b"
          >
            Open B
          </Button>
        </>
      }
    >
      <div className="kyt-compare">
        <div className="kyt-compare-sides">
          <Side name="A" summary={comparison.a} />
          <Side name="B" summary={comparison.b} />
        </div>

        <section className="kyt-section" aria-labelledby="kyt-score-change-title">
          <h2 id="kyt-score-change-title" className="kyt-section-title">
            Score and state
          </h2>
          <dl className="kyt-facts" data-testid="kyt-score-change">
            <div>
              <dt>Score</dt>
              <dd className="kyt-score-line">
                <span data-testid="kyt-score-a">{formatScore(comparison.scoreA)}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> to </span>
                <span data-testid="kyt-score-b">{formatScore(comparison.scoreB)}</span>
                <span
                  className={`kyt-delta kyt-delta-${
                    comparison.scoreChange === null || comparison.scoreChange === 0
                      ? 'none'
                      : comparison.scoreChange > 0
                        ? 'up'
                        : 'down'
                  }`}
                  data-testid="kyt-score-delta"
                >
                  {formatScoreChange(comparison.scoreChange)}
                </span>
              </dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>
                <ServiceText text={comparison.stateA ?? '—'} testId="kyt-state-a" />
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> to </span>
                <ServiceText text={comparison.stateB ?? '—'} testId="kyt-state-b" />
                {comparison.stateA === comparison.stateB && (
                  <span className="kyt-muted"> (unchanged)</span>
                )}
              </dd>
            </div>
          </dl>
        </section>

        <section className="kyt-section" aria-labelledby="kyt-inputs-title">
          <h2 id="kyt-inputs-title" className="kyt-section-title">
            Inputs changed
          </h2>
          {comparison.inputs.length === 0 ? (
            <p data-testid="kyt-inputs-same">The two requests carry the same inputs.</p>
          ) : (
            <div className="table-frame">
              <table className="data-table kyt-row-heads" data-testid="kyt-inputs">
                <caption className="visually-hidden">Inputs that differ</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">A</th>
                    <th scope="col">B</th>
                  </tr>
                </thead>
                <tbody>
                  {comparison.inputs.map((input) => (
                    <tr key={input.path} data-testid="kyt-input-change" data-path={input.path}>
                      <th scope="row">
                        <ServiceText text={input.label} />
                      </th>
                      <td data-testid="kyt-input-a">
                        {input.a === null ? (
                          <span className="kyt-muted">not sent</span>
                        ) : (
                          <ServiceText text={input.a} lines={3} />
                        )}
                      </td>
                      <td data-testid="kyt-input-b">
                        {input.b === null ? (
                          <span className="kyt-muted">not sent</span>
                        ) : (
                          <ServiceText text={input.b} lines={3} />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className="kyt-section" aria-labelledby="kyt-rules-change-title">
          <h2 id="kyt-rules-change-title" className="kyt-section-title">
            Rules side by side
          </h2>
          <p className="kyt-muted" data-testid="kyt-rules-summary">
            {differently === 0
              ? 'Every rule fires as it did.'
              : differently === 1
                ? '1 rule fires differently.'
                : `${differently} rules fire differently.`}
          </p>
          {rules.length > 0 && (
            <div className="table-frame">
              <table className="data-table kyt-rules kyt-row-heads" data-testid="kyt-rule-changes">
                <caption className="visually-hidden">Rules of A and of B</caption>
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">Change</th>
                    <th scope="col">A</th>
                    <th scope="col">B</th>
                  </tr>
                </thead>
                <tbody>
                  {rules.map((rule, index) => (
                    <tr
                      key={`${rule.code}:${index}`}
                      className={firesDifferently(rule.change) ? 'kyt-rule-changed' : undefined}
                      data-testid="kyt-rule-change"
                      data-code={rule.code}
                      data-change={rule.change}
                    >
                      <th scope="row">
                        <ServiceText text={rule.code || '(no code)'} className="mono" />
                      </th>
                      <td>
                        <span
                          className={`kyt-change kyt-change-${rule.change}`}
                          data-testid="kyt-rule-change-text"
                        >
                          {firesDifferently(rule.change) && (
                            <span aria-hidden="true">
                              {rule.change === 'started-firing' ? '▲ ' : '▼ '}
                            </span>
                          )}
                          {changeText(rule.change)}
                        </span>
                      </td>
                      <td>{ruleSideText(rule.a)}</td>
                      <td>{ruleSideText(rule.b)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </Screen>
  );
}
