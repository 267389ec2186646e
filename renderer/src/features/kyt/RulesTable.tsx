import type { KytRuleView } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';
import { contributionText, roleText, ruleNumber, yesNoText } from './kyt-rules';

/** The rules the service applied, with how each counts toward the final score. */
export function RulesTable({ rules }: { rules: KytRuleView[] }) {
  return (
    <div className="table-frame">
      <table className="data-table kyt-rules kyt-row-heads" data-testid="kyt-rules">
        <caption className="visually-hidden">Rules applied to this transaction</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Active</th>
            <th scope="col" className="numeric">
              Score
            </th>
            <th scope="col" className="numeric">
              Weight
            </th>
            <th scope="col">Uses weight</th>
            <th scope="col">How it counts</th>
            <th scope="col" className="numeric">
              Contribution
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => (
            <tr
              key={`${rule.code}:${index}`}
              className={
                rule.fired
                  ? 'kyt-rule-fired'
                  : rule.role === 'inactive'
                    ? 'kyt-rule-inactive'
                    : undefined
              }
              data-testid="kyt-rule"
              data-code={rule.code}
              data-fired={rule.fired}
              data-role={rule.role}
            >
              <th scope="row" className="kyt-rule-code">
                <ServiceText text={rule.code || '(no code)'} className="mono" />
                {rule.fired && (
                  <span className="kyt-fired" data-testid="kyt-rule-fired">
                    Fired
                  </span>
                )}
              </th>
              <td>{yesNoText(rule.active)}</td>
              <td className="numeric" data-testid="kyt-rule-score">
                {ruleNumber(rule.score)}
              </td>
              <td className="numeric">{ruleNumber(rule.weight)}</td>
              <td>{yesNoText(rule.useWeight)}</td>
              <td data-testid="kyt-rule-role">{roleText(rule.role)}</td>
              <td className="numeric" data-testid="kyt-rule-contribution">
                {contributionText(rule)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
