import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { ImportView } from '../../../../preload/contract';
import { errorMessage } from '../../lib/api';
import { scrollColumnIntoView, scrollRowIntoView } from '../../lib/row-scroll';
import { assignRowSlots, poolSizeOf, type RowSlots } from '../../lib/row-slots';
import { observeRectWhenLaidOut, scrollUnlessNewAtTop } from '../../lib/virtualizer-without-layout';
import { cellText, editedShape, fieldOf, GRID_COLUMNS } from './grid-fields';
import { moveCell, type CellPosition } from './grid-keys';
import { linesEditable } from './import-figures';
import { useCustomerImports } from './import-store';
import type { LinePages } from './line-pages';
import {
  cellIdOf,
  COLUMN_COUNT,
  gridColumnOf,
  LineRow,
  type Editing,
  type RowActions,
} from './LineRow';

export const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 36;
/**
 * Rows drawn beyond each edge. Two are enough for the keyboard and the wheel (rows come in a few
 * at a time); every one more is another row built on each jump of the scroll bar.
 */
const OVERSCAN = 2;

/** Room left below the rows for a horizontal scroll bar. */
const HORIZONTAL_BAR = 18;

/** The grid's height in pixels, as its style sets it (the smaller of 60vh and its rows' height). */
const gridHeight = (rows: number, windowHeight: number) =>
  Math.min(0.6 * windowHeight, HEADER_HEIGHT + Math.max(rows, 1) * ROW_HEIGHT + HORIZONTAL_BAR);

/** Line, status, the fields (those that grow share the room left), the line's other problems. */
const TRACK_WIDTHS = [{ width: 4.5 }, { width: 7.5 }, ...GRID_COLUMNS, { width: 16, grow: 2 }];
const TRACKS = TRACK_WIDTHS.map(({ width, grow }) =>
  grow ? `minmax(${width}rem, ${grow}fr)` : `${width}rem`,
).join(' ');
/**
 * The rows' width when the window is narrow: a fixed figure, so a row's size never depends on
 * what the rows hold and each row is laid out alone (see `.ci-row` in customer-import.css).
 */
const MIN_WIDTH = `${TRACK_WIDTHS.reduce((sum, track) => sum + track.width, 0)}rem`;

/**
 * The cell a click landed in, from the row and column numbers it carries (rows count the header
 * as 1): one handler on the grid instead of two on each of its cells, which every row drawn
 * again gave new functions.
 */
function cellOfEvent(target: EventTarget): CellPosition | null {
  if (!(target instanceof Element)) return null;
  const cell = target.closest('[role="gridcell"]');
  const row = cell?.closest('[role="row"]');
  const rowIndex = Number(row?.getAttribute('aria-rowindex')) - 2;
  const column = Number(cell?.getAttribute('aria-colindex')) - 1;
  return Number.isInteger(rowIndex) && rowIndex >= 0 && Number.isInteger(column) && column >= 0
    ? { row: rowIndex, column }
    : null;
}

/**
 * Step 4: every line of the import in a grid that reads only the pages it shows. Each cell shows
 * the field's value and the problems the service named for that field; the last column holds the
 * rest (and, for an unreadable line, why). A cell is edited in place: Enter or F2 edits, Enter
 * keeps, Escape leaves it as it was; Shift+Enter opens every field of the line (`onEditWhole`);
 * arrows, Home/End, Page Up/Down move.
 *
 * The rows stand in the document in the pool's order, not the lines' (a row is never moved: see
 * lib/row-slots.ts). Assistive technology follows the grid's own model instead: each row says its
 * place (aria-rowindex), and the keyboard moves the active cell (aria-activedescendant) line by
 * line. Read in document order (a browse-mode sweep, a copy of the page) the drawn rows may come
 * out of order; the line detail below the grid reads the active line in full.
 */
export function LinesGrid({
  view,
  pages,
  onlyProblems,
  active,
  onActive,
  onEditWhole,
}: {
  view: ImportView;
  pages: LinePages;
  onlyProblems: boolean;
  active: CellPosition;
  onActive: (position: CellPosition) => void;
  /** Shift+Enter: every field of the line at this row, in a form. */
  onEditWhole: (row: number) => void;
}) {
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const editLine = useCustomerImports((state) => state.editLine);
  const [editing, setEditing] = useState<Editing | null>(null);
  const total = pages.total ?? 0;
  /** Rows drawn: while a new list is read, the last one's count, its rows as placeholders. */
  const rows = pages.rows;
  const editable = linesEditable(view);
  const importId = view.id;

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // Rows are drawn with the frame, not inside each scroll event: a fast wheel fires several
    // per frame, and drawing the grid for each blocked the window.
    useFlushSync: false,
    // The grid's size until it is laid out: its height is set below, so the first rows drawn are
    // the right ones without measuring the grid as it is built.
    initialRect: { width: 0, height: gridHeight(rows, window.innerHeight) },
    observeElementRect: observeRectWhenLaidOut,
    scrollToFn: scrollUnlessNewAtTop,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    pages.show(first, last);
  }, [pages, first, last, total]);

  // Another list (only problems, or all lines) is shown from its top.
  const shownList = useRef(onlyProblems);
  useLayoutEffect(() => {
    if (shownList.current === onlyProblems) return;
    shownList.current = onlyProblems;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [onlyProblems]);

  // Rows are a pool, recycled, not keyed by line: a row scrolled out is filled with the line
  // scrolled in (its text and attributes changed) rather than thrown away and built again, and the
  // rows stay in the document in the pool's order (see lib/row-slots.ts).
  const rowSlots = useRef<RowSlots>(new Map());
  const poolSize = useRef(0);
  const slots = assignRowSlots(
    rowSlots.current,
    items.map((item) => item.index),
    poolSize.current,
  );
  const pool = poolSizeOf(poolSize.current, slots);
  // Only the slots drawn on screen seed the next ones (a render thrown away leaves no trace).
  useLayoutEffect(() => {
    rowSlots.current = slots;
    poolSize.current = pool;
  });
  const itemOfSlot = new Map(items.map((item) => [slots.get(item.index)!, item]));
  /** The cell's id when its row is drawn. */
  const cellId = (row: number, column: number) => {
    const slot = slots.get(row);
    return slot === undefined ? null : cellIdOf(gridId, slot, column);
  };
  const activeCellId = cellId(active.row, active.column);

  const editableCell = useCallback(
    (row: number, column: number): boolean => {
      const line = pages.lineAt(row);
      const target = gridColumnOf(column);
      return Boolean(editable && line && target && fieldOf(target, line));
    },
    [pages, editable],
  );

  const startEditing = useCallback(
    (row: number, column: number) => {
      const line = pages.lineAt(row);
      const target = gridColumnOf(column);
      if (!line || !target || !editableCell(row, column)) return;
      setEditing({ row, column, text: cellText(target, line), error: null, saving: false });
    },
    [pages, editableCell],
  );

  const actions = useMemo((): RowActions => {
    const stopEditing = () => {
      setEditing(null);
      requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true }));
    };
    const commit = async (current: Editing) => {
      const line = pages.lineAt(current.row);
      const target = gridColumnOf(current.column);
      if (!line || !target) return stopEditing();
      if (current.text === cellText(target, line)) return stopEditing();
      const shape = editedShape(line, target, current.text);
      if (!shape.ok) {
        setEditing({ ...current, error: shape.message });
        return;
      }
      setEditing({ ...current, saving: true, error: null });
      const answer = await editLine(importId, line.line, {
        customer: 'customer' in shape ? shape.customer : null,
        relation: 'relation' in shape ? shape.relation : null,
      }).catch((error: unknown) => ({ ok: false as const, message: errorMessage(error) }));
      if (answer.ok) {
        pages.replace(answer.line);
        stopEditing();
      } else setEditing({ ...current, saving: false, error: answer.message });
    };
    return {
      type: (text) => setEditing((current) => current && { ...current, text, error: null }),
      editorKey: (event, current) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void commit(current);
        } else if (event.key === 'Escape') {
          // Only the edit is left: the screen behind does not take Escape as well.
          event.preventDefault();
          event.stopPropagation();
          stopEditing();
        }
      },
    };
  }, [pages, importId, editLine]);

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      onEditWhole(active.row);
      return;
    }
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
    if (scrollRef.current)
      scrollRowIntoView(scrollRef.current, next.row, {
        rowHeight: ROW_HEIGHT,
        headerHeight: HEADER_HEIGHT,
      });
    // Sideways from the column's header, always drawn: the row may not be drawn yet.
    const headerCell = scrollRef.current?.querySelector<HTMLElement>(
      `[role="columnheader"][aria-colindex="${next.column + 1}"]`,
    );
    if (scrollRef.current && headerCell)
      scrollColumnIntoView(scrollRef.current, {
        left: headerCell.offsetLeft,
        width: headerCell.offsetWidth,
      });
    // The grid itself may reach below the window's edge, under the import's panel.
    scrollRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
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
      aria-rowcount={rows + 1}
      aria-colcount={COLUMN_COUNT}
      aria-activedescendant={(!editing && activeCellId) || undefined}
      tabIndex={0}
      onKeyDown={onGridKey}
      onClick={(event) => {
        const at = cellOfEvent(event.target);
        if (at) onActive(at);
      }}
      onDoubleClick={(event) => {
        // Inside the editor a double-click selects a word; it does not start the edit again.
        if (editing) return;
        const at = cellOfEvent(event.target);
        if (at) startEditing(at.row, at.column);
      }}
      style={
        {
          '--ci-tracks': TRACKS,
          '--ci-min-width': MIN_WIDTH,
          // A short list takes only its rows' height; a long one scrolls inside the frame.
          height: `min(60vh, ${HEADER_HEIGHT + Math.max(rows, 1) * ROW_HEIGHT + HORIZONTAL_BAR}px)`,
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
          {Array.from({ length: pool }, (_, slot) => {
            const item = itemOfSlot.get(slot);
            // A row of the pool with no line in view waits, hidden, for the next one.
            if (!item)
              return (
                <LineRow
                  key={slot}
                  gridId={gridId}
                  slot={slot}
                  index={null}
                  start={0}
                  line={undefined}
                  activeColumn={null}
                  editing={null}
                  editable={editable}
                  actions={actions}
                />
              );
            return (
              <LineRow
                key={slot}
                gridId={gridId}
                slot={slot}
                index={item.index}
                start={item.start}
                line={pages.lineAt(item.index)}
                activeColumn={active.row === item.index ? active.column : null}
                editing={editing?.row === item.index ? editing : null}
                editable={editable}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
