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

const DigestSchema = z.object({ v: z.literal(DIGEST_VERSION), summary: z.looseObject({}) });

/**
 * Press reports in the profile's local store: the report's body as kept, with its summary and
 * search words beside it, so lists and search never parse a body.
 */
export function createPressStore(records: LocalRecords, logger: Logger) {
  const summaryOf = (digest: unknown): PressReportSummary | null => {
    const parsed = DigestSchema.safeParse(digest);
    return parsed.success ? (parsed.data.summary as unknown as PressReportSummary) : null;
  };
  const summaries = (rows: ReturnType<LocalRecords['digests']>) =>
    rows.flatMap((row) => {
      const summary = summaryOf(row.digest);
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
