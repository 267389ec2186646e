import { z } from 'zod';
import { method } from './define';

// Global search over the offline cache's full-text index, and over the press reports kept in the
// local store (summaries, categories, source titles) and the KYT submissions kept there (ids,
// participants, label, state, currency, amount).

export const SearchInput = z.object({ text: z.string().max(200) }).strict();

export type SearchKind =
  | 'customer'
  | 'alert'
  | 'thread'
  | 'message'
  | 'document'
  | 'press'
  /** A kept KYT submission: `id` is CaseDesk's own id of it. */
  | 'kyt'
  /** An investigator's note (kept in CaseDesk): `noteOn` is the record it is about. */
  | 'note';

/** One match of the global search; hits come grouped by kind, best first within each kind. */
export interface SearchHitView {
  kind: SearchKind;
  id: string;
  title: string;
  detail: string;
  /** Where the hit lives, so a screen can open it: its thread (messages) and its customer. */
  threadId: string | null;
  customerExternalId: string | null;
  /** A note's record: where a note hit opens. */
  noteOn?: { kind: 'alert' | 'customer' | 'thread' | 'document'; id: string };
}

export const searchMethods = {
  query: method<SearchHitView[]>()(SearchInput),
};
