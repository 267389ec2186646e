import type { KytListFilterInput, KytStatus } from '../../../../preload/contract';
import { STATUSES } from './kyt-status';

/** Submissions shown per page. */
export const KYT_PAGE = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() && value.trim().length <= max
    ? value.trim()
    : undefined;

function day(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The filter in its canonical form: known fields as the contract takes them, trimmed, empty ones
 * left out. It comes from an editable address, so a bad field is dropped rather than failing the
 * whole list (the bridge checks again).
 */
export function cleanKytFilter(raw: unknown): KytListFilterInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const filter: KytListFilterInput = {};
  const from = day(source.from);
  if (from) filter.from = from;
  const to = day(source.to);
  if (to) filter.to = to;
  const scoreMin = finite(source.scoreMin);
  if (scoreMin !== undefined) filter.scoreMin = scoreMin;
  const scoreMax = finite(source.scoreMax);
  if (scoreMax !== undefined) filter.scoreMax = scoreMax;
  const state = text(source.state, 200);
  if (state) filter.state = state;
  const currency = text(source.currency, 16);
  if (currency) filter.currency = currency;
  const customer = text(source.customerExternalId, 256);
  if (customer) filter.customerExternalId = customer;
  const label = text(source.label, 200);
  if (label) filter.label = label;
  const status = STATUSES.find((known) => known === source.status);
  if (status) filter.status = status;
  const batchId = text(source.batchId, 256);
  if (batchId) filter.batchId = batchId;
  const offset = source.offset;
  if (typeof offset === 'number' && Number.isSafeInteger(offset) && offset > 0)
    filter.offset = offset;
  return filter;
}

/** Whether anything narrows the list (paging does not). */
export const isFiltered = (filter: KytListFilterInput): boolean =>
  Object.keys(filter).some((key) => key !== 'offset' && key !== 'limit');

/** Ranges that cannot match anything, said plainly. */
export function rangeProblems(filter: KytListFilterInput): string[] {
  const problems: string[] = [];
  if (filter.from && filter.to && filter.to < filter.from)
    problems.push('The “to” day is before the “from” day: no submission can match.');
  if (
    filter.scoreMin !== undefined &&
    filter.scoreMax !== undefined &&
    filter.scoreMax < filter.scoreMin
  )
    problems.push('The highest score is below the lowest: no submission can match.');
  return problems;
}

/** The filter with one change; any change but paging goes back to the first page. */
export function changedFilter(
  filter: KytListFilterInput,
  patch: Partial<KytListFilterInput>,
): KytListFilterInput {
  const next: KytListFilterInput = { ...filter, ...patch };
  if (!('offset' in patch)) delete next.offset;
  for (const key of Object.keys(next) as Array<keyof KytListFilterInput>)
    if (next[key] === undefined) delete next[key];
  return cleanKytFilter(next);
}

/** Only the submissions in doubt. */
export const inDoubtFilter = (): KytListFilterInput => ({ status: 'in-doubt' satisfies KytStatus });

/** "101–200 of 1,234" */
export function pageText(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 of ${total.toLocaleString()}`;
  return `${(offset + 1).toLocaleString()}–${(offset + shown).toLocaleString()} of ${total.toLocaleString()}`;
}
