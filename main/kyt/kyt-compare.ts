import type { KytComparison, KytSubmissionSummary, KytTransaction } from '../../preload/contract';

/** One side of a comparison: what was sent and what was answered (raw). */
export interface ComparedSide {
  summary: KytSubmissionSummary;
  transaction: KytTransaction;
  /** The answer as received, or null when none is kept. */
  answer: unknown;
}

// Scaffold: replaced by the what-if comparison.
export function compareSubmissions(_a: ComparedSide, _b: ComparedSide): KytComparison {
  throw new Error('compareSubmissions: not built yet');
}
