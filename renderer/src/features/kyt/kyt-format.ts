import type { KytSubmissionSummary } from '../../../../preload/contract';

// Amounts and scores as the KYT screens show them. A currency is any code the service takes
// (crypto ones too), so it is written beside the number, never fed to Intl as a currency.

const AMOUNT = new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 });

export function formatAmount(amount: number | null, currency: string | null): string {
  if (amount === null || !Number.isFinite(amount)) return '—';
  return currency ? `${AMOUNT.format(amount)} ${currency}` : AMOUNT.format(amount);
}

export function formatScore(score: number | null): string {
  return score === null || !Number.isFinite(score) ? '—' : AMOUNT.format(score);
}

/** "+12", "−5", "no change" */
export function formatScoreChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return 'not comparable';
  if (change === 0) return 'no change';
  return change > 0 ? `+${AMOUNT.format(change)}` : `−${AMOUNT.format(-change)}`;
}

/** The moment a submission is listed by: the transaction's own date, else when it was recorded. */
export const submissionMoment = (summary: Pick<KytSubmissionSummary, 'date' | 'createdAt'>) =>
  summary.date ?? summary.createdAt;

/** Who sent it: the name, else the external id, else a dash. */
export const partyText = (name: string | null, externalId: string | null): string =>
  name?.trim() || externalId?.trim() || '—';

/** A submission as one line of text (an option, a heading). */
export function submissionTitle(
  summary: Pick<KytSubmissionSummary, 'label' | 'externalId' | 'amount' | 'currency'>,
): string {
  return (
    summary.label?.trim() ||
    `${formatAmount(summary.amount, summary.currency)} · ${summary.externalId}`
  );
}
