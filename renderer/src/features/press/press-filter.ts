import type { PressListFilterInput } from '../../../../preload/contract';

export const SEVERITIES = ['low', 'medium', 'high'] as const;

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

/**
 * The filter in its canonical form: known fields as the contract takes them, trimmed, empty ones
 * left out. It comes from an editable address, so a bad field is dropped rather than failing the
 * whole list (the bridge checks again).
 */
export function cleanPressFilter(raw: unknown): PressListFilterInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const filter: PressListFilterInput = {};
  const customerExternalId = text(source.customerExternalId, 256);
  if (customerExternalId) filter.customerExternalId = customerExternalId;
  const subject = text(source.subject, 200);
  if (subject) filter.subject = subject;
  const category = text(source.category, 200);
  if (category) filter.category = category;
  const severity = SEVERITIES.find((known) => known === source.severity);
  if (severity) filter.severity = severity;
  const keptFrom = day(source.keptFrom);
  if (keptFrom) filter.keptFrom = keptFrom;
  const keptTo = day(source.keptTo);
  if (keptTo) filter.keptTo = keptTo;
  return filter;
}

/** The kept range, when it cannot match anything, said plainly. */
export function keptRangeProblem(filter: PressListFilterInput): string | null {
  if (filter.keptFrom && filter.keptTo && filter.keptTo < filter.keptFrom)
    return 'The “kept to” day is before the “kept from” day: no report can match.';
  return null;
}

/** A pill's tone by severity; the severity's word is always shown beside it. */
export function severityTone(severity: string | null): 'danger' | 'warning' | 'info' | 'neutral' {
  switch (severity?.toLowerCase()) {
    case 'high':
      return 'danger';
    case 'medium':
      return 'warning';
    case 'low':
      return 'info';
    default:
      return 'neutral';
  }
}
