import type { SaveProblem } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';

export type ShownProblem = SaveProblem & { warning?: boolean };

/** The problems of one field (or of none), errors first; service words shown as text, isolated. */
export function FieldProblems({
  id,
  problems,
  testId,
}: {
  id?: string;
  problems: readonly ShownProblem[] | undefined;
  testId: string;
}) {
  if (!problems?.length) return null;
  const ordered = [...problems].sort(
    (a, b) => Number(a.warning ?? false) - Number(b.warning ?? false),
  );
  return (
    <ul id={id} className="field-problems" data-testid={testId}>
      {ordered.map((problem, index) => (
        <li
          key={`${problem.code}-${index}`}
          className={problem.warning ? 'field-problem-warning' : 'field-problem-error'}
          data-testid={problem.warning ? 'problem-warning' : 'problem-error'}
        >
          <span className="field-problem-kind">{problem.warning ? 'Warning' : 'Error'}: </span>
          <ServiceText text={problem.detail || problem.code} lines={0} />
          {problem.detail && problem.code && !problem.code.startsWith('check.') && (
            <span className="field-problem-code">
              {' '}
              (<ServiceText text={problem.code} />)
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
