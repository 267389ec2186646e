import type { CustomerDraft, ImportLine } from '../../../preload/contract';
import type { SaveCustomersRequest } from '../../api/request-types';
import type { WireSaveResponse } from '../../api/wire/customer';
import { isServiceError } from '../../api';
import type { Logger } from '../../lib/logger';
import { reportOfAnswer } from '../save-report';
import { chunkIndexOf, type ImportBook } from './import-book';
import { duplicateWarning } from './import-reading';
import type { ImportReadBacks } from './import-read-back';

// Sends an import's lines in batches: the dry run (verify_input) of the lines not verified since
// read or edited, and the save of the lines without errors (customers first, parents before the
// customers naming them, then relations). A line's verdict is written when its batch is answered,
// so a stop (pause, a dropped connection, a restart) goes on from the first line without one; the
// batch in flight is sent again, which is safe (a save is an upsert by external id). 429 and
// Retry-After are waited for; a connection that keeps failing pauses the import, saying why.

/** The one call the import makes (POST /customers/save); tests give a fake. */
export interface ImportWire {
  save(body: SaveCustomersRequest, signal: AbortSignal): Promise<WireSaveResponse>;
}

export const PAUSED_BY_YOU = 'Paused: save (or verify) again to go on where it stopped.';
/** Tries of one batch in a row before the import pauses itself. */
export const MAX_TRIES = 4;
const BACKOFF_MS = [1000, 2000, 5000, 10_000];

type Phase = 'verify' | 'save';

interface Job {
  controller: AbortController;
  stop: 'pause' | 'cancel' | null;
  done: Promise<void>;
}

export interface ImportRunner {
  begin(id: string, phase: Phase, all: boolean): void;
  stop(id: string, how: 'pause' | 'cancel'): void;
  settled(id: string): Promise<void>;
  readBackSettled(id: string): Promise<void>;
  close(): Promise<void>;
}

function waitMs(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

class Stopped extends Error {}

/** Why the import paused itself, in words the investigator can act on. */
function pauseReason(error: unknown, phase: Phase): string {
  const again = phase === 'verify' ? 'verify again' : 'save again';
  if (isServiceError(error)) {
    if (error.kind === 'auth')
      return `The service refused this profile’s access token: save a new token, then ${again} to go on where it stopped.`;
    if (
      error.kind === 'http' &&
      error.status !== null &&
      error.status < 500 &&
      error.status !== 429
    )
      return `The service refused a batch: ${error.message} Check the lines, then ${again}.`;
    return `The service could not be reached (${error.message}): ${again} to go on where it stopped.`;
  }
  return `The import stopped: ${error instanceof Error ? error.message : String(error)} ${again} to go on where it stopped.`;
}

const transient = (error: unknown) =>
  isServiceError(error) &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'malformed' ||
    (error.kind === 'http' && (error.status === 429 || (error.status ?? 0) >= 500)));

/** A 4xx other than the token's or a 429: the request itself was refused, not the connection. */
const refusedWhole = (error: unknown) =>
  isServiceError(error) &&
  error.kind === 'http' &&
  error.status !== null &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 429 &&
  error.status !== 408;

/** A one-line request's refusal as the per-line answer the service would have given. */
function refusalAnswer(body: SaveCustomersRequest, error: unknown): WireSaveResponse {
  const said = isServiceError(error) ? (error.serviceMessage ?? error.message) : String(error);
  const code = isServiceError(error) ? (error.code ?? `http_${error.status ?? ''}`) : 'refused';
  const one = body.relations?.[0]?.relation_external_id ?? body.customers?.[0]?.external_id ?? '';
  const entries = [
    ...(body.customers ?? []).map((customer) => customer.external_id),
    ...(body.relations ?? []).map((relation) => relation.relation_external_id),
  ].map((externalId) => ({
    external_id: externalId,
    errors: externalId === one ? [{ error: code, detail: said }] : [],
    warnings: [],
  }));
  return {
    added: [],
    detail: entries,
    status: 'refused',
    verify_input: body.verify_input ?? false,
  };
}

interface Candidate {
  line: ImportLine;
  /** The draft as sent: the verdict is kept only when the line still holds it. */
  sentAs: string;
}

const draftText = (line: ImportLine) => JSON.stringify(line.customer ?? line.relation);

export function createImportRunner(deps: {
  book: ImportBook;
  wire: ImportWire;
  /** Reads the customers a save saved back into the cache (closed with the runner). */
  readBacks: ImportReadBacks;
  logger: Logger;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  changed: (id: string) => void;
  /** The lines a save batch saved (customers and relations), once written to the import. */
  onSaved?: (id: string, lines: readonly ImportLine[]) => void;
}): ImportRunner {
  const { book, wire, logger } = deps;
  const sleep = deps.sleep ?? waitMs;
  const jobs = new Map<string, Job>();
  const { readBacks } = deps;

  /** Customers of the file by external id (the last line with it), for the parents a batch names. */
  function customerIndex(id: string): Map<string, ImportLine> {
    const record = book.get(id);
    const index = new Map<string, ImportLine>();
    for (let chunk = 0; chunk < (record?.chunks.length ?? 0); chunk += 1)
      for (const line of book.chunk(id, chunk))
        if (line.kind === 'customer' && line.customer) index.set(line.externalId, line);
    return index;
  }

  /**
   * Sends one batch and keeps each line's verdict. In a dry run, the customers of the file that the
   * batch names (parents, a relation's ends) and that are not saved yet ride along so the service
   * knows them; their own verdicts come from their own batch.
   */
  async function sendBatch(
    id: string,
    phase: Phase,
    batch: Candidate[],
    job: Job,
    index: Map<string, ImportLine>,
    savedIds: Set<string>,
    duplicates: Set<string>,
  ): Promise<string[]> {
    const record = book.get(id);
    if (!record) throw new Stopped();
    const customers = batch.flatMap((one) => (one.line.customer ? [one.line.customer] : []));
    const relations = batch.flatMap((one) => (one.line.relation ? [one.line.relation] : []));
    const context: CustomerDraft[] = [];
    if (phase === 'verify') {
      const inBatch = new Set(customers.map((customer) => customer.external_id));
      const want = (externalId: string | undefined, depth = 0) => {
        if (!externalId || inBatch.has(externalId) || savedIds.has(externalId) || depth > 10)
          return;
        const found = index.get(externalId);
        if (!found?.customer) return;
        inBatch.add(externalId);
        context.push(found.customer);
        want(found.customer.parent_external_id, depth + 1);
      };
      for (const customer of customers) want(customer.parent_external_id);
      for (const relation of relations) {
        want(relation.parent_customer_external_id);
        want(relation.child_customer_external_id);
      }
    }
    const request = {
      customers: [...customers, ...context],
      relations,
      disableRiskScan: record.disableRiskScan,
    };
    const body: SaveCustomersRequest = {
      customers: request.customers,
      relations: request.relations,
      disable_risk_scan: record.disableRiskScan,
      verify_input: phase === 'verify',
    };
    let answer: WireSaveResponse | null = null;
    for (let tries = 1; answer === null; tries += 1) {
      if (job.stop) throw new Stopped();
      try {
        answer = await wire.save(body, job.controller.signal);
      } catch (error) {
        if (job.stop) throw new Stopped();
        if (refusedWhole(error)) {
          // The whole request was refused (a value its schema refuses): halves are sent until the
          // line it names is found alone, and that line alone carries the refusal.
          if (batch.length > 1) {
            const half = Math.ceil(batch.length / 2);
            const args = [job, index, savedIds, duplicates] as const;
            return [
              ...(await sendBatch(id, phase, batch.slice(0, half), ...args)),
              ...(await sendBatch(id, phase, batch.slice(half), ...args)),
            ];
          }
          answer = refusalAnswer(body, error);
          break;
        }
        const is429 = isServiceError(error) && error.status === 429;
        // A 429 is waited for as long as the service asks, however often; other failures a few times.
        if (!transient(error) || (!is429 && tries >= MAX_TRIES)) throw error;
        const asked = isServiceError(error) ? error.retryAfterMs : null;
        const wait = asked ?? BACKOFF_MS[Math.min(tries - 1, BACKOFF_MS.length - 1)] ?? 1000;
        logger.warn(`customer import ${id}: batch failed (${String(error)}), again in ${wait} ms`);
        await sleep(wait, job.controller.signal);
      }
    }
    const report = reportOfAnswer(answer, request, {
      verify: phase === 'verify',
      disableRiskScan: record.disableRiskScan,
    });
    const verdicts = new Map<number, { line: ImportLine; sentAs: string }>();
    // The report's lines: the batch's customers, the context, then the relations.
    const reportLines = [
      ...report.lines.slice(0, customers.length),
      ...report.lines.slice(customers.length + context.length),
    ];
    const saved: string[] = [];
    batch.forEach((candidate, position) => {
      const verdict = reportLines[position];
      if (!verdict) return;
      const warnings = [...verdict.warnings];
      const key = `${candidate.line.kind}:${candidate.line.externalId}`;
      if (duplicates.has(key) && !warnings.some((one) => one.code === 'duplicate_external_id'))
        warnings.push(duplicateWarning(candidate.line.kind));
      const failed = verdict.errors.length > 0;
      const status =
        phase === 'verify' ? (failed ? 'invalid' : 'valid') : failed ? 'refused' : 'saved';
      if (status === 'saved' && candidate.line.kind === 'customer')
        saved.push(candidate.line.externalId);
      verdicts.set(candidate.line.line, {
        sentAs: candidate.sentAs,
        line: {
          ...candidate.line,
          status,
          errors: verdict.errors,
          warnings,
          customerId: verdict.customerId ?? candidate.line.customerId,
        },
      });
    });
    // Written over the chunks as they are now: a line edited meanwhile keeps its edit.
    const touched = new Map<number, ImportLine[]>();
    for (const [number, verdict] of verdicts) {
      const chunkIndex = chunkIndexOf(number);
      const lines = touched.get(chunkIndex) ?? book.chunk(id, chunkIndex);
      touched.set(
        chunkIndex,
        lines.map((line) =>
          line.line === number && draftText(line) === verdict.sentAs ? verdict.line : line,
        ),
      );
    }
    book.writeChunks(id, touched);
    if (phase === 'save' && deps.onSaved) {
      const savedLines = [...verdicts.values()]
        .map((verdict) => verdict.line)
        .filter((line) => line.status === 'saved');
      if (savedLines.length > 0) deps.onSaved(id, savedLines);
    }
    if (report.riskScanForced && !record.riskScanForced) book.update(id, { riskScanForced: true });
    deps.changed(id);
    return saved;
  }

  /** The lines a phase sends, a chunk at a time, in line order; `eligible` is asked as they come. */
  function* candidates(id: string, eligible: (line: ImportLine) => boolean): Generator<Candidate> {
    const record = book.get(id);
    for (let chunk = 0; chunk < (record?.chunks.length ?? 0); chunk += 1)
      for (const line of book.chunk(id, chunk))
        if (eligible(line)) yield { line, sentAs: draftText(line) };
  }

  async function run(id: string, phase: Phase, all: boolean, job: Job): Promise<void> {
    const record = book.get(id);
    if (!record) return;
    const index = customerIndex(id);
    const duplicates = new Set<string>();
    const seen = new Set<string>();
    for (let chunk = 0; chunk < record.chunks.length; chunk += 1)
      for (const line of book.chunk(id, chunk)) {
        const key = `${line.kind}:${line.externalId}`;
        if (line.externalId !== '' && seen.has(key)) duplicates.add(key);
        seen.add(key);
      }
    const savedIds = new Set<string>();
    for (let chunk = 0; chunk < record.chunks.length; chunk += 1)
      for (const line of book.chunk(id, chunk))
        if (line.kind === 'customer' && line.status === 'saved') savedIds.add(line.externalId);
    const savedNow: string[] = [];
    let batch: Candidate[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const sent = batch;
      batch = [];
      const saved = await sendBatch(id, phase, sent, job, index, savedIds, duplicates);
      for (const externalId of saved) savedIds.add(externalId);
      savedNow.push(...saved);
    };
    const take = async (eligible: (line: ImportLine) => boolean) => {
      let kind: ImportLine['kind'] | null = null;
      for (const candidate of candidates(id, eligible)) {
        // A batch holds one kind: customers are all sent before relations.
        if (kind !== null && candidate.line.kind !== kind) await flush();
        kind = candidate.line.kind;
        batch.push(candidate);
        if (batch.length >= record.batchSize) await flush();
      }
      await flush();
    };

    if (phase === 'verify') {
      await take(
        (line) =>
          line.status === 'read' ||
          line.status === 'edited' ||
          (all && (line.status === 'valid' || line.status === 'invalid')),
      );
    } else {
      // Parents first: a customer naming a parent of the file waits until that parent is saved,
      // round after round; what is left (its parent refused) goes last, for the service to judge.
      const inFile = (externalId: string | undefined) =>
        externalId !== undefined && externalId !== '' && index.has(externalId);
      const waitsForParent = (line: ImportLine) =>
        inFile(line.customer?.parent_external_id) &&
        !savedIds.has(line.customer?.parent_external_id ?? '');
      const inBatch = new Set<number>();
      for (let round = 0; round < 50; round += 1) {
        const before = savedIds.size;
        await take((line) => {
          if (line.kind !== 'customer' || line.status !== 'valid' || inBatch.has(line.line))
            return false;
          if (waitsForParent(line)) return false;
          inBatch.add(line.line);
          return true;
        });
        if (savedIds.size === before) break;
      }
      await take((line) => line.kind === 'customer' && line.status === 'valid');
      await take((line) => line.kind === 'relation' && line.status === 'valid');
    }
    book.update(id, {
      state: phase === 'verify' ? 'verified' : 'done',
      phase: null,
      reason: null,
    });
    if (phase === 'save') readBacks.start(id, savedNow);
  }

  return {
    begin(id, phase, all) {
      if (jobs.has(id)) return;
      book.update(id, {
        state: phase === 'verify' ? 'verifying' : 'saving',
        phase,
        reason: null,
      });
      const job: Job = { controller: new AbortController(), stop: null, done: Promise.resolve() };
      jobs.set(id, job);
      deps.changed(id);
      job.done = (async () => {
        // Begun from a call: the answer goes out before the first batch does.
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          await run(id, phase, all, job);
        } catch (error) {
          if (job.stop === 'cancel') book.update(id, { state: 'cancelled', reason: null });
          else if (job.stop === 'pause' || error instanceof Stopped)
            book.update(id, { state: 'paused', reason: PAUSED_BY_YOU });
          else {
            logger.warn(`customer import ${id} paused: ${String(error)}`);
            book.update(id, { state: 'paused', reason: pauseReason(error, phase) });
          }
        } finally {
          jobs.delete(id);
          deps.changed(id);
        }
      })();
    },
    stop(id, how) {
      const job = jobs.get(id);
      if (job) {
        job.stop = how;
        job.controller.abort();
        return;
      }
      const record = book.get(id);
      if (!record) return;
      if (how === 'cancel') book.update(id, { state: 'cancelled', reason: null, phase: null });
      else if (record.state === 'verifying' || record.state === 'saving')
        book.update(id, { state: 'paused', reason: PAUSED_BY_YOU });
      deps.changed(id);
    },
    async settled(id) {
      await jobs.get(id)?.done;
    },
    readBackSettled: (id) => readBacks.settled(id),
    async close() {
      for (const job of jobs.values()) {
        job.stop = 'pause';
        job.controller.abort();
      }
      const readBacksClosed = readBacks.close();
      await Promise.all([...jobs.values()].map((job) => job.done));
      await readBacksClosed;
    },
  };
}
