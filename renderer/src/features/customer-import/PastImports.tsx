import type { ImportView } from '../../../../preload/contract';
import { DateText } from '../../components/DateText';
import { FileName } from '../../components/FileName';
import { RecordLink } from '../../components/RecordLink';
import { EmptyState } from '../../components/StateViews';
import { formatCount } from '../../lib/format';
import { STATE_LABELS, totalLines } from './import-figures';

/** The profile's imports, newest first: each reopens where it stands. */
export function PastImports({ imports }: { imports: readonly ImportView[] }) {
  if (imports.length === 0)
    return (
      <EmptyState title="No import yet" testId="ci-no-imports">
        <p>
          Imports started here are kept with the profile: they survive a restart, resume where they
          stopped, and can be reopened from this list.
        </p>
      </EmptyState>
    );
  return (
    <table className="data-table ci-past" data-testid="ci-past-imports">
      <caption className="visually-hidden">Past imports, newest first</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Started</th>
          <th scope="col">State</th>
          <th scope="col">Lines</th>
          <th scope="col">With errors</th>
          <th scope="col">Saved</th>
        </tr>
      </thead>
      <tbody>
        {imports.map((view) => (
          <tr key={view.id} data-testid="ci-past-import" data-id={view.id}>
            <td>
              <RecordLink to={{ screen: 'customer-import', id: view.id }} testId="ci-open-import">
                <FileName name={view.fileName} />
              </RecordLink>
              {view.relationsFileName && (
                <span className="ci-muted">
                  {' '}
                  + <FileName name={view.relationsFileName} />
                </span>
              )}
            </td>
            <td>
              <DateText value={view.createdAt} />
            </td>
            <td>{STATE_LABELS[view.state]}</td>
            <td>{formatCount(totalLines(view))}</td>
            <td>{formatCount(view.withErrors + view.unreadable)}</td>
            <td>{formatCount(view.saved)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
