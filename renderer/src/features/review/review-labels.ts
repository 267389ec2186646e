import type {
  EvidenceKind,
  ReviewDecision,
  ReviewItemComparison,
  ReviewItemResult,
} from '../../../../preload/contract';

// How the review screens name things: records, results, decisions, keys.

export const KIND_NAMES: Record<EvidenceKind, string> = {
  alert: 'Alert',
  document: 'Document',
  message: 'Message',
  press: 'Press report',
  kyt: 'KYT submission',
};

export const RESULT_LABELS: Record<ReviewItemResult, string> = {
  same: 'Same',
  differs: 'Differs',
  'missing-here': 'Missing here',
  'missing-there': 'Not in their file',
  'missing-both': 'Held by neither',
};

export const RESULT_TONES: Record<ReviewItemResult, 'success' | 'danger' | 'warning' | 'neutral'> =
  {
    same: 'success',
    differs: 'danger',
    'missing-here': 'warning',
    'missing-there': 'warning',
    'missing-both': 'neutral',
  };

export const FILE_LABELS: Record<NonNullable<ReviewItemComparison['file']>, string> = {
  same: 'Downloaded file: the same bytes on both sides',
  differs: 'Downloaded file: different bytes on the two sides',
  'not-compared': 'Downloaded file: not compared (not downloaded on both sides)',
};

export const decided = (decision: ReviewDecision) =>
  decision === 'approve' ? 'Approved' : 'Rejected';

/** A key's fingerprint as people compare it aloud: its first 16 hex digits in groups of four. */
export const shortFingerprint = (fingerprint: string) =>
  (fingerprint.slice(0, 16).match(/.{1,4}/g) ?? []).join(' ');

/** A record's hash, its start only: enough to see two differ. */
export const shortHash = (sha256: string) => (sha256 ? `${sha256.slice(0, 8)}…` : '—');
