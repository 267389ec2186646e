import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useRef, type CSSProperties, type Ref } from 'react';
import type {
  QueueColumnName,
  QueueRow,
  QueueSortInput,
  QueueWork,
} from '../../../../preload/contract';
import { CategoryTag, ScoreBar, StatePill } from '../../components/Pills';
import { DateText } from '../../components/DateText';
import { agentLabel } from '../../lib/alert-states';
import { COLUMN_LABELS, gridColumns, gridMinWidth, useVisibleColumns } from './queue-columns';
import type { QueueWindows } from './use-queue-windows';
import { ServiceText } from '../../components/ServiceText';

export const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 36;
/** Rows rendered beyond the viewport on each side, so a scroll never shows blank rows. */
const OVERSCAN = 12;

export interface QueueTableHandle {
  scrollToIndex: (index: number) => void;
  /** Rows that fit in the viewport: the step of Page Down / Page Up. */
  rowsPerPage: () => number;
  focus: () => void;
}

export const rowDomId = (index: number) => `queue-row-${index}`;

/**
 * The queue as a virtualized grid: fixed row height, only the visible rows (plus overscan) in the
 * DOM, whatever the total. The grid keeps focus and points at the selected row with
 * aria-activedescendant, so screen readers follow the keyboard selection.
 */
export function QueueTable({
  ref,
  windows,
  sort,
  onSort,
  selectedIndex,
  onOpen,
}: {
  ref?: Ref<QueueTableHandle>;
  windows: QueueWindows;
  sort: QueueSortInput;
  onSort: (column: QueueColumnName) => void;
  selectedIndex: number;
  onOpen: (index: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useVisibleColumns();
  // The virtualizer hands back one mutable instance; nothing here memoises on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: windows.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
      rowsPerPage: () => {
        const height = scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10;
        return Math.max(1, Math.floor((height - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
      },
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
    }),
    [virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { show } = windows;
  useEffect(() => {
    show(first, last);
  }, [show, first, last, windows.total]);

  const selectedRendered = items.some((item) => item.index === selectedIndex);
  return (
    <div
      ref={scrollRef}
      className={`queue-table${windows.pending ? ' is-pending' : ''}`}
      role="grid"
      aria-label="Alerts"
      aria-rowcount={windows.total + 1}
      aria-colcount={columns.length}
      style={
        {
          '--queue-columns': gridColumns(columns),
          '--queue-min-width': gridMinWidth(columns),
        } as CSSProperties
      }
      aria-busy={windows.pending || undefined}
      aria-activedescendant={selectedRendered ? rowDomId(selectedIndex) : undefined}
      tabIndex={0}
      data-testid="queue-table"
      data-total={windows.total}
    >
      <div role="none" className="queue-canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div role="rowgroup" className="queue-head">
          <div role="row" aria-rowindex={1} className="queue-grid queue-head-row">
            {columns.map((column) => {
              const active = sort.column === column;
              return (
                <div
                  key={column}
                  role="columnheader"
                  className={`queue-cell queue-col-${column}`}
                  aria-sort={
                    active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  <button
                    type="button"
                    className={`queue-sort${active ? ' is-active' : ''}`}
                    onClick={() => onSort(column)}
                    data-testid={`sort-${column}`}
                  >
                    {COLUMN_LABELS[column]}
                    <span className="queue-sort-icon" aria-hidden="true">
                      {active ? (sort.direction === 'asc' ? '↑' : '↓') : '↕'}
                    </span>
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="queue-body">
          {items.map((item) => {
            const row = windows.rowAt(item.index);
            return row ? (
              <QueueRowView
                key={item.key}
                row={row}
                index={item.index}
                top={item.start}
                selected={item.index === selectedIndex}
                onOpen={onOpen}
                columns={columns}
              />
            ) : (
              <PlaceholderRow
                key={item.key}
                index={item.index}
                top={item.start}
                columns={columns}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

function QueueRowView({
  row,
  index,
  top,
  selected,
  onOpen,
  columns,
}: {
  columns: readonly QueueColumnName[];
  row: QueueRow;
  index: number;
  top: number;
  selected: boolean;
  onOpen: (index: number) => void;
}) {
  return (
    <div
      id={rowDomId(index)}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`queue-grid queue-row${selected ? ' is-selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onOpen(index)}
      data-testid="queue-row"
      data-alert-id={row.id}
      data-index={index}
    >
      {columns.map((column) => (
        <QueueCell key={column} column={column} row={row} />
      ))}
    </div>
  );
}

function QueueCell({ column, row }: { column: QueueColumnName; row: QueueRow }) {
  switch (column) {
    case 'id':
      return (
        <div role="gridcell" className="queue-cell queue-col-id">
          <ServiceText text={row.id} className="mono queue-muted" />
        </div>
      );
    case 'customerName':
      return (
        <div role="gridcell" className="queue-cell queue-col-customerName">
          {row.customerName ? (
            <ServiceText text={row.customerName} className="queue-customer" />
          ) : (
            <span className="queue-faint">Not cached yet</span>
          )}
        </div>
      );
    case 'customerExternalId':
      return (
        <div role="gridcell" className="queue-cell queue-col-customerExternalId">
          <ServiceText text={row.customerExternalId} className="mono queue-muted" />
        </div>
      );
    case 'category':
      return (
        <div role="gridcell" className="queue-cell queue-col-category" data-value={row.category}>
          <CategoryTag category={row.category} />
        </div>
      );
    case 'score':
      return (
        <div role="gridcell" className="queue-cell queue-col-score" data-value={row.score}>
          <ScoreBar score={row.score} />
        </div>
      );
    case 'state':
      return (
        <div role="gridcell" className="queue-cell queue-col-state" data-value={row.state}>
          <StatePill state={row.state} />
        </div>
      );
    case 'work':
      return (
        <div role="gridcell" className="queue-cell queue-col-work" data-value={row.work ?? ''}>
          {row.work ? (
            <span className={`pill pill-${WORK_TONES[row.work]}`} title={WORK_TITLES[row.work]}>
              {WORK_SHORT[row.work]}
            </span>
          ) : (
            <span className="queue-faint">—</span>
          )}
        </div>
      );
    case 'createdAt':
    case 'updatedAt':
      return (
        <div role="gridcell" className={`queue-cell queue-col-${column}`}>
          <DateText value={row[column]} style="short" />
        </div>
      );
    case 'agentId':
      return (
        <div role="gridcell" className="queue-cell queue-col-agentId" data-value={row.agentId}>
          <span className="queue-muted">{agentLabel(row.agentId)}</span>
        </div>
      );
    case 'reviewGroups':
      return (
        <div role="gridcell" className="queue-cell queue-col-reviewGroups">
          {row.reviewGroups.length ? (
            <span className="queue-muted" title={row.reviewGroups.join(', ')}>
              {row.reviewGroups.join(', ')}
            </span>
          ) : (
            <span className="queue-faint">—</span>
          )}
        </div>
      );
  }
}

/** The investigator's most pressing work on an alert, in a word (the title says it whole). */
const WORK_SHORT: Record<QueueWork, string> = {
  stale: 'Stale',
  'awaiting-review': 'In review',
  proposed: 'Proposed',
  noted: 'Noted',
};
const WORK_TITLES: Record<QueueWork, string> = {
  stale: 'Proposed decision gone stale: the alert moved on since',
  'awaiting-review': 'Proposed decision awaiting a second review',
  proposed: 'Decision proposed, kept in CaseDesk',
  noted: 'Has a note, kept in CaseDesk',
};
const WORK_TONES: Record<QueueWork, 'warning' | 'info' | 'neutral'> = {
  stale: 'warning',
  'awaiting-review': 'info',
  proposed: 'info',
  noted: 'neutral',
};

/** A row whose page is on its way: its shape, no content. */
function PlaceholderRow({
  index,
  top,
  columns,
}: {
  index: number;
  top: number;
  columns: readonly QueueColumnName[];
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-busy="true"
      className="queue-grid queue-row is-placeholder"
      style={{ transform: `translateY(${top}px)` }}
    >
      {columns.map((column) => (
        <div key={column} role="gridcell" className={`queue-cell queue-col-${column}`}>
          <span className="queue-skeleton" />
        </div>
      ))}
    </div>
  );
}
