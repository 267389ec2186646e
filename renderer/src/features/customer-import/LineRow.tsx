import { memo, type HTMLAttributes, type KeyboardEvent } from 'react';
import type { ImportLine } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';
import { formatCount } from '../../lib/format';
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

// One row of the import grid. A row is drawn again only when its own line, place, active cell or
// edit changes: scrolling adds the rows coming into view and leaves the others alone, and a dry
// run's batch redraws only the lines it gave a verdict.

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

function Problems({ problems }: { problems: readonly PlacedProblem[] }) {
  if (problems.length === 0) return null;
  const [first] = problems;
  const more = problems.length - 1;
  return (
    <span
      className={`ci-problem ci-problem-${first!.severity}`}
      data-testid="ci-problem"
      data-severity={first!.severity}
    >
      <span aria-hidden="true">{first!.severity === 'error' ? '✕ ' : '! '}</span>
      <span className="visually-hidden">
        {first!.severity === 'error' ? 'Error: ' : 'Warning: '}
      </span>
      <ServiceText text={problemText(first!)} />
      {more > 0 && <span className="ci-muted"> +{more}</span>}
    </span>
  );
}

export interface LineRowProps {
  gridId: string;
  /** The recycled row's slot, which names its cells. */
  slot: number;
  index: number;
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
      aria-rowindex={index + 2}
      className={
        line
          ? `ci-row ci-row-${line.status}${activeColumn !== null ? ' is-active-row' : ''}`
          : 'ci-row ci-row-placeholder'
      }
      style={style}
      aria-busy={line ? undefined : true}
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
            <GridCell key={column} id={id} column={column} className={`${className} ci-num`}>
              {line ? formatCount(line.line) : '…'}
              {line?.kind === 'relation' && <span className="ci-kind"> rel.</span>}
            </GridCell>
          );
        if (column === 1)
          return (
            <GridCell key={column} id={id} column={column} className={className}>
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
            </GridCell>
          );
        const target = gridColumnOf(column);
        if (!target)
          return (
            <GridCell
              key={column}
              id={id}
              column={column}
              className={`${className} ci-other`}
              data-testid="ci-other-problems"
            >
              <Problems problems={problems.get('other') ?? []} />
            </GridCell>
          );
        // Not read yet: neither empty nor editable until the line says.
        const field = line ? fieldOf(target, line) : target.key;
        const cellProblems = problems.get(target.key) ?? [];
        const isEditing = line && editing?.column === column;
        return (
          <GridCell
            key={column}
            id={id}
            column={column}
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
                <ServiceText text={line ? cellText(target, line) : ''} className="ci-value" />
                <Problems problems={cellProblems} />
              </>
            )}
          </GridCell>
        );
      })}
    </div>
  );
});

/** One cell of the grid: its id, role and column number (counted from 1) as assistive technology reads it. */
function GridCell({
  column,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { id: string; column: number }) {
  return (
    <div role="gridcell" aria-colindex={column + 1} {...rest}>
      {children}
    </div>
  );
}
