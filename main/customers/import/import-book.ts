import { z } from 'zod';
import type { ImportLine, ImportView } from '../../../preload/contract';
import type { LocalRecords } from '../../local/local-records';

// The imports kept in the profile's local store: one record per import (kind `customers.import`:
// its settings, state and the counts of each chunk of lines) and one record per chunk of
// CHUNK_LINES lines (kind `customers.import.lines`, id `<import>:<chunk>`). A chunk is read and
// written whole: a page of the grid reads a chunk or two, an edit or a batch's verdicts write the
// chunks they touch, and nothing ever holds every line of a large file at once. The counts kept per
// chunk let the view, and a page of lines with problems, skip the chunks that have none.

export const IMPORT_KIND = 'customers.import';
export const LINES_KIND = 'customers.import.lines';

/** Lines per chunk record (measured: see the bench, 10,000 lines are 40 records). */
export const CHUNK_LINES = 250;

const ChunkCounts = z.object({
  lines: z.number().int(),
  unreadable: z.number().int(),
  withErrors: z.number().int(),
  withWarnings: z.number().int(),
  /** Lines the grid's "only problems" shows: errors, warnings, unreadable or edited. */
  problems: z.number().int(),
  verified: z.number().int(),
  saved: z.number().int(),
  /** Lines a verify would send (read or edited). */
  unverified: z.number().int(),
});
export type ChunkCounts = z.infer<typeof ChunkCounts>;

const ImportRecord = z.object({
  v: z.literal(1),
  id: z.string(),
  fileName: z.string(),
  relationsFileName: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(['ready', 'verifying', 'verified', 'saving', 'paused', 'cancelled', 'done']),
  /** What a paused import goes on with. */
  phase: z.enum(['verify', 'save']).nullable(),
  reason: z.string().nullable(),
  batchSize: z.number().int(),
  disableRiskScan: z.boolean(),
  riskScanForced: z.boolean(),
  /** False while the file is read in: one left so was cut short. */
  imported: z.boolean(),
  customers: z.number().int(),
  relations: z.number().int(),
  chunks: z.array(ChunkCounts),
  /**
   * Customers saved and not yet read back into the cache (GET /customers/{id}): kept so a read-back
   * cut short (the app closed) goes on when the imports open again. Each leaves once it was tried,
   * read or not (one that could not be read is the next sync's). Records older than the field: none.
   */
  pendingReadBack: z.array(z.string()).default([]),
});
export type ImportRecord = z.infer<typeof ImportRecord>;

const Problem = z.object({ code: z.string(), detail: z.string(), field: z.string().nullable() });
const Chunk = z.object({
  v: z.literal(1),
  lines: z.array(
    z.object({
      line: z.number().int(),
      kind: z.enum(['customer', 'relation']),
      externalId: z.string(),
      status: z.enum(['read', 'unreadable', 'valid', 'invalid', 'saved', 'refused', 'edited']),
      customer: z.record(z.string(), z.unknown()).nullable(),
      relation: z.record(z.string(), z.unknown()).nullable(),
      source: z.string(),
      errors: z.array(Problem),
      warnings: z.array(Problem),
      customerId: z.string().nullable(),
    }),
  ),
});

export function countsOf(lines: readonly ImportLine[]): ChunkCounts {
  const counts: ChunkCounts = {
    lines: lines.length,
    unreadable: 0,
    withErrors: 0,
    withWarnings: 0,
    problems: 0,
    verified: 0,
    saved: 0,
    unverified: 0,
  };
  for (const line of lines) {
    if (isProblem(line)) counts.problems += 1;
    if (line.status === 'unreadable') counts.unreadable += 1;
    if (line.errors.length > 0) counts.withErrors += 1;
    if (line.warnings.length > 0) counts.withWarnings += 1;
    if (line.status !== 'read' && line.status !== 'edited' && line.status !== 'unreadable')
      counts.verified += 1;
    if (line.status === 'saved' || line.status === 'refused') counts.saved += 1;
    if (line.status === 'read' || line.status === 'edited') counts.unverified += 1;
  }
  return counts;
}

export const isProblem = (line: ImportLine) =>
  line.status === 'unreadable' ||
  line.status === 'edited' ||
  line.errors.length > 0 ||
  line.warnings.length > 0;

export function viewOf(record: ImportRecord): ImportView {
  const sum = (key: keyof ChunkCounts) =>
    record.chunks.reduce((total, chunk) => total + chunk[key], 0);
  return {
    id: record.id,
    fileName: record.fileName,
    relationsFileName: record.relationsFileName,
    state: record.state,
    reason: record.reason,
    createdAt: record.createdAt,
    batchSize: record.batchSize,
    disableRiskScan: record.disableRiskScan,
    customers: record.customers,
    relations: record.relations,
    unreadable: sum('unreadable'),
    withErrors: sum('withErrors'),
    withWarnings: sum('withWarnings'),
    verified: sum('verified'),
    saved: sum('saved'),
    riskScanForced: record.riskScanForced,
  };
}

export interface ImportBook {
  create(record: Omit<ImportRecord, 'v' | 'chunks' | 'pendingReadBack'>): void;
  get(id: string): ImportRecord | null;
  /** Oldest first. */
  list(): ImportRecord[];
  update(id: string, change: Partial<Omit<ImportRecord, 'v' | 'id'>>): ImportRecord;
  /** Appends a chunk of lines (while reading the file), in one write. */
  addChunk(id: string, lines: ImportLine[]): void;
  chunk(id: string, index: number): ImportLine[];
  /** Writes chunks back, and their counts into the import, in one transaction. */
  writeChunks(id: string, chunks: ReadonlyMap<number, ImportLine[]>): ImportRecord;
  /** Removes an import and its lines. */
  remove(id: string): void;
  /** Adds saved customers to the import's pending read-back (each once); none when it is not kept. */
  addPendingReadBack(id: string, externalIds: readonly string[]): void;
  /** Takes customers tried by a read-back out of the import's pending read-back. */
  removePendingReadBack(id: string, externalIds: readonly string[]): void;
  /** The imports with customers left to read back, oldest first. */
  withPendingReadBack(): ImportRecord[];
}

export const chunkIndexOf = (line: number) => Math.floor((line - 1) / CHUNK_LINES);

export function createImportBook(
  records: LocalRecords,
  transaction: <T>(work: () => T) => T,
): ImportBook {
  const chunkId = (id: string, index: number) => `${id}:${String(index).padStart(6, '0')}`;
  const get = (id: string): ImportRecord | null => {
    const text = records.bodyText(IMPORT_KIND, id);
    if (text === undefined) return null;
    const parsed = ImportRecord.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  };
  const must = (id: string) => {
    const record = get(id);
    if (!record) throw new Error(`the import ${id} is not kept`);
    return record;
  };
  const write = (record: ImportRecord) => {
    records.put(IMPORT_KIND, record.id, record);
    return record;
  };
  return {
    create(record) {
      write({ ...record, v: 1, chunks: [], pendingReadBack: [] });
    },
    get,
    list() {
      return records.list(IMPORT_KIND).flatMap((kept) => {
        const parsed = ImportRecord.safeParse(kept.body);
        return parsed.success ? [parsed.data] : [];
      });
    },
    update(id, change) {
      return write({ ...must(id), ...change });
    },
    addChunk(id, lines) {
      transaction(() => {
        const record = must(id);
        records.put(LINES_KIND, chunkId(id, record.chunks.length), { v: 1, lines });
        write({ ...record, chunks: [...record.chunks, countsOf(lines)] });
      });
    },
    chunk(id, index) {
      const text = records.bodyText(LINES_KIND, chunkId(id, index));
      if (text === undefined) return [];
      const parsed = Chunk.safeParse(JSON.parse(text));
      return parsed.success ? (parsed.data.lines as ImportLine[]) : [];
    },
    writeChunks(id, chunks) {
      return transaction(() => {
        const record = must(id);
        const counts = [...record.chunks];
        for (const [index, lines] of chunks) {
          records.put(LINES_KIND, chunkId(id, index), { v: 1, lines });
          counts[index] = countsOf(lines);
        }
        return write({ ...record, chunks: counts });
      });
    },
    remove(id) {
      transaction(() => {
        const record = get(id);
        for (let index = 0; index < (record?.chunks.length ?? 0); index += 1)
          records.remove(LINES_KIND, chunkId(id, index));
        records.remove(IMPORT_KIND, id);
      });
    },
    addPendingReadBack(id, externalIds) {
      const record = get(id);
      if (!record || externalIds.length === 0) return;
      const pending = new Set(record.pendingReadBack);
      const before = pending.size;
      for (const externalId of externalIds) pending.add(externalId);
      if (pending.size !== before) write({ ...record, pendingReadBack: [...pending] });
    },
    removePendingReadBack(id, externalIds) {
      const record = get(id);
      if (!record || externalIds.length === 0) return;
      const tried = new Set(externalIds);
      const pending = record.pendingReadBack.filter((externalId) => !tried.has(externalId));
      if (pending.length !== record.pendingReadBack.length)
        write({ ...record, pendingReadBack: pending });
    },
    withPendingReadBack() {
      return records.list(IMPORT_KIND).flatMap((kept) => {
        const parsed = ImportRecord.safeParse(kept.body);
        return parsed.success && parsed.data.pendingReadBack.length > 0 ? [parsed.data] : [];
      });
    },
  };
}
