import type { CustomerDraft, ImportLine, RelationDraft } from '../../../preload/contract';
import type { SaveCustomersRequest } from '../../api/request-types';
import type { WireSaveResponse } from '../../api/wire/customer';
import { isServiceError } from '../../api';
import type { Logger } from '../../lib/logger';
import { reportOfAnswer } from '../save-report';
import { chunkIndexOf, type ImportBook, type ImportRecord } from './import-book';
import { duplicateWarning } from './import-reading';
import type { ImportReadBacks } from './import-read-back';

// Sends an import's lines in batches: the dry run (verify_input) of the lines not verified since
// read or edited, and the save of the lines without errors (customers first, parents before the
// customers naming them, then relations). A line's verdict is written when its batch is answered,
// so a stop (pause, a dropped connection, a restart) goes on from the first line without one; the
// batches in flight are sent again, which is safe (a save is an upsert by external id, a dry run
// persists nothing). A dry run keeps two batches in flight until the service answers 429; a save
// sends one at a time. 429 and Retry-After are waited for; a connection that keeps failing pauses
// the import, saying why.

/** The one call the import makes (POST /customers/save); tests give a fake. */
export interface ImportWire {
  save(body: SaveCustomersRequest, signal: AbortSignal): Promise<WireSaveResponse>;
}

export const PAUSED_BY_YOU = 'Paused: save (or verify) again to go on where it stopped.';
/** Tries of one batch in a row before the import pauses itself. */
export const MAX_TRIES = 4;
const BACKOFF_MS = [1000, 2000, 5000, 10_000];
/** Dry-run batches sent before the oldest one's answer is awaited. */
const DRY_RUN_IN_FLIGHT = 2;
/** How long an import waits on 429s in a row (no batch answered between) before it pauses itself. */
export const MAX_RATE_LIMITED_MS = 10 * 60_000;

/** The service kept answering 429, with no batch answered, for longer than MAX_RATE_LIMITED_MS. */
class RateLimited extends Error {
  constructor(
    readonly waitedMs: number,
    readonly askedMs: number,
  ) {
    super(`the service asked to wait ${Math.ceil(askedMs / 1000)} s more`);
  }
}

type Phase = 'verify' | 'save';

interface Job {
  controller: AbortController;
  stop: 'pause' | 'cancel' | null;
  done: Promise<void>;
  /** When the service first answered 429 since a batch was last answered (the clock's time). */
  rateLimitedSince: number | null;
  /** The service answered 429 in this run: from then on one batch is in flight at a time. */
  slowedDown: boolean;
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
  if (error instanceof RateLimited)
    return `The service keeps asking CaseDesk to slow down (429): the import waited ${Math.round(error.waitedMs / 60_000)} min and was asked to wait ${Math.ceil(error.askedMs / 60_000)} min more. ${again[0]?.toUpperCase()}${again.slice(1)} later to go on where it stopped.`;
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

interface KnownLines {
  /** Customers of the file by external id (the last line with it), for the parents a batch names. */
  customers: Map<string, ImportLine>;
  /** `kind:externalId` of ids on more than one line. */
  duplicates: Set<string>;
  /** Customers of the file saved already. */
  saved: Set<string>;
}

/** A batch (or part of one) and the service's answer to it. */
interface Answered {
  batch: Candidate[];
  answer: WireSaveResponse;
  request: { customers: CustomerDraft[]; relations: RelationDraft[]; disableRiskScan: boolean };
  /** How many of the request's customers are the batch's own; `context` more follow them. */
  customers: number;
  context: number;
}

/** A batch's request as sent, and how its customers split into its own and the context. */
interface Prepared {
  body: SaveCustomersRequest;
  request: Answered['request'];
  customers: number;
  context: number;
}

interface Verdict {
  line: ImportLine;
  /** The line as sent: the verdict is kept only when the line still holds its draft. */
  sent: ImportLine;
}

interface Candidate {
  line: ImportLine;
}

const draftText = (line: ImportLine) => JSON.stringify(line.customer ?? line.relation);

/**
 * Whether a line still holds the draft it was sent with. Mostly it is the very line read for the
 * batch (the book keeps chunks parsed, and only an edit or another CaseDesk replaces a line), so
 * the drafts are compared only when it is not.
 */
const stillSent = (now: ImportLine, sent: ImportLine) =>
  now === sent || draftText(now) === draftText(sent);

export function createImportRunner(deps: {
  book: ImportBook;
  wire: ImportWire;
  /** Reads the customers a save saved back into the cache (closed with the runner). */
  readBacks: ImportReadBacks;
  logger: Logger;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The clock the 429 waits are measured on (tests give one that the sleeps move). */
  now?: () => number;
  changed: (id: string) => void;
  /** The lines a save batch saved (customers and relations), as soon as it is answered (before its chunk is written). */
  onSaved?: (id: string, lines: readonly ImportLine[]) => void;
}): ImportRunner {
  const { book, wire, logger } = deps;
  const sleep = deps.sleep ?? waitMs;
  const now = deps.now ?? Date.now;
  const jobs = new Map<string, Job>();
  const { readBacks } = deps;

  /** A batch's request, built apart so a dry run builds the next one while the last is answered. */
  function prepare(
    record: ImportRecord,
    phase: Phase,
    batch: Candidate[],
    known: KnownLines,
  ): Prepared {
    const customers = batch.flatMap((one) => (one.line.customer ? [one.line.customer] : []));
    const relations = batch.flatMap((one) => (one.line.relation ? [one.line.relation] : []));
    const context: CustomerDraft[] = [];
    if (phase === 'verify' && known.customers.size > 0) {
      const inBatch = new Set(customers.map((customer) => customer.external_id));
      const want = (externalId: string | undefined, depth = 0) => {
        if (!externalId || inBatch.has(externalId) || known.saved.has(externalId) || depth > 10)
          return;
        const found = known.customers.get(externalId);
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
      customers: context.length > 0 ? [...customers, ...context] : customers,
      relations,
      disableRiskScan: record.disableRiskScan,
    };
    const body: SaveCustomersRequest = {
      customers: request.customers,
      relations: request.relations,
      disable_risk_scan: record.disableRiskScan,
      verify_input: phase === 'verify',
    };
    return { body, request, customers: customers.length, context: context.length };
  }

  /**
   * Sends one batch (halves of it, when the service refuses it whole) and answers each part with
   * the service's answer; nothing is written. In a dry run, the customers of the file that the
   * batch names (parents, a relation's ends) and that are not saved yet ride along so the service
   * knows them; their own verdicts come from their own batch.
   */
  async function exchange(
    record: ImportRecord,
    phase: Phase,
    batch: Candidate[],
    job: Job,
    known: KnownLines,
    prepared: Prepared = prepare(record, phase, batch, known),
  ): Promise<Answered[]> {
    const { body, request, customers, context } = prepared;
    for (let tries = 1; ; tries += 1) {
      if (job.stop) throw new Stopped();
      try {
        const answer = await wire.save(body, job.controller.signal);
        job.rateLimitedSince = null;
        return [{ batch, answer, request, customers, context }];
      } catch (error) {
        if (job.stop) throw new Stopped();
        if (refusedWhole(error)) {
          // The whole request was refused (a value its schema refuses): halves are sent until the
          // line it names is found alone, and that line alone carries the refusal.
          if (batch.length > 1) {
            const half = Math.ceil(batch.length / 2);
            return [
              ...(await exchange(record, phase, batch.slice(0, half), job, known)),
              ...(await exchange(record, phase, batch.slice(half), job, known)),
            ];
          }
          const answer = refusalAnswer(body, error);
          return [{ batch, answer, request, customers, context }];
        }
        const is429 = isServiceError(error) && error.status === 429;
        // A 429 is waited for as the service asks, up to MAX_RATE_LIMITED_MS; other failures a few times.
        if (!transient(error) || (!is429 && tries >= MAX_TRIES)) throw error;
        const asked = isServiceError(error) ? error.retryAfterMs : null;
        const wait = asked ?? BACKOFF_MS[Math.min(tries - 1, BACKOFF_MS.length - 1)] ?? 1000;
        if (is429) {
          job.slowedDown = true;
          // Time on the clock, not waits added up: two batches in flight wait at the same time.
          const since = (job.rateLimitedSince ??= now());
          const waited = now() - since;
          if (waited + wait > MAX_RATE_LIMITED_MS) throw new RateLimited(waited, wait);
        }
        logger.warn(
          `customer import ${record.id}: batch failed (${String(error)}), again in ${wait} ms`,
        );
        await sleep(wait, job.controller.signal);
      }
    }
  }

  /** Each answered line's verdict, by chunk and line number. */
  function verdictsOf(
    phase: Phase,
    answered: Answered[],
    known: KnownLines,
  ): { verdicts: Verdict[]; forced: boolean } {
    const verdicts: Verdict[] = [];
    let forced = false;
    for (const part of answered) {
      const report = reportOfAnswer(part.answer, part.request, {
        verify: phase === 'verify',
        disableRiskScan: part.request.disableRiskScan,
      });
      if (report.riskScanForced) forced = true;
      // The report's lines: the batch's customers, the context, then the relations.
      const reportLines =
        part.context === 0
          ? report.lines
          : [
              ...report.lines.slice(0, part.customers),
              ...report.lines.slice(part.customers + part.context),
            ];
      part.batch.forEach((candidate, position) => {
        const verdict = reportLines[position];
        if (!verdict) return;
        // The report is this line's alone: its lists are kept as they are, not copied.
        let warnings = verdict.warnings;
        if (
          known.duplicates.size > 0 &&
          known.duplicates.has(`${candidate.line.kind}:${candidate.line.externalId}`) &&
          !warnings.some((one) => one.code === 'duplicate_external_id')
        )
          warnings = [...warnings, duplicateWarning(candidate.line.kind)];
        const failed = verdict.errors.length > 0;
        const status =
          phase === 'verify' ? (failed ? 'invalid' : 'valid') : failed ? 'refused' : 'saved';
        verdicts.push({
          sent: candidate.line,
          line: {
            ...candidate.line,
            status,
            errors: verdict.errors,
            warnings,
            customerId: verdict.customerId ?? candidate.line.customerId,
          },
        });
      });
    }
    return { verdicts, forced };
  }

  /**
   * Verdicts not written yet, by chunk. A chunk is written once the run has gone past it (and what
   * is left when a pass ends or stops): a chunk of 250 lines is written once, not once per batch
   * that touches it. They are written over the chunk as it is then: a line edited meanwhile keeps
   * its edit.
   */
  function verdictBook(id: string, phase: Phase) {
    const pending = new Map<number, Map<number, Verdict>>();
    let forced = false;
    return {
      keep(verdicts: readonly Verdict[], riskScanForced: boolean) {
        if (riskScanForced) forced = true;
        for (const verdict of verdicts) {
          const chunkIndex = chunkIndexOf(verdict.line.line);
          const ofChunk = pending.get(chunkIndex) ?? new Map<number, Verdict>();
          ofChunk.set(verdict.line.line, verdict);
          pending.set(chunkIndex, ofChunk);
        }
        if (phase === 'save' && deps.onSaved) {
          // Saved by the service even when the line was edited since: its relation exists.
          const saved = verdicts.map((one) => one.line).filter((line) => line.status === 'saved');
          if (saved.length > 0) deps.onSaved(id, saved);
        }
      },
      /** Writes the chunks before `below` (all, without it). */
      write(below = Number.POSITIVE_INFINITY) {
        const touched = new Map<number, ImportLine[]>();
        for (const [chunkIndex, verdicts] of pending) {
          if (chunkIndex >= below) continue;
          touched.set(
            chunkIndex,
            book.chunk(id, chunkIndex).map((line) => {
              const verdict = verdicts.get(line.line);
              return verdict && stillSent(line, verdict.sent) ? verdict.line : line;
            }),
          );
          pending.delete(chunkIndex);
        }
        if (touched.size === 0 && !forced) return;
        const record = book.writeChunks(id, touched, { flushed: false });
        if (forced && !record.riskScanForced) book.update(id, { riskScanForced: true });
        forced = false;
        deps.changed(id);
      },
    };
  }

  /** The file's lines as a run needs them, in one pass over its chunks. */
  function knownLines(record: ImportRecord): KnownLines {
    const known: KnownLines = {
      customers: new Map(),
      duplicates: new Set(),
      saved: new Set(),
    };
    // Ids seen by kind: a key string per line would cost more than the rest of the pass.
    const seen = { customer: new Set<string>(), relation: new Set<string>() };
    for (let chunk = 0; chunk < record.chunks.length; chunk += 1)
      for (const line of book.chunk(record.id, chunk)) {
        const ofKind = seen[line.kind];
        if (ofKind.has(line.externalId)) {
          if (line.externalId !== '') known.duplicates.add(`${line.kind}:${line.externalId}`);
        } else ofKind.add(line.externalId);
        if (line.kind !== 'customer' || !line.customer) continue;
        // The last line with an id is the one the service keeps.
        known.customers.set(line.externalId, line);
        if (line.status === 'saved') known.saved.add(line.externalId);
      }
    return known;
  }

  /** The lines a phase sends, a chunk at a time, in line order; `eligible` is asked as they come. */
  function* candidates(id: string, eligible: (line: ImportLine) => boolean): Generator<Candidate> {
    const record = book.get(id);
    for (let chunk = 0; chunk < (record?.chunks.length ?? 0); chunk += 1)
      for (const line of book.chunk(id, chunk)) if (eligible(line)) yield { line };
  }

  async function run(id: string, phase: Phase, all: boolean, job: Job): Promise<void> {
    const record = book.get(id);
    if (!record) return;
    const known = knownLines(record);
    const savedIds = known.saved;
    const index = known.customers;
    const savedNow: string[] = [];
    let batch: Candidate[] = [];
    const written = verdictBook(id, phase);
    const keep = (answered: Answered[]) => {
      const { verdicts, forced } = verdictsOf(phase, answered, known);
      written.keep(verdicts, forced);
      const last = verdicts.at(-1);
      if (last) written.write(chunkIndexOf(last.line.line));
      return verdicts;
    };
    // A dry run keeps DRY_RUN_IN_FLIGHT batches in flight, and writes each answer while the later
    // ones are answered: its lines are independent (a verify persists nothing, and nothing it
    // answers changes what a later batch sends), so the service never waits on CaseDesk's work
    // between two batches. A save sends one batch at a time: its parents go before the customers
    // naming them.
    const inFlight: Promise<Answered[]>[] = [];
    const settleInFlight = async () => {
      while (inFlight.length > 0) {
        const answered = inFlight.shift();
        if (answered) keep(await answered);
      }
      written.write();
    };
    const flush = async () => {
      if (batch.length === 0) return;
      const sent = batch;
      batch = [];
      if (phase === 'verify') {
        // Built while the batches before are still answered: only sending it waits for them.
        const next = prepare(record, phase, sent, known);
        const most = job.slowedDown ? 1 : DRY_RUN_IN_FLIGHT;
        let before: Answered[] | null = null;
        while (inFlight.length >= most) {
          const oldest = inFlight.shift();
          if (!oldest) break;
          // Past the first, batches answered now are kept here: only the last waits for the send.
          if (before) keep(before);
          before = await oldest;
        }
        const sending = exchange(record, phase, sent, job, known, next);
        // Its failure is met when it is awaited, after the batches before it are kept.
        sending.catch(() => undefined);
        inFlight.push(sending);
        if (!before) return;
        // The client reaches the socket through a few promise steps: they all run before the
        // next turn of the event loop, so the request is out before the writing starts.
        await new Promise<void>((resolve) => setImmediate(resolve));
        keep(before);
        return;
      }
      for (const verdict of keep(await exchange(record, phase, sent, job, known)))
        if (verdict.line.status === 'saved' && verdict.line.kind === 'customer') {
          savedIds.add(verdict.line.externalId);
          savedNow.push(verdict.line.externalId);
        }
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
      await settleInFlight();
    };

    try {
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
    } finally {
      // A failure while the batch before was written leaves the next one in flight: it is stopped
      // and waited for, so nothing of this run still talks to the service once it has ended.
      const left = inFlight.splice(0);
      if (left.length > 0) {
        job.controller.abort();
        // Batches answered before the stop are kept, oldest first, up to the first that was not:
        // going on does not send them again.
        for (const outcome of await Promise.allSettled(left)) {
          if (outcome.status === 'rejected') break;
          try {
            keep(outcome.value);
          } catch (error) {
            // The failure that stopped the run is the one to report.
            logger.warn(`customer import ${id}: answered lines not kept (${String(error)})`);
            break;
          }
        }
      }
      // Stopped or failed: what was answered is kept, so going on does not send it again.
      written.write();
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
      const job: Job = {
        controller: new AbortController(),
        stop: null,
        done: Promise.resolve(),
        rateLimitedSince: null,
        slowedDown: false,
      };
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
