import type { CustomerDraft, RelationDraft, SaveReport } from '../../preload/contract';

// The seams inside main/customers/: the one way customers and relations are written to the
// service (verified, saved, or queued in the outbox when offline, and read back into the cache), on
// which the customer form, the relations and the bulk import stand.

export interface SaveRequestLines {
  customers: CustomerDraft[];
  relations: RelationDraft[];
  disableRiskScan: boolean;
}

export interface CustomerSaver {
  /** POST /customers/save with verify_input: true. Throws (AppError) when the service cannot be reached. */
  verify(lines: SaveRequestLines, signal?: AbortSignal): Promise<SaveReport>;
  /**
   * POST /customers/save. Online: answers the service's report, after reading the saved customers
   * back into the cache. Offline (`queueWhenOffline`): queues the save in the outbox (`queued`).
   */
  save(
    lines: SaveRequestLines,
    options?: {
      queueWhenOffline?: boolean;
      /** The caller knows the service cannot be reached now: queued (when allowed) without a try. */
      offline?: boolean;
      signal?: AbortSignal;
    },
  ): Promise<SaveReport>;
}
