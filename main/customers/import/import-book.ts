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
/**
 * Customers an import saved and did not read back into the cache yet (GET /customers/{id}), one
 * record per import (its id): kept so a read-back cut short (the app closed) goes on when the
 * imports open again. Each leaves once it was tried, read or not (one that could not be read is
 * the next sync's). Apart from the import's record, which every batch rewrites.
 */
export const READ_BACK_KIND = 'customers.import.readback';
const PendingReadBack = z.object({ v: z.literal(1), externalIds: z.array(z.string()) });

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
  /** Grows with every write (imports kept before it read as 0): orders the views sent out. */
  revision: z.number().int().nonnegative().default(0),
});
export type ImportRecord = z.infer<typeof ImportRecord>;

const isPlainObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const Problem = z.object({ code: z.string(), detail: z.string(), field: z.string().nullable() });
const Chunk = z.object({
  v: z.literal(1),
  lines: z.array(
    z.object({
      line: z.number().int(),
      kind: z.enum(['customer', 'relation']),
      externalId: z.string(),
      status: z.enum(['read', 'unreadable', 'valid', 'invalid', 'saved', 'refused', 'edited']),
      // A draft is checked as the write shape when it is read from the file or edited; kept, it is
      // only an object here (a record schema would copy every field of every line on each read).
      customer: z.custom<Record<string, unknown>>(isPlainObject).nullable(),
      relation: z.custom<Record<string, unknown>>(isPlainObject).nullable(),
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
    revision: record.revision,
  };
}

export interface ImportBook {
  create(record: Omit<ImportRecord, 'v' | 'chunks' | 'revision'>): void;
  get(id: string): ImportRecord | null;
  /** Oldest first. */
  list(): ImportRecord[];
  update(id: string, change: Partial<Omit<ImportRecord, 'v' | 'id' | 'revision'>>): ImportRecord;
  /** Appends a chunk of lines (while reading the file), in one write. */
  addChunk(id: string, lines: ImportLine[]): void;
  /** A chunk's lines, shared with the book's cache: read, never changed in place. */
  chunk(id: string, index: number): readonly ImportLine[];
  /**
   * Writes chunks back, and their counts into the import, in one transaction. `flushed: false`
   * (a batch's verdicts) leaves the commit unsynced: the next flushed write of the store makes it
   * durable, and a power cut before that only costs sending those lines again.
   */
  writeChunks(
    id: string,
    chunks: ReadonlyMap<number, readonly ImportLine[]>,
    options?: { flushed: boolean },
  ): ImportRecord;
  /** Removes an import and its lines. */
  remove(id: string): void;
  /** Adds saved customers to the import's pending read-back (each once); none when it is not kept. */
  addPendingReadBack(id: string, externalIds: readonly string[]): void;
  /** Takes customers tried by a read-back out of the import's pending read-back. */
  removePendingReadBack(id: string, externalIds: readonly string[]): void;
  /** The customers an import has left to read back. */
  pendingReadBack(id: string): string[];
  /** The imports with customers left to read back, oldest first. */
  withPendingReadBack(): string[];
}

export const chunkIndexOf = (line: number) => Math.floor((line - 1) / CHUNK_LINES);

/**
 * Chunks kept parsed (about 1 MB each): a run reads every chunk twice (what it knows of the file,
 * then the lines it sends) and writes its verdicts over them, and the grid reads the same pages
 * again and again. 48 chunks hold a file of 12,000 lines; a larger one is parsed again.
 */
const CACHED_CHUNKS = 48;

export function createImportBook(
  records: LocalRecords,
  transaction: <T>(work: () => T) => T,
  /** Runs `work` with its commits unsynced (see writeChunks); without it, every commit is. */
  unflushed: <T>(work: () => T) => T = (work) => work(),
): ImportBook {
  const chunkId = (id: string, index: number) => `${id}:${String(index).padStart(6, '0')}`;
  // Parsed chunks by the text they were parsed from: a chunk another CaseDesk (the command line
  // on the same profile) wrote meanwhile reads as different text, and is parsed again.
  const parsedChunks = new Map<string, { text: string; lines: readonly ImportLine[] }>();
  const remember = (key: string, text: string, lines: readonly ImportLine[]) => {
    parsedChunks.delete(key);
    parsedChunks.set(key, { text, lines });
    if (parsedChunks.size > CACHED_CHUNKS) {
      const oldest = parsedChunks.keys().next().value;
      if (oldest !== undefined) parsedChunks.delete(oldest);
    }
  };
  // Parsed imports by their text, as chunks are: a batch reads its import three times.
  const parsedRecords = new Map<string, { text: string; record: ImportRecord }>();
  const get = (id: string): ImportRecord | null => {
    const text = records.bodyText(IMPORT_KIND, id);
    if (text === undefined) {
      parsedRecords.delete(id);
      return null;
    }
    const known = parsedRecords.get(id);
    if (known?.text === text) return known.record;
    const parsed = ImportRecord.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    parsedRecords.set(id, { text, record: parsed.data });
    return parsed.data;
  };
  const must = (id: string) => {
    const record = get(id);
    if (!record) throw new Error(`the import ${id} is not kept`);
    return record;
  };
  /** Writes an import kept already (`must` found it), one revision on. */
  const write = (change: ImportRecord) => {
    const record = { ...change, revision: change.revision + 1 };
    const text = JSON.stringify(record);
    records.setBodyText(IMPORT_KIND, record.id, text);
    parsedRecords.set(record.id, { text, record });
    return record;
  };
  const pendingOf = (id: string): string[] => {
    const text = records.bodyText(READ_BACK_KIND, id);
    if (text === undefined) return [];
    const parsed = PendingReadBack.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.externalIds : [];
  };
  // Written unflushed: losing the last of them to a power cut leaves those customers to the next sync.
  const keepPending = (id: string, externalIds: string[]) => {
    if (externalIds.length === 0) records.remove(READ_BACK_KIND, id);
    else records.put(READ_BACK_KIND, id, { v: 1, externalIds });
  };
  return {
    create(record) {
      records.put(IMPORT_KIND, record.id, { ...record, v: 1, chunks: [], revision: 0 });
    },
    get,
    list() {
      return records.list(IMPORT_KIND).flatMap((kept) => {
        const parsed = ImportRecord.safeParse(kept.body);
        return parsed.success ? [parsed.data] : [];
      });
    },
    update(id, change) {
      // Read and written in one transaction: the command line on the same profile cannot slip a
      // write in between, which would lose its change and take the revision back.
      return transaction(() => write({ ...must(id), ...change }));
    },
    addChunk(id, lines) {
      transaction(() => {
        const record = must(id);
        const key = chunkId(id, record.chunks.length);
        const text = JSON.stringify({ v: 1, lines });
        records.putText(LINES_KIND, key, text);
        // Kept parsed: the dry run that mostly follows reads every chunk at once.
        remember(key, text, lines);
        write({ ...record, chunks: [...record.chunks, countsOf(lines)] });
      });
    },
    chunk(id, index) {
      const key = chunkId(id, index);
      const text = records.bodyText(LINES_KIND, key);
      if (text === undefined) {
        parsedChunks.delete(key);
        return [];
      }
      const known = parsedChunks.get(key);
      if (known?.text === text) return known.lines;
      const parsed = Chunk.safeParse(JSON.parse(text));
      const lines = parsed.success ? (parsed.data.lines as ImportLine[]) : [];
      remember(key, text, lines);
      return lines;
    },
    writeChunks(id, chunks, options) {
      const work = () =>
        transaction(() => {
          const record = must(id);
          const counts = [...record.chunks];
          for (const [index, lines] of chunks) {
            const key = chunkId(id, index);
            const text = JSON.stringify({ v: 1, lines });
            records.setBodyText(LINES_KIND, key, text);
            remember(key, text, lines);
            counts[index] = countsOf(lines);
          }
          return write({ ...record, chunks: counts });
        });
      return options?.flushed === false ? unflushed(work) : work();
    },
    remove(id) {
      transaction(() => {
        const record = get(id);
        for (let index = 0; index < (record?.chunks.length ?? 0); index += 1) {
          records.remove(LINES_KIND, chunkId(id, index));
          parsedChunks.delete(chunkId(id, index));
        }
        records.remove(IMPORT_KIND, id);
        records.remove(READ_BACK_KIND, id);
        parsedRecords.delete(id);
      });
    },
    // Each read and written in one transaction: the app and the command line may both change it.
    addPendingReadBack(id, externalIds) {
      if (externalIds.length === 0) return;
      unflushed(() =>
        transaction(() => {
          if (!get(id)) return;
          const pending = new Set(pendingOf(id));
          const before = pending.size;
          for (const externalId of externalIds) pending.add(externalId);
          if (pending.size !== before) keepPending(id, [...pending]);
        }),
      );
    },
    removePendingReadBack(id, externalIds) {
      if (externalIds.length === 0) return;
      unflushed(() =>
        transaction(() => {
          const now = pendingOf(id);
          const tried = new Set(externalIds);
          const pending = now.filter((externalId) => !tried.has(externalId));
          if (pending.length !== now.length) keepPending(id, pending);
        }),
      );
    },
    pendingReadBack: pendingOf,
    withPendingReadBack() {
      return records.list(READ_BACK_KIND).flatMap((kept) => {
        const parsed = PendingReadBack.safeParse(kept.body);
        return parsed.success && parsed.data.externalIds.length > 0 ? [kept.id] : [];
      });
    },
  };
}
