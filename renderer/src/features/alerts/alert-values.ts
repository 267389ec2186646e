import type { JsonValue } from '../../../../preload/contract';
import { agentLabel, categoryLabel, profileDateText, stateLabel } from '../../lib/alert-states';

export { profileDateText };
import { formatDate } from '../../lib/format';

/** A customer field as the service sent it, as one line of text. */
export function jsonText(value: JsonValue | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((item) => jsonText(item)).filter((part) => part !== '—');
    return parts.length ? parts.join(', ') : '—';
  }
  const named = value.name ?? value.label ?? value.value;
  return named === undefined ? JSON.stringify(value) : jsonText(named);
}

export function dayText(value: JsonValue | undefined): string {
  return typeof value === 'string' && value ? formatDate(value) : jsonText(value);
}

type ChangeKind = 'state' | 'category' | 'agent' | 'profileDate' | 'score' | 'plain';

const FIELDS: Record<string, { label: string; kind: ChangeKind }> = {
  state: { label: 'State', kind: 'state' },
  score: { label: 'Score', kind: 'score' },
  topcategory: { label: 'Top category', kind: 'category' },
  category: { label: 'Top category', kind: 'category' },
  comment: { label: 'Comment', kind: 'plain' },
  agentid: { label: 'Agent', kind: 'agent' },
  agent: { label: 'Agent', kind: 'agent' },
  customerrevision: { label: 'Customer revision', kind: 'plain' },
  customerrevisionid: { label: 'Customer revision', kind: 'plain' },
  profiledate: { label: 'Profile date', kind: 'profileDate' },
};

/** A changed field's name and its two values as an investigator reads them (states by label). */
const fieldKey = (field: string) => field.replace(/[^a-z]/gi, '').toLowerCase();

/** Whether a change is to the revision's comment (shown as the change, not again as a quote). */
export const changesComment = (change: { field: string }) => fieldKey(change.field) === 'comment';

export function describeChange(change: { field: string; before: string; after: string }): {
  label: string;
  before: string;
  after: string;
} {
  const known = FIELDS[fieldKey(change.field)];
  const kind = known?.kind ?? 'plain';
  const show = (value: string): string => {
    if (value === '') return kind === 'agent' ? agentLabel(value) : '—';
    switch (kind) {
      case 'state':
        return Number.isInteger(Number(value)) ? stateLabel(Number(value)) : value;
      case 'category':
        return categoryLabel(value);
      case 'agent':
        return agentLabel(value);
      case 'profileDate':
        return Number.isFinite(Number(value)) ? profileDateText(Number(value)) : value;
      default:
        return value;
    }
  };
  const label =
    known?.label ??
    change.field
      .replace(/[_-]+/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/^./, (first) => first.toUpperCase());
  return { label, before: show(change.before), after: show(change.after) };
}
