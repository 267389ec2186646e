import type { JsonValue } from '../../preload/contract';

// Words the case file uses for the service's codes, the same in its JSON narrative and its dossier.
// The screens keep their own copy (renderer/src/lib/alert-states.ts); the renderer and main share
// no code beyond the contract.

const STATES: Record<number, string> = {
  1: 'Unknown',
  2: 'New',
  3: 'Pending information',
  4: 'True hit',
  5: 'True hit accepted',
  6: 'True hit rejected',
  7: 'False positive',
};

export const stateLabel = (state: number): string => STATES[state] ?? `State ${state}`;

export const categoryLabel = (category: string): string =>
  category ? category.toUpperCase() : '—';

export const agentLabel = (agentId: string): string => {
  const id = agentId.trim();
  return id === '' || id === '0' ? 'Unassigned' : `Agent ${id}`;
};

/**
 * A time as the case file writes it: UTC, to the minute, the same on every computer (never the
 * exporting computer's locale or zone, which would make two exports of one record differ).
 */
export function timeText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  // A Date holds ±8.64e15 ms; past that an odd service value is shown as it came.
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(value);
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A service value on one line: text as is, lists joined, objects by their name or as JSON. */
export function valueText(value: JsonValue | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((item) => valueText(item)).filter((part) => part !== '—');
    return parts.length ? parts.join(', ') : '—';
  }
  const named = value.name ?? value.label ?? value.value;
  if (named !== undefined) return valueText(named);
  // An object of its own shape (an overall risk: level, score, reasons): its members in words.
  const members = Object.entries(value).map(([key, member]) => `${key}: ${valueText(member)}`);
  return members.length ? members.join('; ') : '—';
}
