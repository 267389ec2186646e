import type {
  PressDiff,
  PressGenerateInput,
  PressGenerateResult,
  PressList,
  PressListFilter,
  PressReportDetail,
  PressReportSummary,
} from '../../preload/contract';
import type { z } from 'zod';

// COORDINATION POINT (issue 14): the press core's interface, shared by the bridge, the CLI and
// the outbox kind while they are built in parallel. The implementation replaces this file.

/** Everything CaseDesk does with press reports, over one profile's local store and service. */
export interface PressService {
  /** POST /press/instantreport with the subject (and the previous report to compare with); keeps it. */
  generate(
    input: z.output<typeof PressGenerateInput>,
    options?: { signal?: AbortSignal },
  ): Promise<PressGenerateResult>;
  /** A kept report, from the local store only. */
  get(id: string): PressReportDetail | null;
  /** GET /press/reportbody/{id}; kept (origin "opened" unless already kept otherwise). */
  open(id: string, options?: { signal?: AbortSignal }): Promise<PressReportDetail>;
  list(filter: z.output<typeof PressListFilter>): PressList;
  /** Any two kept reports; older first. Throws a plain-words Error when one is not kept. */
  compare(a: string, b: string): PressDiff;
  markSourceRead(reportId: string, sourceKey: string, read: boolean): PressReportSummary;
  /** Kept reports matching words of their summaries, categories or source titles; best first. */
  search(text: string, limit: number): PressReportSummary[];
  /**
   * Reports a customer's timeline names (press_report_generated events linking
   * /api/v1/press/reportbody/{id}) that are not kept yet: fetched and kept as "forced".
   * `events` are the timeline's events (from the cache after a sync, or fetched after a forced
   * generation was delivered). Returns how many were newly kept.
   */
  pickUp(
    customerExternalId: string,
    events: ReadonlyArray<{ eventType: string; url: string; createdAt: string | null }>,
    options?: { signal?: AbortSignal },
  ): Promise<number>;
}
