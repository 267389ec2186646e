import { randomUUID } from 'node:crypto';
import type {
  CustomerDraft,
  ImportLine,
  ImportView,
  RelationDraft,
} from '../../../preload/contract';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { csvCell, resultFileName, writeCsvFile } from '../../lib/tabular/csv-file';
import type { LocalRecords } from '../../local/local-records';
import {
  CHUNK_LINES,
  chunkIndexOf,
  createImportBook,
  isProblem,
  viewOf,
  type ImportRecord,
} from './import-book';
import { saveMapping } from './import-mapping';
import type { CustomerImports, StartImport } from './import-ports';
import {
  chooseMapping,
  duplicateWarning,
  openImportFile,
  previewImportFile,
  readImportLines,
} from './import-reading';
import { createImportReadBacks, type ImportReader } from './import-read-back';
import { createImportRunner, type ImportWire } from './import-runner';

// The bulk imports of the open profile: read in (every line kept, unreadable ones with their
// reason), paged and edited in the grid, verified and saved in batches by the runner, and written
// out as a result file.

export interface CustomerImportDeps {
  records: LocalRecords;
  /** Runs `work` in one local-store transaction. */
  transaction: <T>(work: () => T) => T;
  /** Runs `work` with its commits unsynced: a batch's verdicts, which a resend can recover. */
  unflushed?: <T>(work: () => T) => T;
  wire: ImportWire;
  /** Reads saved customers back into the cache (GET /customers/{id}); none where there is no cache. */
  readBack: ImportReader | null;
  logger: Logger;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Imports left verifying or saving were stopped by a crash, and read-backs left unfinished go on
   * (the app, at open: true).
   */
  recover?: boolean;
  /** Read-back progress, for the command line. */
  onReadBack?: (id: string, done: number, total: number) => void;
  /** The lines a save batch saved: relations are kept in the profile's local store from here. */
  onSaved?: (id: string, lines: readonly ImportLine[]) => void;
}

export const STOPPED_WHILE_RUNNING =
  'CaseDesk stopped while this import was sending: go on where it stopped (a save sends the batch in flight again, which is safe: a save is an upsert by external id).';

/** Yields to the event loop: long reads and writes go a chunk at a time. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createCustomerImports(deps: CustomerImportDeps): CustomerImports {
  const { records, logger } = deps;
  const now = deps.now ?? Date.now;
  const book = createImportBook(records, deps.transaction, deps.unflushed);
  const listeners = new Set<(view: ImportView) => void>();
  let closed = false;

  const emit = (id: string) => {
    const record = book.get(id);
    if (!record || listeners.size === 0) return;
    const view = viewOf(record);
    for (const listener of listeners) {
      try {
        listener(view);
      } catch (error) {
        logger.error('A customer import listener failed', error);
      }
    }
  };

  const known = (id: string): ImportRecord => {
    const record = book.get(id);
    if (!record) throw new AppError('not_found', 'This import is not kept in this profile.');
    return record;
  };

  const readBacks = createImportReadBacks({
    read: deps.readBack,
    pending: book,
    logger,
    ...(deps.onReadBack ? { onReadBack: deps.onReadBack } : {}),
  });
  const runner = createImportRunner({
    book,
    wire: deps.wire,
    readBacks,
    logger,
    sleep: deps.sleep,
    now: deps.now,
    changed: emit,
    onSaved: (id, saved) => {
      // Kept as each batch is answered: customers saved before a pause or a restart are read back too.
      readBacks.keep(
        id,
        saved.flatMap((line) => (line.kind === 'customer' ? [line.externalId] : [])),
      );
      deps.onSaved?.(id, saved);
    },
  });

  for (const record of deps.recover === false ? [] : book.list()) {
    if (!record.imported) book.remove(record.id);
    else if (record.state === 'verifying' || record.state === 'saving')
      book.update(record.id, { state: 'paused', reason: STOPPED_WHILE_RUNNING });
  }
  if (deps.recover !== false) readBacks.resume();

  const notClosed = () => {
    if (closed) throw new AppError('unavailable', 'The profile is closing: open it again.');
  };

  async function start(input: StartImport): Promise<ImportView> {
    notClosed();
    const customersSource = await openImportFile(input.file, 'customers');
    const relationsSource = input.relationsFile
      ? await openImportFile(input.relationsFile, 'relations').catch(async (error: unknown) => {
          await customersSource.close();
          throw error;
        })
      : null;
    try {
      const mapping = chooseMapping(
        customersSource,
        'customers',
        input.mapping,
        records,
        input.file.fileName,
      );
      const relationsMapping =
        relationsSource && input.relationsFile
          ? chooseMapping(
              relationsSource,
              'relations',
              input.relationsMapping,
              records,
              input.relationsFile.fileName,
            )
          : null;
      const id = randomUUID();
      book.create({
        id,
        fileName: input.file.fileName,
        relationsFileName: input.relationsFile?.fileName ?? null,
        createdAt: new Date(now()).toISOString(),
        state: 'ready',
        phase: null,
        reason: null,
        batchSize: input.batchSize,
        disableRiskScan: input.disableRiskScan,
        riskScanForced: false,
        imported: false,
        customers: 0,
        relations: 0,
      });
      let pending: ImportLine[] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        book.addChunk(id, pending);
        pending = [];
        await breathe();
      };
      const add = async (line: ImportLine) => {
        pending.push(line);
        if (pending.length === CHUNK_LINES) await flush();
      };
      const totals = { customers: 0, relations: 0 };
      const duplicates = new Set<string>();
      try {
        let next = 1;
        for (const [source, of, chosen] of [
          [customersSource, 'customers', mapping],
          ...(relationsSource ? [[relationsSource, 'relations', relationsMapping] as const] : []),
        ] as const) {
          const read = await readImportLines({ source, of, mapping: chosen, firstLine: next, add });
          next += read.lines;
          totals.customers += read.customers;
          totals.relations += read.relations;
          for (const key of read.duplicates) duplicates.add(key);
        }
        await flush();
      } catch (error) {
        book.remove(id);
        throw error;
      }
      if (totals.customers + totals.relations === 0) {
        book.remove(id);
        throw new AppError(
          'invalid_input',
          `The file “${input.file.fileName}” has no customers to import: only a header or blank lines.`,
        );
      }
      if (duplicates.size > 0) await markDuplicates(id, duplicates);
      book.update(id, { imported: true, ...totals });
      if (input.saveMapping && input.mapping && mapping)
        saveMapping(records, 'customers', mapping, new Date(now()));
      if (input.saveMapping && input.relationsMapping && relationsMapping)
        saveMapping(records, 'relations', relationsMapping, new Date(now()));
      if (input.verify) runner.begin(id, 'verify', false);
      else emit(id);
      return viewOf(known(id));
    } finally {
      await customersSource.close();
      await relationsSource?.close();
    }
  }

  /** A warning on every line whose id is on another line too (the service keeps the last saved). */
  async function markDuplicates(id: string, duplicates: ReadonlySet<string>): Promise<void> {
    const record = known(id);
    for (let index = 0; index < record.chunks.length; index += 1) {
      let touched = false;
      const lines = book.chunk(id, index).map((line) => {
        if (!duplicates.has(`${line.kind}:${line.externalId}`)) return line;
        touched = true;
        return { ...line, warnings: [...line.warnings, duplicateWarning(line.kind)] };
      });
      if (touched) book.writeChunks(id, new Map([[index, lines]]));
      await breathe();
    }
  }

  function lines(
    id: string,
    page: { onlyProblems: boolean; offset: number; limit: number },
  ): { total: number; lines: ImportLine[] } {
    const record = known(id);
    const key = page.onlyProblems ? 'problems' : 'lines';
    const total = record.chunks.reduce((sum, chunk) => sum + chunk[key], 0);
    const found: ImportLine[] = [];
    let skip = page.offset;
    for (let index = 0; index < record.chunks.length && found.length < page.limit; index += 1) {
      const counts = record.chunks[index];
      if (!counts) continue;
      // A chunk wholly before the page (or without a problem) is not read.
      if (skip >= counts[key]) {
        skip -= counts[key];
        continue;
      }
      for (const line of book.chunk(id, index)) {
        if (page.onlyProblems && !isProblem(line)) continue;
        if (skip > 0) {
          skip -= 1;
          continue;
        }
        found.push(line);
        if (found.length === page.limit) break;
      }
    }
    return { total, lines: found };
  }

  function editLine(
    id: string,
    number: number,
    change: { customer?: CustomerDraft; relation?: RelationDraft },
  ): ImportLine {
    notClosed();
    const record = known(id);
    if (record.state === 'saving' || record.state === 'verifying')
      throw new AppError(
        'conflict',
        'This import is sending its lines: pause it, then edit the line.',
      );
    if (record.state === 'cancelled')
      throw new AppError('conflict', 'This import was cancelled: import the file again.');
    const index = chunkIndexOf(number);
    const chunk = book.chunk(id, index);
    const line = chunk.find((one) => one.line === number);
    if (!line) throw new AppError('not_found', `The import has no line ${number}.`);
    if (line.kind === 'customer' && !change.customer)
      throw new AppError('invalid_input', `Line ${number} is a customer: send its customer.`);
    if (line.kind === 'relation' && !change.relation)
      throw new AppError('invalid_input', `Line ${number} is a relation: send its relation.`);
    const edited: ImportLine = {
      ...line,
      status: 'edited',
      customer: line.kind === 'customer' ? (change.customer ?? null) : null,
      relation: line.kind === 'relation' ? (change.relation ?? null) : null,
      externalId:
        line.kind === 'customer'
          ? (change.customer?.external_id ?? '')
          : (change.relation?.relation_external_id ?? ''),
      errors: [],
      warnings: [],
      customerId: null,
    };
    book.writeChunks(
      id,
      new Map([[index, chunk.map((one) => (one.line === number ? edited : one))]]),
    );
    emit(id);
    return edited;
  }

  return {
    preview: (file, of) => previewImportFile(file, of, records),
    start,
    list: () => book.list().map(viewOf),
    get(id) {
      const record = book.get(id);
      return record ? viewOf(record) : null;
    },
    lines,
    editLine,
    verify(id, all) {
      notClosed();
      const record = known(id);
      if (record.state === 'cancelled')
        throw new AppError('conflict', 'This import was cancelled: import the file again.');
      if (record.state === 'saving')
        throw new AppError('conflict', 'This import is saving: pause it first.');
      if (record.state !== 'verifying') runner.begin(id, 'verify', all);
      return viewOf(known(id));
    },
    save(id) {
      notClosed();
      const record = known(id);
      if (record.state === 'cancelled')
        throw new AppError('conflict', 'This import was cancelled: import the file again.');
      if (record.state === 'verifying')
        throw new AppError('conflict', 'The dry run is under way: save once it is done.');
      const unverified = record.chunks.reduce((sum, chunk) => sum + chunk.unverified, 0);
      if (unverified > 0)
        throw new AppError(
          'conflict',
          `${unverified === 1 ? '1 line was' : `${unverified.toLocaleString('en')} lines were`} read or edited since the last dry run: verify again, then save.`,
        );
      if (record.state !== 'saving') runner.begin(id, 'save', false);
      return viewOf(known(id));
    },
    pause(id) {
      known(id);
      runner.stop(id, 'pause');
      return viewOf(known(id));
    },
    cancel(id) {
      const record = known(id);
      if (record.state === 'done' || record.state === 'cancelled') return viewOf(record);
      runner.stop(id, 'cancel');
      return viewOf(known(id));
    },
    async saveResult(id, folder) {
      const record = known(id);
      const rows = (function* () {
        for (let index = 0; index < record.chunks.length; index += 1)
          for (const line of book.chunk(id, index)) yield resultRow(line);
      })();
      return writeCsvFile(
        folder,
        resultFileName(record.fileName, new Date(now()), 'customers'),
        RESULT_COLUMNS,
        rows,
      );
    },
    async settled(id) {
      known(id);
      await runner.settled(id);
      return viewOf(known(id));
    },
    readBackSettled: (id) => runner.readBackSettled(id),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await runner.close();
    },
  };
}

export const RESULT_COLUMNS = [
  'line',
  'kind',
  'external_id',
  'added',
  'customer_id',
  'status',
  'errors',
  'warnings',
] as const;

const problemsText = (problems: ImportLine['errors']) =>
  problems
    .map(
      (problem) => `${problem.field ? `${problem.field}: ` : ''}${problem.code}: ${problem.detail}`,
    )
    .join(' | ');

function resultRow(line: ImportLine): string {
  const cells = [
    line.line,
    line.kind,
    line.externalId,
    line.status === 'saved' ? 'yes' : 'no',
    line.customerId,
    line.status,
    problemsText(line.errors),
    problemsText(line.warnings),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}
