import type { PressCategoryChange } from '../../../../preload/contract';

const CHANGES: Record<PressCategoryChange, string> = {
  added: 'Added',
  removed: 'Removed',
  severity: 'Severity changed',
  certainty: 'Certainty changed',
  'severity-and-certainty': 'Severity and certainty changed',
  reverted: 'Reverted',
  restored: 'Restored',
  unchanged: 'Unchanged',
};

export function categoryChangeLabel(change: PressCategoryChange): string {
  return CHANGES[change];
}

const shown = (value: number | null) => (value === null ? 'none' : String(value));

/** "3 → 5 (+2)": before, after and by how much, in words a screen reader reads as well. */
export function numberChange(before: number | null, after: number | null): string {
  if (before === after) return `${shown(before)} (unchanged)`;
  if (before === null || after === null) return `${shown(before)} → ${shown(after)}`;
  const delta = Math.round((after - before) * 1000) / 1000;
  return `${before} → ${after} (${delta > 0 ? '+' : '−'}${Math.abs(delta)})`;
}
