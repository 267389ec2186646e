import Database from 'better-sqlite3';
import type { KytStatus, KytStateView } from '../../preload/contract';
import { migrate } from '../../main/lib/sqlite/migrate';
import { createLocalRecords, type LocalRecords } from '../../main/local/local-records';
import { LOCAL_MIGRATIONS } from '../../main/local/migrations';
import type { AnswerBrief } from '../../main/kyt/kyt-answer';
import type {
  KytSendOutcome,
  KytSender,
  KytStore,
  KytSubmissionRecord,
  NewSubmission,
} from '../../main/kyt/kyt-ports';

// In-memory stand-ins for the KYT submissions' store and sender (main/kyt/kyt-ports.ts), so the
// batches are tested on their own: the store keeps records in maps, the sender answers as a script
// says and remembers every line it sent, in order.

const ALL_STATUSES: KytStatus[] = [
  'waiting',
  'sending',
  'scored',
  'refused',
  'in-doubt',
  'marked-sent',
  'withdrawn',
];

export interface FakeKytStore extends KytStore {
  /** Every record, by id. */
  all(): KytSubmissionRecord[];
  /** How many times createMany was called (one transaction each). */
  createManyCalls: number;
}

export function createFakeKytStore(): FakeKytStore {
  const byId = new Map<string, KytSubmissionRecord>();
  const batches = new Map<string, KytSubmissionRecord[]>();
  /** Per batch, no waiting record lies before this index. */
  const firstWaiting = new Map<string, number>();
  let counter = 0;
  const make = (submission: NewSubmission): KytSubmissionRecord => {
    counter += 1;
    const id = `sub-${counter}`;
    const record: KytSubmissionRecord = {
      id,
      transaction: {
        ...submission.transaction,
        external_id: submission.transaction.external_id ?? `cd-${counter}`,
      },
      status: submission.status ?? 'waiting',
      statusReason: null,
      createdAt: new Date(0).toISOString(),
      settledAt: null,
      answer: null,
      basedOnId: submission.basedOnId ?? null,
      batch: submission.batch ?? null,
    };
    byId.set(id, record);
    if (record.batch) {
      const list = batches.get(record.batch.id) ?? [];
      list.push(record);
      batches.set(record.batch.id, list);
    }
    return record;
  };
  const indexIn = (record: KytSubmissionRecord) =>
    record.batch ? (batches.get(record.batch.id) ?? []).indexOf(record) : -1;
  const store: FakeKytStore = {
    createManyCalls: 0,
    all: () => [...byId.values()],
    create: make,
    createMany(submissions) {
      store.createManyCalls += 1;
      return submissions.map(make);
    },
    get: (id) => byId.get(id) ?? null,
    readAhead: () => {},
    checkpoint: () => {},
    byBatch: (batchId, offset, limit) => (batches.get(batchId) ?? []).slice(offset, offset + limit),
    nextWaiting(batchId) {
      const list = batches.get(batchId) ?? [];
      for (let index = firstWaiting.get(batchId) ?? 0; index < list.length; index += 1) {
        const record = list[index];
        if (record?.status === 'waiting' && record.batch) {
          firstWaiting.set(batchId, index);
          return { id: record.id, line: record.batch.line };
        }
      }
      firstWaiting.set(batchId, list.length);
      return null;
    },
    batchCounts(batchId) {
      const counts = Object.fromEntries(ALL_STATUSES.map((status) => [status, 0])) as Record<
        KytStatus,
        number
      >;
      for (const record of batches.get(batchId) ?? []) counts[record.status] += 1;
      return counts;
    },
    setStatus(id, status, reason) {
      const record = byId.get(id);
      if (!record) throw new Error(`no submission ${id}`);
      record.status = status;
      record.statusReason = reason;
      if (status === 'waiting' && record.batch) {
        const index = indexIn(record);
        firstWaiting.set(record.batch.id, Math.min(firstWaiting.get(record.batch.id) ?? 0, index));
      }
    },
    withdrawWaiting(batchId, reason) {
      let count = 0;
      for (const record of batches.get(batchId) ?? [])
        if (record.status === 'waiting') {
          record.status = 'withdrawn';
          record.statusReason = reason;
          count += 1;
        }
      return count;
    },
  };
  return store;
}

/** What the scripted sender does with one attempt. */
export type FakeOutcome =
  | { kind: 'scored'; score?: number; state?: string }
  | { kind: 'refused'; reason?: string }
  | { kind: 'in-doubt'; reason?: string }
  | {
      kind: 'not-sent';
      reason?: string;
      retryAfterMs?: number | null;
      unreachable?: boolean;
      tokenRefused?: boolean;
    };

export interface ScriptedSender extends KytSender {
  /** Ids sent, in order, one entry per attempt. */
  sent: string[];
}

/**
 * A sender that marks the line `sending`, asks the script what came of it (awaiting it, so a test
 * can hold a line in flight), and keeps the outcome as the real sender does.
 */
export function createScriptedSender(
  store: KytStore,
  script: (record: KytSubmissionRecord, attempt: number) => FakeOutcome | Promise<FakeOutcome>,
): ScriptedSender {
  const sent: string[] = [];
  /**
   * The outcome, and the write keeping it: left to the caller as the real sender's sendUnkept
   * leaves it, and refused a second time (a runner keeping a line twice is a bug).
   */
  const attempt = async (
    id: string,
    whileSending?: () => void,
  ): Promise<{ outcome: KytSendOutcome; keep: () => void }> => {
    const record = store.get(id);
    if (!record) throw new Error(`no submission ${id}`);
    if (record.status !== 'waiting') throw new Error(`${id} sent while ${record.status}`);
    sent.push(id);
    store.setStatus(id, 'sending', null);
    whileSending?.();
    const outcome = await script(record, sent.length);
    let kept = false;
    const keeping = (write: () => void) => () => {
      if (kept) throw new Error(`the outcome of ${id} was kept twice`);
      kept = true;
      write();
    };
    switch (outcome.kind) {
      case 'scored': {
        const score = outcome.score ?? 10;
        return {
          outcome: { kind: 'scored', record },
          keep: keeping(() => {
            record.answer = {
              id: `svc-${id}`,
              score,
              state: { code: 'accepted', label: outcome.state ?? 'Accepted' },
              converted_amount: record.transaction.amount,
              converted_currency: 'EUR',
            };
            store.setStatus(id, 'scored', null);
          }),
        };
      }
      case 'refused': {
        const reason = outcome.reason ?? 'The service refused it: the amount is negative.';
        return {
          outcome: { kind: 'refused', record, reason },
          keep: keeping(() => store.setStatus(id, 'refused', reason)),
        };
      }
      case 'in-doubt': {
        const reason = outcome.reason ?? 'the connection dropped after the body went out';
        return {
          outcome: { kind: 'in-doubt', record, reason },
          keep: keeping(() => store.setStatus(id, 'in-doubt', reason)),
        };
      }
      case 'not-sent': {
        const reason = outcome.reason ?? 'The service asked to wait.';
        return {
          outcome: {
            kind: 'not-sent',
            record,
            reason,
            retryAfterMs: outcome.retryAfterMs ?? null,
            unreachable: outcome.unreachable ?? false,
            tokenRefused: outcome.tokenRefused ?? false,
            error: new Error(reason),
          },
          keep: keeping(() => store.setStatus(id, 'waiting', null)),
        };
      }
    }
  };
  return {
    sent,
    async send(id) {
      const { outcome, keep } = await attempt(id);
      keep();
      return outcome;
    },
    sendUnkept: (id, options) => attempt(id, options?.whileSending),
  };
}

/** Reads the fake answers the scripted sender keeps (the real reader is main/kyt/kyt-answer.ts). */
export function fakeBrief(answer: unknown): AnswerBrief {
  const raw = (answer ?? {}) as {
    id?: string;
    score?: number;
    state?: { code?: string; label?: string };
    converted_amount?: number;
    converted_currency?: string;
  };
  const state: KytStateView | null = raw.state
    ? {
        text: raw.state.label ?? raw.state.code ?? '',
        code: raw.state.code ?? null,
        members: [],
      }
    : null;
  return {
    serviceId: raw.id ?? null,
    score: raw.score ?? null,
    state,
    convertedAmount: raw.converted_amount ?? null,
    convertedCurrency: raw.converted_currency ?? null,
    customers: [],
  };
}

/** A real local store's records over an in-memory database. */
export function memoryRecords(now?: () => number): LocalRecords & { close(): void } {
  const db = new Database(':memory:');
  migrate(db, { migrations: LOCAL_MIGRATIONS, label: 'The local store' });
  return Object.assign(createLocalRecords(db, now), { close: () => db.close() });
}

/** A stand-in store whose submissions live in a real local store, as the real one's do. */
export interface RecordsKytStore extends KytStore {
  /** Keeps the service's answer: the submission is scored. */
  keepAnswer(id: string, answer: unknown): void;
}

/**
 * The KYT store's seam over a real local store (kind `kyt.submission`, each write committed):
 * only ids and statuses are indexed in memory, bodies and answers live on disk. For benches run
 * before the real store (main/kyt/kyt-store.ts) is at hand.
 */
export function createRecordsKytStore(
  records: LocalRecords,
  transaction: <T>(work: () => T) => T,
): RecordsKytStore {
  const KIND = 'kyt.submission';
  const batches = new Map<string, { ids: string[]; statuses: KytStatus[]; first: number }>();
  const where = new Map<string, { batchId: string; index: number }>();
  let counter = 0;
  const read = (id: string) => {
    const kept = records.get(KIND, id);
    return kept ? (kept.body as KytSubmissionRecord) : null;
  };
  const write = (record: KytSubmissionRecord) => {
    records.put(KIND, record.id, record);
    const at = where.get(record.id);
    const batch = at && batches.get(at.batchId);
    if (at && batch) {
      batch.statuses[at.index] = record.status;
      if (record.status === 'waiting') batch.first = Math.min(batch.first, at.index);
    }
  };
  const make = (submission: NewSubmission): KytSubmissionRecord => {
    counter += 1;
    const id = `sub-${counter}`;
    const record: KytSubmissionRecord = {
      id,
      transaction: {
        ...submission.transaction,
        external_id: submission.transaction.external_id ?? `cd-${counter}`,
      },
      status: submission.status ?? 'waiting',
      statusReason: null,
      createdAt: new Date().toISOString(),
      settledAt: null,
      answer: null,
      basedOnId: submission.basedOnId ?? null,
      batch: submission.batch ?? null,
    };
    if (record.batch) {
      const batch = batches.get(record.batch.id) ?? { ids: [], statuses: [], first: 0 };
      batches.set(record.batch.id, batch);
      where.set(id, { batchId: record.batch.id, index: batch.ids.length });
      batch.ids.push(id);
      batch.statuses.push(record.status);
    }
    write(record);
    return record;
  };
  const update = (id: string, change: Partial<KytSubmissionRecord>) => {
    const record = read(id);
    if (!record) throw new Error(`no submission ${id}`);
    write({ ...record, ...change });
  };
  return {
    create: make,
    createMany: (submissions) => transaction(() => submissions.map(make)),
    get: read,
    readAhead: () => {},
    checkpoint: () => {},
    byBatch(batchId, offset, limit) {
      const ids = batches.get(batchId)?.ids.slice(offset, offset + limit) ?? [];
      return ids.flatMap((id) => read(id) ?? []);
    },
    nextWaiting(batchId) {
      const batch = batches.get(batchId);
      if (!batch) return null;
      while (batch.first < batch.ids.length && batch.statuses[batch.first] !== 'waiting')
        batch.first += 1;
      const id = batch.ids[batch.first];
      const line = id === undefined ? undefined : read(id)?.batch?.line;
      return id === undefined || line === undefined ? null : { id, line };
    },
    batchCounts(batchId) {
      const counts = Object.fromEntries(ALL_STATUSES.map((status) => [status, 0])) as Record<
        KytStatus,
        number
      >;
      for (const status of batches.get(batchId)?.statuses ?? []) counts[status] += 1;
      return counts;
    },
    setStatus: (id, status, reason) => update(id, { status, statusReason: reason }),
    withdrawWaiting(batchId, reason) {
      const batch = batches.get(batchId);
      if (!batch) return 0;
      const waiting = batch.ids.filter((_, index) => batch.statuses[index] === 'waiting');
      transaction(() => {
        for (const id of waiting) update(id, { status: 'withdrawn', statusReason: reason });
      });
      return waiting.length;
    },
    keepAnswer: (id, answer) =>
      update(id, { status: 'scored', answer, settledAt: new Date().toISOString() }),
  };
}
