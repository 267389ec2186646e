import { z } from 'zod';
import type { PressReportSummary } from '../../preload/contract';
import type { Logger } from '../lib/logger';
import type { LocalRecords } from '../local/local-records';
import {
  DIGEST_VERSION,
  detailOf,
  indexOf,
  KeptPressReport,
  PRESS_REPORT_KIND,
} from './kept-report';

const IN_DOUBT_KIND = 'press-in-doubt';

/** A generation whose answer was lost: the report may exist on the service. */
export const InDoubtGeneration = z.object({
  since: z.string(),
  sinceMs: z.number(),
  name: z.string(),
  customerExternalId: z.string().nullable(),
});
export type InDoubtGeneration = z.output<typeof InDoubtGeneration>;

/** What lists show of a report, as kept in its digest: read back through this schema (a file). */
const SummarySchema: z.ZodType<PressReportSummary> = z.object({
  id: z.string(),
  createdAt: z.string().nullable(),
  keptAtMs: z.number(),
  subjectName: z.string(),
  subjectKey: z.string(),
  customerExternalId: z.string().nullable(),
  origin: z.enum(['generated', 'opened', 'forced']),
  previousReportId: z.string().nullable(),
  categories: z.array(
    z.object({ category: z.string(), severity: z.string(), reverted: z.boolean() }),
  ),
  highestSeverity: z.string().nullable(),
  sourceCount: z.number(),
  readSourceCount: z.number(),
  namesakeCount: z.number().nullable(),
  riskSummaryStart: z.string(),
});
const DigestSchema = z.object({ v: z.literal(DIGEST_VERSION), summary: SummarySchema });

const AWAITING_KIND = 'press-awaiting-forced';
const GONE_KIND = 'press-gone';
const GoneReport = z.object({ atMs: z.number() });

/** A forced generation delivered whose report the customer's timeline has not named yet. */
export const AwaitedForced = z.object({
  customerExternalId: z.string().min(1),
  /** When it was asked (queued): the report's event comes after. */
  sinceMs: z.number(),
  /**
   * When the service got it: the days it is looked for run from here (one queued during a long
   * trip offline is delivered long after it was asked). Kept before this was: sinceMs.
   */
  deliveredAtMs: z.number().optional(),
  /** When its customer's timeline was last read for it: the least lately read are read first. */
  readAtMs: z.number().optional(),
  /** Set when CaseDesk stopped looking (after AWAIT_FORCED_MS). */
  gaveUpAtMs: z.number().nullable().default(null),
});
export type AwaitedForced = z.output<typeof AwaitedForced>;

/**
 * Press reports in the profile's local store: the report's body as kept, with its summary and
 * search words beside it, so lists and search never parse a body.
 */
export function createPressStore(records: LocalRecords, logger: Logger) {
  const summaryOf = (digest: unknown): PressReportSummary | null => {
    const parsed = DigestSchema.safeParse(digest);
    return parsed.success ? parsed.data.summary : null;
  };
  const versionOf = (digest: unknown) =>
    typeof digest === 'object' && digest !== null ? (digest as { v?: unknown }).v : undefined;
  /** A digest that does not read (damaged, or of an odd shape) is derived again from the body. */
  const rederived = (id: string): PressReportSummary | null => {
    const kept = store.get(id);
    if (!kept) return null;
    const index = indexOf(kept);
    records.setIndex(PRESS_REPORT_KIND, id, index);
    return index.digest.summary;
  };
  const summaries = (rows: ReturnType<LocalRecords['digests']>) =>
    rows.flatMap((row) => {
      // Another version is derived again by reindex when the store opens; one of this version
      // that does not read (an odd shape) is derived again here, never handed on as it is.
      const summary =
        summaryOf(row.digest) ??
        (versionOf(row.digest) === DIGEST_VERSION ? rederived(row.id) : null);
      return summary ? [summary] : [];
    });

  const store = {
    get(id: string): KeptPressReport | null {
      const record = records.get(PRESS_REPORT_KIND, id);
      if (!record) return null;
      const parsed = KeptPressReport.safeParse(record.body);
      if (!parsed.success) {
        logger.error(`the kept press report ${id} could not be read: ${parsed.error.message}`);
        return null;
      }
      return parsed.data;
    },
    has: (id: string) => records.has(PRESS_REPORT_KIND, id),
    keep(kept: KeptPressReport) {
      const detail = detailOf(kept);
      records.put(PRESS_REPORT_KIND, kept.wire.report_body_id, kept, indexOf(kept, detail));
      return detail;
    },
    /** Newest first (when kept), of one group (see groupOf) or all. */
    summaries: (group?: string) => summaries(records.digests(PRESS_REPORT_KIND, group)),
    count: (group: string) => records.countOf(PRESS_REPORT_KIND, group),
    search: (words: readonly string[], limit: number) =>
      summaries(records.searchDigests(PRESS_REPORT_KIND, words, limit)),
    /**
     * Derives again what lists read of reports kept without it (recovered from a damaged store)
     * or with an older form of it. Returns how many.
     */
    reindex(): number {
      let count = 0;
      for (const record of records.stale(PRESS_REPORT_KIND, DIGEST_VERSION)) {
        const parsed = KeptPressReport.safeParse(record.body);
        if (!parsed.success) {
          logger.error(`the kept press report ${record.id} could not be read to list it`);
          continue;
        }
        records.setIndex(PRESS_REPORT_KIND, record.id, indexOf(parsed.data));
        count += 1;
      }
      return count;
    },
    /** A report id the service answered 404 for, and when: not asked for again for a while. */
    markGone(id: string, atMs: number) {
      records.put(GONE_KIND, id, { atMs });
    },
    goneSince(id: string): number | null {
      const parsed = GoneReport.safeParse(records.get(GONE_KIND, id)?.body);
      return parsed.success ? parsed.data.atMs : null;
    },
    awaitForced(marker: AwaitedForced) {
      const before = store
        .awaited()
        .find((entry) => entry.customerExternalId === marker.customerExternalId);
      // Asked again while one is awaited: the earlier time, so neither report is missed.
      const sinceMs =
        before && before.gaveUpAtMs === null
          ? Math.min(before.sinceMs, marker.sinceMs)
          : marker.sinceMs;
      const deliveredAtMs =
        before && before.gaveUpAtMs === null
          ? Math.max(before.deliveredAtMs ?? before.sinceMs, marker.deliveredAtMs ?? marker.sinceMs)
          : marker.deliveredAtMs;
      records.put(AWAITING_KIND, marker.customerExternalId, {
        ...marker,
        sinceMs,
        ...(deliveredAtMs === undefined ? {} : { deliveredAtMs }),
      });
    },
    /** Every forced generation awaited or given up, oldest first. */
    awaited(): AwaitedForced[] {
      return records.list(AWAITING_KIND).flatMap((record) => {
        const parsed = AwaitedForced.safeParse(record.body);
        return parsed.success ? [parsed.data] : [];
      });
    },
    settleForced(customerExternalId: string) {
      records.remove(AWAITING_KIND, customerExternalId);
    },
    inDoubt(group: string): InDoubtGeneration | null {
      const record = records.get(IN_DOUBT_KIND, group);
      const parsed = record ? InDoubtGeneration.safeParse(record.body) : null;
      return parsed?.success ? parsed.data : null;
    },
    markInDoubt(group: string, marker: InDoubtGeneration) {
      records.put(IN_DOUBT_KIND, group, marker);
    },
    clearInDoubt(group: string) {
      records.remove(IN_DOUBT_KIND, group);
    },
  };
  return store;
}

export type PressStore = ReturnType<typeof createPressStore>;
