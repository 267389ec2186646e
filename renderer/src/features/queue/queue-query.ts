import type {
  QueueColumnName,
  QueueFilterInput,
  QueueSortInput,
} from '../../../../preload/contract';
import { QUEUE_COLUMNS } from './queue-columns';

/** What the queue shows: a filter and an order. The route carries it, so links and Back keep it. */
export interface QueueQuery {
  filter: QueueFilterInput;
  sort: QueueSortInput;
}

export const DEFAULT_SORT: QueueSortInput = { column: 'updatedAt', direction: 'desc' };

/**
 * The direction a column starts in: the most urgent or most recent first (the most pressing of
 * the investigator's work too), names A to Z.
 */
export function firstDirection(column: QueueColumnName): 'asc' | 'desc' {
  return column === 'id' ||
    column === 'agentId' ||
    column === 'customerName' ||
    column === 'customerExternalId' ||
    column === 'category' ||
    column === 'reviewGroups' ||
    column === 'state'
    ? 'asc'
    : 'desc';
}

const COLUMNS: readonly QueueColumnName[] = QUEUE_COLUMNS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item !== '')
    : undefined;
const integer = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;
const day = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The filter in its one canonical form: only known fields of the right type, no empty values,
 * lists sorted. The route's filter comes from an editable address, so nothing in it is trusted;
 * the bridge checks the ranges again.
 */
export function cleanFilter(raw: unknown): QueueFilterInput {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const filter: QueueFilterInput = {};
  const states = Array.isArray(source.states)
    ? source.states.filter((state): state is number => integer(state) !== undefined)
    : [];
  if (states.length) filter.states = [...new Set(states)].sort((a, b) => a - b);
  const categories = strings(source.categories);
  if (categories?.length) filter.categories = [...new Set(categories)].sort();
  const scoreFrom = integer(source.scoreFrom);
  if (scoreFrom !== undefined) filter.scoreFrom = scoreFrom;
  const scoreTo = integer(source.scoreTo);
  if (scoreTo !== undefined) filter.scoreTo = scoreTo;
  for (const key of ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const) {
    const value = day(source[key]);
    if (value) filter[key] = value;
  }
  const reviewGroups = strings(source.reviewGroups);
  if (reviewGroups?.length) filter.reviewGroups = [...new Set(reviewGroups)].sort();
  if (source.onlyWithoutReviewGroups === true) filter.onlyWithoutReviewGroups = true;
  const assignedTo = text(source.assignedTo);
  if (assignedTo) filter.assignedTo = assignedTo;
  if (source.onlyWithoutAssignment === true) filter.onlyWithoutAssignment = true;
  const customerExternalId = text(source.customerExternalId);
  if (customerExternalId) filter.customerExternalId = customerExternalId;
  const name = text(source.name);
  if (name) filter.name = name.slice(0, 200);
  if (
    source.work === 'noted' ||
    source.work === 'proposed' ||
    source.work === 'stale' ||
    source.work === 'awaiting-review'
  )
    filter.work = source.work;
  return filter;
}

export function cleanSort(raw: QueueSortInput | undefined): QueueSortInput {
  if (!raw || !COLUMNS.includes(raw.column)) return DEFAULT_SORT;
  return { column: raw.column, direction: raw.direction === 'asc' ? 'asc' : 'desc' };
}

/** One string per distinct query: the key that drops cached pages when the query changes. */
export function queryKey(query: QueueQuery): string {
  const filter = cleanFilter(query.filter);
  const ordered = Object.fromEntries(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify([ordered, query.sort.column, query.sort.direction]);
}

export const sameQuery = (a: QueueQuery, b: QueueQuery): boolean => queryKey(a) === queryKey(b);

export function isFilterEmpty(filter: QueueFilterInput): boolean {
  return Object.keys(cleanFilter(filter)).length === 0;
}
