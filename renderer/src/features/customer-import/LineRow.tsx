import { memo, type KeyboardEvent, type ReactElement } from 'react';
import type { ImportLine } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';
import { formatCount } from '../../lib/format';
import { hasDirectionControl, SHOWN_UP_TO } from '../../lib/service-text';
import {
  cellText,
  fieldOf,
  GRID_COLUMNS,
  placeProblems,
  problemText,
  type GridColumn,
  type PlacedProblem,
} from './grid-fields';
import { LINE_STATUS_LABELS } from './import-figures';

// One row of the import grid's pool (see lib/row-slots.ts). A row is drawn again only when its
// own line, place, active cell or edit changes: scrolling gives the rows that left the view the
// lines coming into it and leaves the others alone, and a dry run's batch redraws only the lines
// it gave a verdict.

/** Line, status, the fields, the line's other problems. */
export const COLUMN_COUNT = GRID_COLUMNS.length + 3;
export const gridColumnOf = (column: number): GridColumn | null => GRID_COLUMNS[column - 2] ?? null;

/**
 * A cell's element id, by the row's slot (see lib/row-slots.ts): a recycled row keeps its cells'
 * ids, so scrolling does not rename every cell it brings into view.
 */
export const cellIdOf = (gridId: string, slot: number, column: number) =>
  `${gridId}-s${slot}-c${column}`;

export interface Editing {
  row: number;
  column: number;
  text: string;
  error: string | null;
  saving: boolean;
}

/**
 * What a row's editor asks of the grid; the same functions for the grid's whole life. (Clicks on
 * cells are taken by the grid itself, from the row and column numbers the cells carry.)
 */
export interface RowActions {
  type: (text: string) => void;
  editorKey: (event: KeyboardEvent<HTMLInputElement>, editing: Editing) => void;
}

const NO_PROBLEMS: ReadonlyMap<string, readonly PlacedProblem[]> = new Map();

/**
 * The first of a cell's problems, and how many more. A plain function, not a component: most cells
 * have none, and a component would still be a fiber React visits in every cell drawn.
 */
function problemsOf(problems: readonly PlacedProblem[]): ReactElement | null {
  const [first] = problems;
  if (!first) return null;
  const more = problems.length - 1;
  return (
    <span
      className={`ci-problem ci-problem-${first.severity}`}
      data-testid="ci-problem"
      data-severity={first.severity}
    >
      <span aria-hidden="true">{first.severity === 'error' ? '✕ ' : '! '}</span>
      <span className="visually-hidden">
        {first.severity === 'error' ? 'Error: ' : 'Warning: '}
      </span>
      <ServiceText text={problemText(first)} />
      {more > 0 && <span className="ci-muted"> +{more}</span>}
    </span>
  );
}

/**
 * A cell's value as service text. Most values hold no direction control and are short: the text
 * is then the isolate's only child, which React keeps in one text node and rewrites in place as the
 * row is recycled (an empty value too). Through ServiceText, an empty value had no text node and a
 * filled one a new node each time: a node inserted or removed per cell whenever a row changed line.
 */
function valueText(text: string): ReactElement {
  if (text.length > SHOWN_UP_TO || hasDirectionControl(text))
    return <ServiceText text={text} className="ci-value" />;
  return (
    <bdi dir="auto" className="service-text clamp-1 ci-value" title={text}>
      {text}
    </bdi>
  );
}

export interface LineRowProps {
  gridId: string;
  /** The recycled row's slot, which names its cells. */
  slot: number;
  /** The line's place in the list; null for a row of the pool with no line in view (hidden). */
  index: number | null;
  /** Offset from the grid's top, in pixels. */
  start: number;
  line: ImportLine | undefined;
  /** The active cell's column when it is on this row. */
  activeColumn: number | null;
  /** The edit under way when it is on this row. */
  editing: Editing | null;
  editable: boolean;
  actions: RowActions;
}

export const LineRow = memo(function LineRow({
  gridId,
  slot,
  index,
  start,
  line,
  activeColumn,
  editing,
  editable,
  actions,
}: LineRowProps) {
  const style = { transform: `translateY(${start}px)` };
  // A line not read yet has the same cells, with their text empty: when it arrives only its text
  // and attributes change, rather than every cell being taken apart and built again.
  const problems = line ? placeProblems(line) : NO_PROBLEMS;
  return (
    <div
      role="row"
      aria-rowindex={index === null ? undefined : index + 2}
      className={
        index === null
          ? 'ci-row ci-row-spare'
          : line
            ? `ci-row ci-row-${line.status}${activeColumn !== null ? ' is-active-row' : ''}`
            : 'ci-row ci-row-placeholder'
      }
      style={style}
      aria-busy={line || index === null ? undefined : true}
      data-testid={line ? 'ci-line' : undefined}
      data-line={line?.line}
      data-kind={line?.kind}
      data-status={line?.status}
    >
      {Array.from({ length: COLUMN_COUNT }, (_, column) => {
        const id = cellIdOf(gridId, slot, column);
        const className = `ci-cell${activeColumn === column ? ' is-active' : ''}`;
        if (column === 0)
          return (
            <div
              key={column}
              role="gridcell"
              aria-colindex={column + 1}
              id={id}
              className={`${className} ci-num`}
            >
              {line ? formatCount(line.line) : '…'}
              {line?.kind === 'relation' && <span className="ci-kind"> rel.</span>}
            </div>
          );
        if (column === 1)
          return (
            <div
              key={column}
              role="gridcell"
              aria-colindex={column + 1}
              id={id}
              className={className}
            >
              <span
                className={line ? `ci-status ci-status-${line.status}` : 'ci-status'}
                data-testid={line ? 'ci-line-status' : undefined}
              >
                {line ? LINE_STATUS_LABELS[line.status] : ''}
              </span>
              {line && line.errors.length === 0 && line.warnings.length > 0 && (
                <span className="ci-problem ci-problem-warning">
                  {line.warnings.length === 1
                    ? '1 warning'
                    : `${formatCount(line.warnings.length)} warnings`}
                </span>
              )}
            </div>
          );
        const target = gridColumnOf(column);
        if (!target)
          return (
            <div
              key={column}
              role="gridcell"
              aria-colindex={column + 1}
              id={id}
              className={`${className} ci-other`}
              data-testid="ci-other-problems"
            >
              {problemsOf(problems.get('other') ?? [])}
            </div>
          );
        // Not read yet: neither empty nor editable until the line says.
        const field = line ? fieldOf(target, line) : target.key;
        const cellProblems = problems.get(target.key) ?? [];
        const isEditing = line && editing?.column === column;
        return (
          <div
            key={column}
            role="gridcell"
            aria-colindex={column + 1}
            id={id}
            aria-readonly={!line || (field && editable) ? undefined : true}
            aria-invalid={cellProblems.some((problem) => problem.severity === 'error') || undefined}
            className={`${className}${cellProblems.length ? ` has-${cellProblems[0]!.severity}` : ''}${field ? '' : ' is-empty'}`}
            data-testid={`ci-cell-${target.key}`}
          >
            {isEditing && editing ? (
              <>
                <input
                  className="ci-editor"
                  aria-label={`${target.label}, line ${line.line}`}
                  aria-invalid={editing.error ? true : undefined}
                  aria-describedby={editing.error ? `${id}-edit-error` : undefined}
                  value={editing.text}
                  disabled={editing.saving}
                  autoFocus
                  onChange={(event) => actions.type(event.target.value)}
                  onKeyDown={(event) => actions.editorKey(event, editing)}
                  data-testid="ci-editor"
                />
                {editing.error && (
                  <span
                    id={`${id}-edit-error`}
                    className="ci-problem ci-problem-error"
                    role="alert"
                    data-testid="ci-editor-error"
                  >
                    <ServiceText text={editing.error} />
                  </span>
                )}
              </>
            ) : (
              <>
                {valueText(line ? cellText(target, line) : '')}
                {problemsOf(cellProblems)}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
});
