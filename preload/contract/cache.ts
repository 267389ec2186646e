import { z } from 'zod';
import { method } from './define';

export const AlertSortField = z.enum(['updated', 'created', 'score']);

/** A page of the cached alert queue: filters, one sort, and keyset paging (`after` from the previous page). */
export const AlertListInput = z
  .object({
    states: z.array(z.number().int().min(1).max(7)).max(7).optional(),
    categories: z.array(z.string().min(1).max(32)).max(16).optional(),
    customerExternalId: z.string().min(1).max(256).optional(),
    scoreFrom: z.number().int().min(0).max(100).optional(),
    scoreTo: z.number().int().min(0).max(100).optional(),
    sort: AlertSortField.default('updated'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    limit: z.number().int().min(1).max(500).default(100),
    after: z.string().max(512).optional(),
  })
  .strict();

export interface CachedAlertRow {
  id: string;
  customerExternalId: string;
  customerName: string;
  state: number;
  score: number;
  category: string;
  createdAt: string;
  updatedAt: string;
  revisionNumber: number;
}

export interface AlertPage {
  rows: CachedAlertRow[];
  total: number;
  /** Pass as `after` for the next page; null at the end. */
  next: string | null;
}

export const SearchInput = z.object({ text: z.string().max(200) }).strict();

export type SearchKind = 'customer' | 'alert' | 'thread' | 'message' | 'document';

/** One match of the global search; hits come grouped by kind, best first within each kind. */
export interface SearchHitView {
  kind: SearchKind;
  id: string;
  title: string;
  detail: string;
  /** Where the hit lives, so a screen can open it: its thread (messages) and its customer. */
  threadId: string | null;
  customerExternalId: string | null;
}

export interface CacheCounts {
  counts: Record<string, number>;
  customersAwaitingDetail: number;
}

export const cacheMethods = {
  counts: method<CacheCounts>()(z.undefined()),
  alerts: method<AlertPage>()(AlertListInput),
  search: method<SearchHitView[]>()(SearchInput),
};

export interface CacheEvents {
  'cache.changed': { tables: string[] };
}
