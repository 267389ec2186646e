import { create } from 'zustand';
import type { QueueColumnList, QueueColumnName } from '../../../../preload/contract';

/**
 * The contract's QUEUE_COLUMNS, in its order: the renderer imports only the contract's types, and
 * this type keeps the copy equal to it, entry for entry.
 */
export const QUEUE_COLUMNS: QueueColumnList = [
  'id',
  'customerName',
  'customerExternalId',
  'category',
  'score',
  'state',
  'work',
  'createdAt',
  'updatedAt',
  'agentId',
  'reviewGroups',
];

export const COLUMN_LABELS: Record<QueueColumnName, string> = {
  id: 'Alert ID',
  customerName: 'Customer',
  customerExternalId: 'Customer ID',
  category: 'Category',
  score: 'Score',
  state: 'State',
  work: 'Your work',
  createdAt: 'Created',
  updatedAt: 'Updated',
  agentId: 'Assignee',
  reviewGroups: 'Review groups',
};

/** Columns a user adds when wanted: the table fits a laptop screen without them. */
export const OPTIONAL_COLUMNS: readonly QueueColumnName[] = ['id', 'work', 'agentId'];

/** Each column's track in the grid. */
const WIDTHS: Record<QueueColumnName, string> = {
  id: '104px',
  customerName: 'minmax(140px, 1.5fr)',
  customerExternalId: '104px',
  category: '84px',
  score: '112px',
  state: '148px',
  work: '112px',
  createdAt: '124px',
  updatedAt: '124px',
  agentId: '96px',
  reviewGroups: 'minmax(120px, 1fr)',
};

export const gridColumns = (columns: readonly QueueColumnName[]): string =>
  columns.map((column) => WIDTHS[column]).join(' ');

/** The grid's narrowest width: its tracks' minimums, the gaps between them and its padding. */
export const gridMinWidth = (columns: readonly QueueColumnName[]): string =>
  `calc(${columns.map((column) => /\d+px/.exec(WIDTHS[column])?.[0] ?? '0px').join(' + ')} + ${columns.length - 1} * var(--space-3) + 2 * var(--space-3))`;

const KEY = 'casedesk.queue.columns';

function readShown(): QueueColumnName[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? OPTIONAL_COLUMNS.filter((column) => stored.includes(column))
      : [];
  } catch {
    return [];
  }
}

/** The optional columns shown, kept across restarts. */
export const useShownColumns = create<{
  shown: QueueColumnName[];
  setShown: (shown: QueueColumnName[]) => void;
}>((set) => ({
  shown: readShown(),
  setShown(shown) {
    const kept = OPTIONAL_COLUMNS.filter((column) => shown.includes(column));
    window.localStorage.setItem(KEY, JSON.stringify(kept));
    set({ shown: kept });
  },
}));

/** The columns the table shows, in the contract's order. */
export function useVisibleColumns(): QueueColumnName[] {
  const shown = useShownColumns((state) => state.shown);
  return QUEUE_COLUMNS.filter(
    (column) => !OPTIONAL_COLUMNS.includes(column) || shown.includes(column),
  );
}
