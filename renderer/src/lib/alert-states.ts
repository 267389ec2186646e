import type { AlertCategoryList } from '../../../preload/contract';
import { formatDateTime } from './format';

// The service's alert states (spec: States and transitions) as the screens name and colour them.

export type StateTone = 'neutral' | 'info' | 'warning' | 'danger' | 'success';

export const ALERT_STATES: ReadonlyArray<{ value: number; label: string; tone: StateTone }> = [
  { value: 1, label: 'Unknown', tone: 'neutral' },
  { value: 2, label: 'New', tone: 'info' },
  { value: 3, label: 'Pending information', tone: 'warning' },
  { value: 4, label: 'True hit', tone: 'danger' },
  { value: 5, label: 'True hit accepted', tone: 'danger' },
  { value: 6, label: 'True hit rejected', tone: 'neutral' },
  { value: 7, label: 'False positive', tone: 'success' },
];

/** States still needing a decision. */
export const OPEN_STATES = [1, 2, 3, 4] as const;

/** Whether the interface names this state; any other is shown as received and flagged. */
export function isKnownState(state: number): boolean {
  return ALERT_STATES.some((entry) => entry.value === state);
}

export function stateLabel(state: number): string {
  return ALERT_STATES.find((entry) => entry.value === state)?.label ?? `State ${state}`;
}

export function stateTone(state: number): StateTone {
  return ALERT_STATES.find((entry) => entry.value === state)?.tone ?? 'neutral';
}

/**
 * The contract's ALERT_CATEGORIES (its type keeps this copy equal, entry for entry): what the
 * service's alert search takes, offered where no cache is at hand (a profile's sync scope).
 */
export const ALERT_CATEGORIES: AlertCategoryList = [
  'pep',
  'rca',
  'sip',
  'sie',
  'rca_pep',
  'rca_sip',
  'rca_sie',
];

/** A category's one label everywhere: as the service writes it (PEP, RCA_SIP, SAN). */
export function categoryLabel(category: string): string {
  return category ? category.toUpperCase() : '—';
}

/**
 * An alert's assignee, the one way every screen says it. The service writes no agent as 0 or
 * nothing (spec: AlertRevision.agent_id).
 */
export function agentLabel(agentId: string): string {
  const id = agentId.trim();
  return id === '' || id === '0' ? 'Unassigned' : `Agent ${id}`;
}

/** The service's profile date: Unix seconds (milliseconds also read correctly). */
export function profileDateText(value: number | null): string {
  if (value === null) return '—';
  return formatDateTime(value < 1e12 ? value * 1000 : value);
}
