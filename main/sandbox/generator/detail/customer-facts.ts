// What the tenant knows about one customer once its alerts, documents and threads exist: the facts
// its indicators, risk rating, EDD status and timeline are derived from.
import type { CustomerRecord } from '../../model';
import type { GeneratedAlert, GeneratedDocument, GeneratedThread } from '../index';
import type { Severity } from '../press/corpus';

export interface CustomerFacts {
  record: CustomerRecord;
  createdMs: number;
  revisions: number;
  segment: string;
  industry: string;
  alerts: readonly GeneratedAlert[];
  documents: readonly GeneratedDocument[];
  threads: readonly GeneratedThread[];
  press: readonly { category: string; severity: Severity }[];
}

const OPEN = new Set([1, 2, 3]);
const CONFIRMED = new Set([4, 5, 6]);

function hasAlert(
  facts: CustomerFacts,
  categories: readonly string[],
  states: ReadonlySet<number>,
): boolean {
  return facts.alerts.some(
    ({ alert }) =>
      categories.includes(alert.last_revision.top_category) &&
      states.has(alert.last_revision.state),
  );
}

export const confirmedPep = (f: CustomerFacts) => hasAlert(f, ['PEP', 'RCA_PEP'], CONFIRMED);
export const possiblePep = (f: CustomerFacts) => hasAlert(f, ['PEP', 'RCA_PEP'], OPEN);
export const confirmedSanction = (f: CustomerFacts) => hasAlert(f, ['SAN'], CONFIRMED);
export const possibleSanction = (f: CustomerFacts) => hasAlert(f, ['SAN'], OPEN);
export const specialInterest = (f: CustomerFacts) =>
  hasAlert(f, ['SIP', 'SIE', 'RCA_SIP', 'RCA_SIE'], CONFIRMED) ||
  f.alerts.some(
    ({ alert }) =>
      ['SIP', 'SIE'].includes(alert.last_revision.top_category) &&
      OPEN.has(alert.last_revision.state) &&
      alert.last_revision.score >= 85,
  );
export const pressHigh = (f: CustomerFacts) =>
  f.press.some((finding) => finding.severity === 'high');
export const pressAny = (f: CustomerFacts) => f.press.length > 0;
