import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { ImportView } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import {
  cellText,
  editedShape,
  fieldOf,
  GRID_COLUMNS,
  placeProblems,
  problemText,
  type GridColumn,
  type PlacedProblem,
} from './grid-fields';
import { moveCell, type CellPosition } from './grid-keys';
import { LINE_STATUS_LABELS } from './import-figures';
import { useCustomerImports } from './import-store';
import type { LinePages } from './line-pages';

export const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 36;
const OVERSCAN = 10;

/** Line, status, the fields, the line's other problems. */
const COLUMN_COUNT = GRID_COLUMNS.length + 3;
const gridColumnOf = (column: number): GridColumn | null => GRID_COLUMNS[column - 2] ?? null;

const TRACKS = [
  '4.5rem',
  '7.5rem',
  ...GRID_COLUMNS.map((column) => column.width),
  'minmax(16rem, 2fr)',
].join(' ');

interface Editing {
  row: number;
  column: number;
  text: string;
  error: string | null;
  saving: boolean;
}

function Problems({ problems, id }: { problems: readonly PlacedProblem[]; id?: string }) {
  if (problems.length === 0) return null;
  const [first] = problems;
  const more = problems.length - 1;
  return (
    <span
      id={id}
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

/**
 * Step 4: every line of the import in a grid that reads only the pages it shows. Each cell shows
 * the field's value and the problems the service named for that field; the last column holds the
 * rest (and, for an unreadable line, why). A cell is edited in place: Enter or F2 edits, Enter
 * keeps, Escape leaves it as it was; arrows, Home/End, Page Up/Down move.
 */
export function LinesGrid({
  view,
  pages,
  onlyProblems,
  active,
  onActive,
}: {
  view: ImportView;
  pages: LinePages;
  onlyProblems: boolean;
  active: CellPosition;
  onActive: (position: CellPosition) => void;
}) {
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const editLine = useCustomerImports((state) => state.editLine);
  const [editing, setEditing] = useState<Editing | null>(null);
  const total = pages.total ?? 0;
  const editable =
    view.state !== 'verifying' &&
    view.state !== 'saving' &&
    view.state !== 'done' &&
    view.state !== 'cancelled';

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    pages.show(first, last);
  }, [pages, first, last, total]);

  const cellId = (row: number, column: number) => `${gridId}-r${row}-c${column}`;
  const activeRendered = items.some((item) => item.index === active.row);

  const lineAt = (row: number) => pages.lineAt(row);
  const editableCell = (row: number, column: number): boolean => {
    const line = lineAt(row);
    const target = gridColumnOf(column);
    return Boolean(editable && line && target && fieldOf(target, line));
  };

  const startEditing = (row: number, column: number) => {
    const line = lineAt(row);
    const target = gridColumnOf(column);
    if (!line || !target || !editableCell(row, column)) return;
    setEditing({ row, column, text: cellText(target, line), error: null, saving: false });
  };

  const stopEditing = () => {
    setEditing(null);
    requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true }));
  };

  const commit = async (current: Editing) => {
    const line = lineAt(current.row);
    const target = gridColumnOf(current.column);
    if (!line || !target) return stopEditing();
    if (current.text === cellText(target, line)) return stopEditing();
    const shape = editedShape(line, target, current.text);
    if (!shape.ok) {
      setEditing({ ...current, error: shape.message });
      return;
    }
    setEditing({ ...current, saving: true, error: null });
    const answer = await editLine(view.id, line.line, {
      customer: 'customer' in shape ? shape.customer : null,
      relation: 'relation' in shape ? shape.relation : null,
    }).catch((error: unknown) => ({ ok: false as const, message: errorMessage(error) }));
    if (answer.ok) {
      pages.replace(answer.line);
      stopEditing();
    } else setEditing({ ...current, saving: false, error: answer.message });
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      if (editableCell(active.row, active.column)) {
        event.preventDefault();
        startEditing(active.row, active.column);
      }
      return;
    }
    const rowsPerPage = Math.max(
      1,
      Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_HEIGHT) / ROW_HEIGHT) - 1,
    );
    const next = moveCell(
      active,
      event.key,
      { rows: total, columns: COLUMN_COUNT, page: rowsPerPage },
      event.ctrlKey || event.metaKey,
    );
    if (!next) return;
    event.preventDefault();
    onActive(next);
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
    document
      .getElementById(cellId(next.row, next.column))
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onEditorKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!editing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit(editing);
    } else if (event.key === 'Escape') {
      // Only the edit is left: the screen behind does not take Escape as well.
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  };

  const header = [
    'Line',
    'Status',
    ...GRID_COLUMNS.map((column) => column.label),
    'Other problems',
  ];

  return (
    <div
      ref={scrollRef}
      className="ci-grid"
      role="grid"
      aria-label={onlyProblems ? 'Lines with problems' : 'Every line of the import'}
      aria-rowcount={total + 1}
      aria-colcount={COLUMN_COUNT}
      aria-activedescendant={
        activeRendered && !editing ? cellId(active.row, active.column) : undefined
      }
      tabIndex={0}
      onKeyDown={onGridKey}
      style={
        {
          '--ci-tracks': TRACKS,
          // A short list takes only its rows' height; a long one scrolls inside the frame.
          height: `min(60vh, ${HEADER_HEIGHT + Math.max(total, 1) * ROW_HEIGHT + 18}px)`,
        } as CSSProperties
      }
      data-testid="ci-grid"
      data-total={total}
    >
      <div role="none" className="ci-canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div role="rowgroup" className="ci-grid-head">
          <div role="row" aria-rowindex={1} className="ci-row ci-head-row">
            {header.map((label, index) => (
              <div key={label} role="columnheader" aria-colindex={index + 1} className="ci-cell">
                {label}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {items.map((item) => {
            const line = lineAt(item.index);
            const style = { transform: `translateY(${item.start}px)` };
            if (!line)
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="ci-row ci-row-placeholder"
                  style={style}
                >
                  <div role="gridcell" className="ci-cell ci-muted">
                    …
                  </div>
                </div>
              );
            const problems = placeProblems(line);
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className={`ci-row ci-row-${line.status}${active.row === item.index ? ' is-active-row' : ''}`}
                style={style}
                data-testid="ci-line"
                data-line={line.line}
                data-kind={line.kind}
                data-status={line.status}
              >
                {Array.from({ length: COLUMN_COUNT }, (_, column) => {
                  const id = cellId(item.index, column);
                  const isActive = active.row === item.index && active.column === column;
                  const className = `ci-cell${isActive ? ' is-active' : ''}`;
                  const onPointer = () => onActive({ row: item.index, column });
                  if (column === 0)
                    return (
                      <div
                        key={column}
                        id={id}
                        role="gridcell"
                        aria-colindex={1}
                        className={`${className} ci-num`}
                        onClick={onPointer}
                      >
                        {formatCount(line.line)}
                        {line.kind === 'relation' && <span className="ci-kind"> rel.</span>}
                      </div>
                    );
                  if (column === 1)
                    return (
                      <div
                        key={column}
                        id={id}
                        role="gridcell"
                        aria-colindex={2}
                        className={className}
                        onClick={onPointer}
                      >
                        <span
                          className={`ci-status ci-status-${line.status}`}
                          data-testid="ci-line-status"
                        >
                          {LINE_STATUS_LABELS[line.status]}
                        </span>
                        {line.errors.length === 0 && line.warnings.length > 0 && (
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
                        id={id}
                        role="gridcell"
                        aria-colindex={column + 1}
                        className={`${className} ci-other`}
                        onClick={onPointer}
                        data-testid="ci-other-problems"
                      >
                        <Problems problems={problems.get('other') ?? []} />
                      </div>
                    );
                  const field = fieldOf(target, line);
                  const cellProblems = problems.get(target.key) ?? [];
                  const isEditing = editing?.row === item.index && editing.column === column;
                  return (
                    <div
                      key={column}
                      id={id}
                      role="gridcell"
                      aria-colindex={column + 1}
                      aria-readonly={field && editable ? undefined : true}
                      aria-invalid={
                        cellProblems.some((problem) => problem.severity === 'error') || undefined
                      }
                      className={`${className}${cellProblems.length ? ` has-${cellProblems[0]!.severity}` : ''}${field ? '' : ' is-empty'}`}
                      onClick={onPointer}
                      onDoubleClick={() => startEditing(item.index, column)}
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
                            onChange={(event) =>
                              setEditing({ ...editing, text: event.target.value, error: null })
                            }
                            onKeyDown={onEditorKey}
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
                          <ServiceText text={cellText(target, line)} className="ci-value" />
                          <Problems problems={cellProblems} />
                        </>
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
