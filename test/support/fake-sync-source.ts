import type {
  AlertLike,
  CustomerEventLike,
  DocumentLike,
  ThreadLike,
} from '../../main/cache/records';
import type { SyncSource } from '../../main/sync/sync-source';

export class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A tenant a fake service answers from, and how oddly it answers. */
export interface FakeTenant {
  alerts: AlertLike[];
  threads: ThreadLike[];
  /** Customers by the id the service knows them by. */
  customers: Map<string, { external_id: string } & Record<string, unknown>>;
  events?: Map<string, CustomerEventLike[]>;
  documents?: Map<string, DocumentLike[]>;
  /** The service sends everything in one page, whatever `limit` says. */
  ignoreLimit?: boolean;
  /** The service sends the first page again and again, whatever the offset or page asked. */
  repeatFirstPage?: boolean;
  /** A `total` to announce instead of the true one (undefined: the true one; null: none). */
  total?: number | null;
  /** The id `GET /customers/{id}` answers with, given the one asked. */
  answerAs?: (asked: string) => string;
  /** Parts of a customer that answer 404: `${id}:stats`, `${id}:timeline`, `${id}:documents`, `${id}:detail`. */
  notFound?: Set<string>;
  /** Every page of a search is new records, forever (a service that never stops). */
  endless?: boolean;
  /**
   * The service's own time of an alert's last update, which orders and filters its search (by
   * default, its dates as JavaScript reads them). Its wire dates may say it in any form, or not.
   */
  updatedMs?: (alert: AlertLike) => number;
}

/**
 * An in-memory service behind the SyncSource interface: counts requests and refuses to answer
 * past a budget, so a sync that would never end fails the test instead of hanging it.
 */
export function fakeSyncSource(tenant: FakeTenant, budget = 5_000) {
  const calls: string[] = [];
  /** The customer ids asked for, in order. */
  const askedFor: string[] = [];
  const call = (name: string) => {
    calls.push(name);
    if (calls.length > budget) throw new Error(`request budget of ${budget} exceeded`);
  };
  const page = <T>(all: readonly T[], limit: number, offset: number, make: (n: number) => T) => {
    if (tenant.endless)
      return Array.from({ length: limit }, (_, i) => make(calls.length * 10_000 + i));
    if (tenant.ignoreLimit) return [...all];
    if (tenant.repeatFirstPage) return all.slice(0, limit);
    return all.slice(offset, offset + limit);
  };
  const total = (n: number) => (tenant.total === undefined ? n : tenant.total);
  const missing = (id: string, part: string) => {
    if (tenant.notFound?.has(`${id}:${part}`))
      throw new FakeHttpError(404, `${part} of ${id}: HTTP 404`);
  };
  const alertMs =
    tenant.updatedMs ??
    ((alert: AlertLike) =>
      Date.parse(alert.last_revision?.created_at ?? alert.created_at ?? '') || 0);
  // Oldest update first, as asked (order_by last_update, asc); ties by id, stably.
  const ordered = () =>
    [...tenant.alerts].sort((a, b) => alertMs(a) - alertMs(b) || (a.id < b.id ? -1 : 1));

  // Answers on a later tick, as a service does: concurrent readers interleave.
  const answer = <T>(make: () => T): Promise<T> => Promise.resolve().then(make);

  const source: SyncSource = {
    searchAlerts: (body) =>
      answer(() => {
        call('alerts');
        const from =
          typeof body.last_update_from === 'string' ? Date.parse(body.last_update_from) : 0;
        // A service repeating its first page ignores the filters too.
        const matching = tenant.repeatFirstPage
          ? tenant.alerts
          : ordered().filter((alert) => alertMs(alert) >= from);
        const limit = Number(body.limit);
        const data = page(matching, limit, Number(body.offset ?? 0), (n) => ({
          id: `endless-${n}`,
          created_at: new Date(1_700_000_000_000 + n).toISOString(),
          customer_external_id: null,
        }));
        return { data, total: total(matching.length) };
      }),
    searchThreads: (body) =>
      answer(() => {
        call('threads');
        const perPage = Number(body.per_page);
        const data = page(tenant.threads, perPage, (Number(body.on_page) - 1) * perPage, (n) => ({
          id: `endless-thread-${n}`,
          updated_at: new Date(1_700_000_000_000 + n).toISOString(),
        }));
        return { data, total: total(tenant.threads.length) };
      }),
    customer: (asked) =>
      answer(() => {
        call('customer');
        askedFor.push(asked);
        missing(asked, 'detail');
        const known = tenant.customers.get(asked);
        if (!known) throw new FakeHttpError(404, `customer ${asked}: HTTP 404`);
        const answered = tenant.answerAs?.(asked) ?? asked;
        return { customer: { ...known, external_id: answered } };
      }),
    customerStats: (asked) =>
      answer(() => {
        call('stats');
        missing(asked, 'stats');
        return { alerts: 1, last_scan_date: '2026-01-01T00:00:00Z' };
      }),
    customerTimeline: (asked) =>
      answer(() => {
        call('timeline');
        missing(asked, 'timeline');
        return tenant.events?.get(asked) ?? [];
      }),
    customerDocuments: (asked, { limit, offset }) =>
      answer(() => {
        call('documents');
        missing(asked, 'documents');
        const all = tenant.documents?.get(asked) ?? [];
        const documents = page(all, limit, offset, (n) => ({
          id: `endless-doc-${n}`,
          customer_external_id: asked,
        }));
        return { documents, total: total(all.length) };
      }),
  };
  return { source, calls, askedFor };
}

export function alertOf(id: string, customer: string, at: string | null): AlertLike {
  return {
    id,
    created_at: at,
    customer_external_id: customer,
    last_revision: { id: `${id}-r1`, revision_number: 1, state: 2, score: 50, created_at: at },
  };
}

export const customerOf = (externalId: string) => ({
  external_id: externalId,
  id: `id-${externalId}`,
  first_name: 'Ada',
  last_name: externalId,
});
