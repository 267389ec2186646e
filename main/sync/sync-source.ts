import type { CacheDb } from '../cache/open-cache';
import type { CacheWriter } from '../cache/repositories';
import type { SyncProgress } from './progress';
import type {
  AlertLike,
  CustomerEventLike,
  CustomerLike,
  DocumentLike,
  ThreadLike,
} from '../cache/records';

/**
 * Records of a page the service sent but CaseDesk could not read (set aside by the source). They
 * still took their places on the page: paging counts them, or a full page with one set aside would
 * look like the last, and an offset would fall short of where the service's next page begins.
 */
export interface SetAsideOnPage {
  refused?: ReadonlyArray<{ raw: unknown }>;
}

/** Keys for the page guard of the records set aside on a page (by their raw JSON: they have no usable id). */
export function setAsideKeys(page: SetAsideOnPage): string[] {
  return (page.refused ?? []).map((record) => `set-aside\u0000${JSON.stringify(record.raw) ?? ''}`);
}

/** What the sync engine needs of the service: the API client provides it; tests may fake it. */
export interface SyncSource {
  searchAlerts(
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ data: AlertLike[]; total?: number | null } & SetAsideOnPage>;
  searchThreads(
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ data: ThreadLike[]; total?: number | null } & SetAsideOnPage>;
  customer(
    externalId: string,
    signal: AbortSignal,
  ): Promise<{ customer: CustomerLike } & Record<string, unknown>>;
  customerStats(
    externalId: string,
    signal: AbortSignal,
  ): Promise<{ alerts?: number | null; last_scan_date?: string | null }>;
  customerTimeline(externalId: string, signal: AbortSignal): Promise<CustomerEventLike[]>;
  customerDocuments(
    externalId: string,
    page: { limit: number; offset: number },
    signal: AbortSignal,
  ): Promise<{ documents: DocumentLike[]; total?: number | null } & SetAsideOnPage>;
}

/** An answer from the service with an HTTP status (as opposed to no answer at all). */
export function isHttpError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/**
 * A customer id no request can name (empty, "..", broken Unicode): the service was never asked.
 * It fails that customer alone; it says nothing of whether the service can be reached.
 */
export class UnaskableIdError extends Error {
  readonly unaskable = true;
}

export function isUnaskable(error: unknown): boolean {
  return error instanceof UnaskableIdError;
}

/** A customer the service no longer knows: dropped from the queue instead of retried forever. */
export function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404
  );
}

/** What each paged sync (alerts, threads) is given. */
export interface PagedSyncOptions {
  db: CacheDb;
  writer: CacheWriter;
  source: SyncSource;
  signal: AbortSignal;
  pageSize: number;
  /** Search filters of the profile's scope. */
  filters?: Record<string, unknown>;
  /** Pages one read may take before it stops and says so (page-guard.ts). */
  maxPages?: number;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => number;
}
