import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { KytListFilter, KytStatus, KytSubmissionSummary } from '../../preload/contract';
import type { Logger } from '../lib/logger';
import { prepared } from '../lib/sqlite/statements';
import type { LocalStore } from '../local/local-store';
import { fold } from '../press/subject-key';
import type { KytStore, KytSubmissionRecord, NewSubmission } from './kyt-ports';
import {
  briefOf,
  DERIVED_VERSION,
  indexRowOf,
  KYT_STATUSES,
  KYT_SUBMISSION_KIND,
  newExternalId,
  outcomeRowOf,
  readRecord,
  searchTextOf,
  summaryOf,
} from './kyt-record';

/** An outcome to keep: the status, why, and the answer when one came. */
export interface Settlement {
  status: KytStatus;
  statusReason: string | null;
  /** Absent: the answer kept so far stays. */
  answer?: unknown;
  /** Absent: unchanged. */
  settledAt?: string | null;
}

/** A list's filter, with the customer named by every id it may be kept under. */
export type KytListQuery = Omit<z.output<typeof KytListFilter>, 'customerExternalId'> & {
  /** Sender, receiver or linked customer: any of these ids (external id, service id). */
  customerIds?: readonly string[];
};

/** The submissions' store as the KYT core uses it: the seam batches use, and what lists read. */
export interface KytSubmissions extends KytStore {
  /**
   * Marks a `waiting` submission `sending`, committed before anything goes out, and answers it
   * claimed; any other is answered as it is, not claimed. Atomic across processes (the app and
   * the command line share the store), so one submission is never sent by two at once.
   */
  claim(id: string): { claimed: boolean; record: KytSubmissionRecord } | null;
  /**
   * Keeps an outcome. `claimed`: the record as this sender claimed it, written over without
   * reading it again (only its status, reason, answer and settled time ever change, and an answer
   * that came is kept whatever happened meanwhile).
   */
  settle(
    id: string,
    settlement: Settlement,
    claimed?: KytSubmissionRecord,
  ): KytSubmissionRecord | null;
  /**
   * Runs `work` with its commits written but not flushed to disk: they survive CaseDesk stopping,
   * not the computer stopping. Only for writes a flushed commit made safe beforehand (a batch's
   * lines covered by its sending window, see the batch runner); the next flushed commit flushes
   * them too.
   */
  unflushed<T>(work: () => T): T;
  summary(id: string): KytSubmissionSummary | null;
  list(query: KytListQuery): { submissions: KytSubmissionSummary[]; total: number };
  countWithStatus(status: KytStatus): number;
  /** Every state text seen, sorted; every currency seen, sorted. */
  statesSeen(): string[];
  currenciesSeen(): string[];
  /** Submissions naming any of these customer ids. */
  countForCustomers(ids: readonly string[]): number;
  /** Submissions whose words start with every word given (folded), newest first. */
  search(words: readonly string[], limit: number): KytSubmissionSummary[];
  /** Ids with this status; `outsideBatches`: only those of no batch. Oldest first. */
  idsWithStatus(status: KytStatus, outsideBatches?: boolean): string[];
  /**
   * Derives again the index rows and search words of submissions whose rows are missing or stale
   * (a store recovered from a damaged copy, an older derivation); drops rows with no record.
   * Returns how many were derived.
   */
  rebuild(): number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

const UPSERT_ROW = `INSERT INTO kyt_submissions (id, v, record_updated_ms, status, created_ms, date_ms,
    score, state_text, state_code, currency, label_folded, from_external_id, to_external_id,
    batch_id, batch_line, summary)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET v = excluded.v, record_updated_ms = excluded.record_updated_ms,
    status = excluded.status, created_ms = excluded.created_ms, date_ms = excluded.date_ms,
    score = excluded.score, state_text = excluded.state_text, state_code = excluded.state_code,
    currency = excluded.currency, label_folded = excluded.label_folded,
    from_external_id = excluded.from_external_id, to_external_id = excluded.to_external_id,
    batch_id = excluded.batch_id, batch_line = excluded.batch_line, summary = excluded.summary`;
const NEWEST = 'ORDER BY created_ms DESC, batch_line DESC, id DESC';
/**
 * A batch id as the batch indexes (partial: rows of a batch only) are searched with. Bare, SQLite
 * reads the bound value to decide whether those indexes may serve, and so prepares the statement
 * again for every value bound (~40 µs, more than the query, on every line a batch sends); cast,
 * the comparison alone proves it and the plan is kept. A batch id is text: the cast changes none.
 */
const BATCH = 'CAST(? AS TEXT)';
/**
 * A batch's next line to send, with its body as kept (read ahead of its claim next, in the same
 * breath). Exported for the test of its plan.
 */
export const NEXT_WAITING_SQL = `SELECT s.id, s.batch_line AS line, r.body FROM kyt_submissions s
  LEFT JOIN local_records r ON r.kind = '${KYT_SUBMISSION_KIND}' AND r.id = s.id
  WHERE s.batch_id = ${BATCH} AND s.status = 'waiting' ORDER BY s.batch_line LIMIT 1`;

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
};

/**
 * KYT submissions in the profile's local store (kind `kyt.submission`), each written with its
 * index row (migration 005) and search words in one transaction. Statements are prepared once per
 * connection; a batch's lines are written in one transaction without reading any back.
 */
export function createKytStore(
  local: LocalStore,
  logger: Logger,
  now: () => number = Date.now,
): KytSubmissions {
  const { db } = local;
  const sql = (text: string) => prepared(db, text);
  const pluck = (text: string) => prepared(db, text, 'pluck');

  /**
   * `changed`: a kept record whose outcome changed. Only what its status and answer derive is
   * written (what its transaction derives never changes), so the other indexes are not touched.
   */
  const writeIndex = (
    summary: KytSubmissionSummary,
    createdAt: string,
    recordUpdatedMs: number,
    how: 'fresh' | 'changed' | 'derived',
  ) => {
    const fresh = how === 'fresh';
    const outcome = outcomeRowOf(summary);
    const summaryJson = JSON.stringify(summary);
    const updated =
      how === 'changed' &&
      sql(
        `UPDATE kyt_submissions SET v = ?, record_updated_ms = ?, status = ?, score = ?,
           state_text = ?, state_code = ?, summary = ? WHERE id = ? AND v = ?`,
      ).run(
        DERIVED_VERSION,
        recordUpdatedMs,
        outcome.status,
        outcome.score,
        outcome.stateText,
        outcome.stateCode,
        summaryJson,
        outcome.id,
        DERIVED_VERSION,
      ).changes === 1;
    if (!updated) {
      const row = indexRowOf(summary, Date.parse(createdAt));
      sql(UPSERT_ROW).run(
        row.id,
        DERIVED_VERSION,
        recordUpdatedMs,
        row.status,
        row.createdMs,
        row.dateMs,
        row.score,
        row.stateText,
        row.stateCode,
        row.currency,
        row.labelFolded,
        row.fromExternalId,
        row.toExternalId,
        row.batchId,
        row.batchLine,
        summaryJson,
      );
    }
    if (!fresh) {
      // Mostly the same customers as before (sender and receiver): rows left as they are.
      const before = pluck('SELECT customer FROM kyt_submission_customers WHERE id = ?').all(
        outcome.id,
      ) as string[];
      if (sameSet(before, outcome.customers)) return;
      sql('DELETE FROM kyt_submission_customers WHERE id = ?').run(outcome.id);
    }
    const linked = sql(
      'INSERT INTO kyt_submission_customers (customer, id) VALUES (?, ?) ON CONFLICT DO NOTHING',
    );
    for (const customer of outcome.customers) linked.run(customer, outcome.id);
  };

  /**
   * Writes the body with its search words and index row; the caller holds the transaction. A new
   * one (`fresh`) is added without reading anything back: a batch writes thousands at once.
   */
  const write = (record: KytSubmissionRecord, fresh = false): KytSubmissionRecord => {
    const summary = summaryOf(record, briefOf(record.answer, logger));
    const index = {
      subject: null,
      digest: { v: DERIVED_VERSION },
      searchText: searchTextOf(summary),
    };
    const updatedMs = fresh
      ? local.add(KYT_SUBMISSION_KIND, record.id, record, index)
      : local.replace(KYT_SUBMISSION_KIND, record.id, record, index);
    writeIndex(summary, record.createdAt, updatedMs, fresh ? 'fresh' : 'changed');
    return record;
  };

  const get = (id: string): KytSubmissionRecord | null => {
    const kept = local.get(KYT_SUBMISSION_KIND, id);
    if (!kept) return null;
    const read = readRecord(kept.body);
    if (!read.ok) {
      logger.error(`the kept KYT submission ${id} could not be read: ${read.problem}`);
      return null;
    }
    return read.record;
  };

  const recordOf = (submission: NewSubmission, createdAt: string): KytSubmissionRecord => ({
    id: randomUUID(),
    transaction: {
      ...submission.transaction,
      external_id: submission.transaction.external_id ?? newExternalId(),
    },
    status: submission.status ?? 'waiting',
    statusReason: null,
    createdAt,
    settledAt: null,
    answer: null,
    basedOnId: submission.basedOnId ?? null,
    batch: submission.batch ?? null,
  });

  const createAll = db.transaction((submissions: readonly NewSubmission[]) => {
    const createdAt = new Date(now()).toISOString();
    return submissions.map((submission) => write(recordOf(submission, createdAt), true));
  });

  const change = (
    id: string,
    update: (record: KytSubmissionRecord) => KytSubmissionRecord | null,
  ): KytSubmissionRecord | null => {
    const record = get(id);
    if (!record) return null;
    const next = update(record);
    return next ? write(next) : record;
  };
  const changeInTransaction = db.transaction(change);

  /**
   * Writes a change of status alone: the body, and the index row's status and summary. What else
   * is derived (search words, linked customers, score) does not depend on the status.
   */
  const writeStatus = (record: KytSubmissionRecord) => {
    const at = local.setBody(KYT_SUBMISSION_KIND, record.id, record);
    sql(
      'UPDATE kyt_submissions SET status = ?, record_updated_ms = ?, summary = ? WHERE id = ?',
    ).run(
      record.status,
      at,
      JSON.stringify(summaryOf(record, briefOf(record.answer, logger))),
      record.id,
    );
  };

  // A record read ahead of its claim (the next line, while this one is on its way), with the body
  // it was read from: the claim uses it only if the body is still exactly that.
  let ahead: { id: string; body: string; record: KytSubmissionRecord } | null = null;
  const readBody = (id: string) => local.bodyText(KYT_SUBMISSION_KIND, id);
  // The body the last nextWaiting found, for the readAhead that follows it; the claim still
  // compares it with the body kept then, so one changed meanwhile is never used.
  let found: { id: string; body: string } | null = null;

  const claimOne = db.transaction((id: string) => {
    const known = ahead?.id === id ? ahead : null;
    ahead = null;
    const record = known !== null && readBody(id) === known.body ? known.record : get(id);
    if (!record) return null;
    if (record.status !== 'waiting') return { claimed: false, record };
    const claimed: KytSubmissionRecord = { ...record, status: 'sending', statusReason: null };
    writeStatus(claimed);
    return { claimed: true, record: claimed };
  });
  const settleClaimed = db.transaction((claimed: KytSubmissionRecord, settlement: Settlement) =>
    write(settleOne(claimed, settlement)),
  );
  // Pragmas prepared once: a batch switches flushing off and on twice per line.
  const flushing = (on: boolean) =>
    sql(on ? 'PRAGMA synchronous = FULL' : 'PRAGMA synchronous = NORMAL').run();

  const settleOne = (record: KytSubmissionRecord, settlement: Settlement): KytSubmissionRecord => ({
    ...record,
    status: settlement.status,
    statusReason: settlement.statusReason,
    ...('answer' in settlement ? { answer: settlement.answer ?? null } : {}),
    ...(settlement.settledAt === undefined ? {} : { settledAt: settlement.settledAt }),
  });

  const summaries = (ids: readonly string[]): KytSubmissionSummary[] => {
    const read = sql('SELECT summary FROM kyt_submissions WHERE id = ?');
    return ids.flatMap((id) => {
      const row = read.get(id) as { summary: string } | undefined;
      return row ? [JSON.parse(row.summary) as KytSubmissionSummary] : [];
    });
  };

  const where = (query: KytListQuery): { clause: string; params: unknown[] } => {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (condition: string, ...values: unknown[]) => {
      conditions.push(condition);
      params.push(...values);
    };
    if (query.from !== undefined) add('date_ms >= ?', dayStart(query.from));
    if (query.to !== undefined) add('date_ms <= ?', dayStart(query.to) + DAY_MS - 1);
    if (query.scoreMin !== undefined) add('score >= ?', query.scoreMin);
    if (query.scoreMax !== undefined) add('score <= ?', query.scoreMax);
    if (query.state !== undefined)
      add(
        '(state_text = ? COLLATE NOCASE OR state_code = ? COLLATE NOCASE)',
        query.state,
        query.state,
      );
    if (query.currency !== undefined) add('currency = ?', query.currency.toUpperCase());
    if (query.label !== undefined) add('instr(label_folded, ?) > 0', fold(query.label));
    if (query.status !== undefined) add('status = ?', query.status);
    if (query.batchId !== undefined) add(`batch_id = ${BATCH}`, query.batchId);
    if (query.customerIds !== undefined) {
      const ids = [...new Set(query.customerIds)];
      if (ids.length === 0) add('0');
      else
        add(
          `id IN (SELECT id FROM kyt_submission_customers WHERE customer IN (${ids.map(() => '?').join(', ')}))`,
          ...ids,
        );
    }
    return {
      clause: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
      params,
    };
  };

  /** Derives a record's words and index row again, its body and times untouched. */
  const rederive = (id: string): boolean => {
    const kept = local.get(KYT_SUBMISSION_KIND, id);
    const read = kept ? readRecord(kept.body) : null;
    if (!kept || !read?.ok) {
      if (read && !read.ok)
        logger.error(`the kept KYT submission ${id} could not be read to list it: ${read.problem}`);
      return false;
    }
    const summary = summaryOf(read.record, briefOf(read.record.answer, logger));
    local.setIndex(KYT_SUBMISSION_KIND, id, {
      subject: null,
      digest: { v: DERIVED_VERSION },
      searchText: searchTextOf(summary),
    });
    writeIndex(summary, read.record.createdAt, Date.parse(kept.updatedAt), 'derived');
    return true;
  };

  const store: KytSubmissions = {
    create: (submission) => {
      const [record] = createAll([submission]);
      if (!record) throw new Error('the KYT submission was not written');
      return record;
    },
    createMany: (submissions) => (submissions.length ? createAll(submissions) : []),
    get,
    byBatch(batchId, offset, limit) {
      const ids = pluck(
        `SELECT id FROM kyt_submissions WHERE batch_id = ${BATCH} ORDER BY batch_line LIMIT ? OFFSET ?`,
      ).all(batchId, limit, offset) as string[];
      return ids.flatMap((id) => get(id) ?? []);
    },
    nextWaiting(batchId) {
      const row = sql(NEXT_WAITING_SQL).get(batchId) as
        { id: string; line: number; body: string | null } | undefined;
      found = typeof row?.body === 'string' ? { id: row.id, body: row.body } : null;
      return row ? { id: row.id, line: row.line } : null;
    },
    batchCounts(batchId) {
      const counts = Object.fromEntries(KYT_STATUSES.map((status) => [status, 0])) as Record<
        KytStatus,
        number
      >;
      const rows = sql(
        `SELECT status, count(*) AS n FROM kyt_submissions WHERE batch_id = ${BATCH} GROUP BY status`,
      ).all(batchId) as Array<{ status: KytStatus; n: number }>;
      for (const row of rows) if (row.status in counts) counts[row.status] = row.n;
      return counts;
    },
    setStatus(id, status, reason) {
      changeInTransaction(id, (record) => ({
        ...record,
        status,
        statusReason: reason,
        settledAt: status === 'marked-sent' ? new Date(now()).toISOString() : record.settledAt,
      }));
    },
    withdrawWaiting: db.transaction((batchId: string, reason: string): number => {
      const ids = pluck(
        `SELECT id FROM kyt_submissions WHERE batch_id = ${BATCH} AND status = 'waiting'`,
      ).all(batchId) as string[];
      let withdrawn = 0;
      for (const id of ids)
        change(id, (record) => {
          if (record.status !== 'waiting') return null;
          withdrawn += 1;
          return { ...record, status: 'withdrawn', statusReason: reason };
        });
      return withdrawn;
    }),

    // BEGIN IMMEDIATE: another process's claim waits for this one, then sees it taken.
    claim: (id) => claimOne.immediate(id),
    readAhead(id) {
      const body = found?.id === id ? found.body : readBody(id);
      found = null;
      if (body === undefined) return;
      const read = readRecord(JSON.parse(body) as unknown);
      ahead = read.ok ? { id, body, record: read.record } : null;
    },
    checkpoint() {
      // PASSIVE: what no reader holds, without waiting for anyone.
      sql('PRAGMA wal_checkpoint(PASSIVE)').get();
    },
    settle: (id, settlement, claimed) =>
      claimed?.id === id
        ? settleClaimed(claimed, settlement)
        : changeInTransaction(id, (record) => settleOne(record, settlement)),
    unflushed(work) {
      // One connection, used synchronously: nothing else commits between these two pragmas.
      flushing(false);
      try {
        return work();
      } finally {
        flushing(true);
      }
    },
    summary: (id) => summaries([id])[0] ?? null,
    list(query) {
      const { clause, params } = where(query);
      const rows = sql(
        `SELECT summary FROM kyt_submissions ${clause} ${NEWEST} LIMIT ? OFFSET ?`,
      ).all(...params, query.limit, query.offset) as Array<{ summary: string }>;
      const total = pluck(`SELECT count(*) FROM kyt_submissions ${clause}`).get(
        ...params,
      ) as number;
      return {
        submissions: rows.map((row) => JSON.parse(row.summary) as KytSubmissionSummary),
        total,
      };
    },
    countWithStatus: (status) =>
      pluck('SELECT count(*) FROM kyt_submissions WHERE status = ?').get(status) as number,
    statesSeen: () =>
      pluck(
        'SELECT DISTINCT state_text FROM kyt_submissions WHERE state_text IS NOT NULL ORDER BY state_text',
      ).all() as string[],
    currenciesSeen: () =>
      pluck('SELECT DISTINCT currency FROM kyt_submissions ORDER BY currency').all() as string[],
    countForCustomers(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return 0;
      return pluck(
        `SELECT count(DISTINCT id) FROM kyt_submission_customers WHERE customer IN (${unique.map(() => '?').join(', ')})`,
      ).get(...unique) as number;
    },
    search: (words, limit) =>
      summaries(local.searchDigests(KYT_SUBMISSION_KIND, words, limit).map((digest) => digest.id)),
    idsWithStatus: (status, outsideBatches = false) =>
      pluck(
        `SELECT id FROM kyt_submissions WHERE status = ?${outsideBatches ? ' AND batch_id IS NULL' : ''} ORDER BY created_ms, batch_line, id`,
      ).all(status) as string[],

    rebuild() {
      const rows = new Map(
        (
          sql('SELECT id, v, record_updated_ms AS updated FROM kyt_submissions').all() as Array<{
            id: string;
            v: number;
            updated: number;
          }>
        ).map((row) => [row.id, row]),
      );
      const kept = new Set<string>();
      const stale: string[] = [];
      // Records whose search words are missing or of another version (a recovered store)…
      for (const record of local.stale(KYT_SUBMISSION_KIND, DERIVED_VERSION)) {
        kept.add(record.id);
        stale.push(record.id);
      }
      // …and those whose index row is missing, of another version, or older than the body.
      for (const digest of local.digests(KYT_SUBMISSION_KIND)) {
        kept.add(digest.id);
        const row = rows.get(digest.id);
        if (!row || row.v !== DERIVED_VERSION || row.updated !== digest.updatedMs)
          stale.push(digest.id);
      }
      let derived = 0;
      db.transaction(() => {
        for (const id of new Set(stale)) if (rederive(id)) derived += 1;
        const drop = sql('DELETE FROM kyt_submissions WHERE id = ?');
        for (const id of rows.keys()) if (!kept.has(id)) drop.run(id);
      })();
      return derived;
    },
  };
  return store;
}
