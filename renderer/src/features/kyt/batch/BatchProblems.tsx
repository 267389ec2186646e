import { useEffect, useState } from 'react';
import type { KytBatchLine, KytBatchView } from '../../../../../preload/contract';
import { Button } from '../../../components/Button';
import { ServiceText } from '../../../components/ServiceText';
import { api, errorMessage, unwrap } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { inDoubtHref, LINE_STATUS_LABEL, lineReason, problemCount } from './batch-figures';

/** Lines read per page: a 100,000-line file may have thousands of problems. */
export const PROBLEM_PAGE = 200;
/** The most the bridge gives in one read. */
const MOST_AT_ONCE = 1000;

type Loaded =
  | { status: 'loading'; lines: KytBatchLine[] }
  | { status: 'ready'; lines: KytBatchLine[]; more: boolean }
  | { status: 'error'; lines: KytBatchLine[]; message: string };

/**
 * A batch's problem lines (not read, refused, in doubt), by line number, each with its reason in
 * words. Read again when the batch's counts of problems change.
 */
export function BatchProblems({ batch, id }: { batch: KytBatchView; id: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', lines: [] });
  const [wanted, setWanted] = useState(PROBLEM_PAGE);
  const total = problemCount(batch);
  const changeKey = `${batch.id}|${batch.invalid}|${batch.refused}|${batch.inDoubt}|${batch.state}`;

  useEffect(() => {
    let live = true;
    const read = async () => {
      const lines: KytBatchLine[] = [];
      // The bridge answers up to 1,000 lines a call: more shown means more calls.
      while (lines.length < wanted) {
        const limit = Math.min(MOST_AT_ONCE, wanted - lines.length);
        const page = await unwrap(
          api.kyt.batchLines({ id: batch.id, onlyProblems: true, offset: lines.length, limit }),
        );
        lines.push(...page);
        if (page.length < limit) return { lines, more: false };
      }
      return { lines, more: true };
    };
    read().then(
      ({ lines, more }) => live && setLoaded({ status: 'ready', lines, more }),
      (error: unknown) =>
        live &&
        setLoaded((previous) => ({
          status: 'error',
          lines: previous.lines,
          message: errorMessage(error),
        })),
    );
    return () => {
      live = false;
    };
  }, [batch.id, changeKey, wanted]);

  const { lines } = loaded;
  return (
    <section
      id={id}
      className="kyt-batch-problems"
      aria-label="Problems"
      data-testid="kyt-batch-problems"
    >
      {loaded.status === 'error' && (
        <p className="kyt-batch-problems-error" role="alert" data-testid="kyt-batch-problems-error">
          The problem lines could not be read: <ServiceText text={loaded.message} lines={0} />
        </p>
      )}
      {loaded.status === 'loading' && lines.length === 0 && (
        <p className="kyt-batch-muted" role="status">
          Reading the problem lines…
        </p>
      )}
      {loaded.status === 'ready' && lines.length === 0 && (
        <p className="kyt-batch-muted" data-testid="kyt-batch-no-problems">
          {batch.state === 'running' || batch.state === 'ready' || batch.state === 'paused'
            ? 'No problem so far: every line was read, and none was refused or left in doubt.'
            : 'No problem: every line was read, and none was refused or left in doubt.'}
        </p>
      )}
      {lines.length > 0 && (
        <div className="table-frame">
          <table className="data-table kyt-problems-table">
            <caption className="visually-hidden">Problem lines of the batch</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr
                  key={`${line.line}-${line.submissionId ?? ''}`}
                  data-testid="kyt-batch-problem"
                  data-line={line.line}
                  data-status={line.status}
                >
                  <td className="kyt-problem-line" data-testid="kyt-batch-problem-line">
                    {formatCount(line.line)}
                  </td>
                  <td>{LINE_STATUS_LABEL[line.status] ?? line.status}</td>
                  <td data-testid="kyt-batch-problem-reason">
                    <ServiceText text={lineReason(line)} lines={0} />
                    {line.status === 'in-doubt' && (
                      <>
                        {' '}
                        <a className="record-link" href={inDoubtHref(batch.id)}>
                          Decide
                        </a>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lines.length > 0 && (
        <p className="kyt-batch-muted kyt-problems-count">
          {formatCount(lines.length)} of {formatCount(Math.max(total, lines.length))} problem lines
          shown.{' '}
          {loaded.status === 'ready' && loaded.more && (
            <Button
              variant="ghost"
              data-testid="kyt-batch-problems-more"
              onClick={() => setWanted((current) => current + PROBLEM_PAGE)}
            >
              Show more
            </Button>
          )}
        </p>
      )}
    </section>
  );
}
