import { z } from 'zod';
import { KytColumnMapping } from '../../../preload/contract';
import type { LocalRecords } from '../../local/local-records';
import { foldName } from './column-mapping';

// The batches kept in the profile's local store (kind `kyt.batch`): what was imported, how it
// stands, and the lines that could not be read (never sent; they are in the result file). Lists
// read the digest kept beside each record, so the invalid lines' errors are read only when asked.

export const BATCH_KIND = 'kyt.batch';
const DIGEST_VERSION = 1;

const BatchState = z.enum(['ready', 'running', 'paused', 'cancelled', 'done']);

const BatchSummary = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(['csv', 'ndjson']),
  separator: z.string().nullable(),
  createdAt: z.string(),
  state: BatchState,
  reason: z.string().nullable(),
  /** False while its lines are being read in: one left so was cut short by a crash. */
  imported: z.boolean(),
  /** Lines read from the file (blank ones aside), valid and invalid. */
  lines: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  mapping: KytColumnMapping.nullable(),
  /**
   * The lines it may be sending, on disk before any of them goes out (written unflushed, then the
   * store synced off the main thread, see the batch runner); their own writes are not flushed one
   * by one. Null when it is not sending. The boot id tells at open whether the computer stopped
   * since (what was not flushed may be gone).
   */
  sendingWindow: z
    .object({
      fromLine: z.number().int(),
      throughLine: z.number().int(),
      bootId: z.string(),
    })
    .nullable()
    .default(null),
});
export type BatchSummary = z.output<typeof BatchSummary>;

export const InvalidLine = z.object({
  line: z.number().int().positive(),
  message: z.string(),
  externalId: z.string().nullable(),
});
export type InvalidLine = z.output<typeof InvalidLine>;

const BatchBody = BatchSummary.extend({
  v: z.literal(1),
  /** In line order. */
  invalidLines: z.array(InvalidLine),
});
type BatchBody = z.output<typeof BatchBody>;

const Digest = z.object({ v: z.literal(DIGEST_VERSION), summary: BatchSummary });

export interface BatchBook {
  create(summary: Omit<BatchSummary, 'sendingWindow'>): void;
  summary(id: string): BatchSummary | null;
  /** Newest first. */
  summaries(): BatchSummary[];
  /** The lines that could not be read, in line order. */
  invalidLines(id: string): InvalidLine[];
  update(
    id: string,
    change: Partial<Omit<BatchSummary, 'id'>>,
    invalidLines?: InvalidLine[],
  ): BatchSummary;
}

export function createBatchBook(records: LocalRecords): BatchBook {
  const body = (id: string): BatchBody | null => {
    const kept = records.get(BATCH_KIND, id);
    if (!kept) return null;
    const parsed = BatchBody.safeParse(kept.body);
    return parsed.success ? parsed.data : null;
  };
  const write = (next: BatchBody) => {
    const { v: _v, invalidLines: _lines, ...summary } = next;
    records.put(BATCH_KIND, next.id, next, {
      subject: next.id,
      digest: { v: DIGEST_VERSION, summary },
      searchText: ` ${foldName(next.fileName)}`,
    });
  };
  const fromDigest = (digest: unknown): BatchSummary | null => {
    const parsed = Digest.safeParse(digest);
    return parsed.success ? parsed.data.summary : null;
  };
  // A record kept without its digest, or with one of another version, is listed again once its
  // digest is derived from the body.
  for (const stale of records.stale(BATCH_KIND, DIGEST_VERSION)) {
    const parsed = BatchBody.safeParse(stale.body);
    if (parsed.success) write(parsed.data);
  }
  return {
    create(summary) {
      write({ ...summary, sendingWindow: null, v: 1, invalidLines: [] });
    },
    summary(id) {
      const digest = records.digests(BATCH_KIND, id)[0];
      return (digest && fromDigest(digest.digest)) ?? body(id);
    },
    summaries() {
      return records.digests(BATCH_KIND).flatMap((digest) => {
        const summary = fromDigest(digest.digest) ?? body(digest.id);
        return summary ? [summary] : [];
      });
    },
    invalidLines(id) {
      return body(id)?.invalidLines ?? [];
    },
    update(id, change, invalidLines) {
      const kept = body(id);
      if (!kept) throw new Error(`the batch ${id} is not kept`);
      const next: BatchBody = { ...kept, ...change, ...(invalidLines ? { invalidLines } : {}) };
      write(next);
      const { v: _v, invalidLines: _lines, ...summary } = next;
      return summary;
    },
  };
}
