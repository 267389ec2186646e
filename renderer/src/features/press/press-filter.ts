import { PressListFilter, type PressListFilterInput } from '../../../../preload/contract';

type Key = keyof PressListFilterInput;
const KEYS: readonly Key[] = [
  'customerExternalId',
  'subject',
  'category',
  'severity',
  'keptFrom',
  'keptTo',
];

/**
 * The filter in its canonical form: known fields that pass the contract's own checks, trimmed,
 * empty ones left out. It comes from an editable address, so a bad field is dropped rather than
 * failing the whole list (the bridge checks again).
 */
export function cleanPressFilter(raw: unknown): PressListFilterInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const filter: Record<string, unknown> = {};
  for (const key of KEYS) {
    const parsed = PressListFilter.shape[key].safeParse(source[key]);
    if (parsed.success && parsed.data !== undefined) filter[key] = parsed.data;
  }
  return filter as PressListFilterInput;
}

/** The kept range, when it cannot match anything, said plainly. */
export function keptRangeProblem(filter: PressListFilterInput): string | null {
  if (filter.keptFrom && filter.keptTo && filter.keptTo < filter.keptFrom)
    return 'The “kept to” day is before the “kept from” day: no report can match.';
  return null;
}

export const SEVERITIES = ['low', 'medium', 'high'] as const;

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
