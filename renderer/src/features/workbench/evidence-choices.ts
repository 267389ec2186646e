import type { AlertView, EvidenceKind, EvidenceLink } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';

export interface EvidenceChoice extends EvidenceLink {
  /** What the list says of it beside its label (a date, a file type). */
  detail: string;
}

export const EVIDENCE_HEADINGS: Record<EvidenceKind, string> = {
  document: 'Documents',
  message: 'Messages',
  press: 'Press reports',
  kyt: 'Transactions (KYT)',
  alert: 'Other alerts of the customer',
};

/**
 * What an investigator may cite for a decision on this alert, all read offline: the customer's
 * documents, the press reports kept about the customer, and the customer's other alerts. A
 * message or a transaction is cited by reference (`message:ID`, `kyt:ID`).
 */
export async function evidenceChoices(alert: AlertView): Promise<EvidenceChoice[]> {
  const [customer, press] = await Promise.all([
    unwrap(api.customers.get({ externalId: alert.customerExternalId })).catch(() => null),
    unwrap(api.press.list({ filter: { customerExternalId: alert.customerExternalId } })).catch(
      () => null,
    ),
  ]);
  return [
    ...(customer?.documents ?? []).map((document) => ({
      kind: 'document' as const,
      id: document.id,
      label: document.displayName || document.fileName,
      detail: document.fileType,
    })),
    ...(press?.reports ?? []).map((report) => ({
      kind: 'press' as const,
      id: report.id,
      label: report.subjectName,
      detail: report.createdAt ?? '',
    })),
    ...alert.otherAlerts.map((other) => ({
      kind: 'alert' as const,
      id: other.id,
      label: `Alert ${other.id}`,
      detail: other.category.toUpperCase(),
    })),
  ];
}

const REFERENCE = /^(document|message|press|kyt|alert):(\S{1,256})$/;

/** Evidence typed as references (`kyt:123 message:m-9`), or the first word that is not one. */
export function referencesIn(
  text: string,
): { links: EvidenceLink[]; bad: null } | { links: null; bad: string } {
  const links: EvidenceLink[] = [];
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const match = REFERENCE.exec(word);
    if (!match) return { links: null, bad: word };
    links.push({ kind: match[1] as EvidenceKind, id: match[2]!, label: '' });
  }
  return { links, bad: null };
}
