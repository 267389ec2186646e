import type { KytAnswerView, KytStateView } from '../../preload/contract';

// Reading the service's answer to POST /kyt/transaction, whatever shape the interface allows:
// every member optional, the state object's inside unknown, numbers that may be strings or absent.

/** What lists and filters need of an answer; every member null when absent or unusable. */
export interface AnswerBrief {
  serviceId: string | null;
  score: number | null;
  state: KytStateView | null;
  convertedAmount: number | null;
  convertedCurrency: string | null;
  /** `customers` as sent: service ids or external ids (the interface does not say which). */
  customers: string[];
}

/** A customer id from an answer, as the cache knows it (by service id or external id). */
export type ResolveCustomer = (id: string) => { externalId: string; name: string } | null;

// Scaffold: replaced by the answer reader.
export function answerBrief(_raw: unknown): AnswerBrief {
  throw new Error('answerBrief: not built yet');
}

export function stateView(_state: unknown): KytStateView | null {
  throw new Error('stateView: not built yet');
}

export function answerView(_raw: unknown, _resolve: ResolveCustomer): KytAnswerView {
  throw new Error('answerView: not built yet');
}
