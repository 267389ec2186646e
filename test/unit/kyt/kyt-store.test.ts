import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KytListFilter, type KytListFilterInput } from '../../../preload/contract';
import { silentLogger } from '../../../main/lib/logger';
import type { LocalStore } from '../../../main/local/local-store';
import { KYT_SUBMISSION_KIND } from '../../../main/kyt/kyt-record';
import { foldedWords } from '../../../main/press/subject-key';
import { createKytStore, NEXT_WAITING_SQL, type KytListQuery } from '../../../main/kyt/kyt-store';
import { openTestLocalStore, scoredAnswer, transactionOf } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

vi.mock('../../../main/kyt/kyt-answer', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.answerModule),
);

const query = (filter: KytListFilterInput = {}): KytListQuery => KytListFilter.parse(filter);

describe('the KYT submissions store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let clock = Date.parse('2026-03-10T08:00:00Z');
  const now = () => clock;
  beforeEach(() => {
    temp = makeTempDir('casedesk-kyt-store-');
    clock = Date.parse('2026-03-10T08:00:00Z');
    local = openTestLocalStore(temp.path, now);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });
  const storeOf = () => createKytStore(local, silentLogger, now);

  it('keeps a submission with its body as given, an external id made for it, waiting', () => {
    const store = storeOf();
    const made = store.create({ transaction: transactionOf() });
    expect(made.transaction.external_id).toMatch(/^cd-[0-9a-f-]{36}$/);
    expect(made).toMatchObject({
      status: 'waiting',
      statusReason: null,
      answer: null,
      createdAt: '2026-03-10T08:00:00.000Z',
      settledAt: null,
      basedOnId: null,
      batch: null,
    });
    expect(store.get(made.id)).toEqual(made);
    // Given its own id, it keeps it.
    const own = store.create({ transaction: transactionOf({ external_id: 'inv-42' }) });
    expect(own.transaction.external_id).toBe('inv-42');
    expect(store.summary(made.id)).toMatchObject({
      id: made.id,
      status: 'waiting',
      amount: 1250.5,
      currency: 'EUR',
      date: '2026-03-04T10:00:00+01:00',
      label: 'Invoice 42',
      fromName: 'Ann Lee',
      toExternalId: 'C2',
      customers: ['C1', 'C2'],
      score: null,
      state: null,
    });
  });

  it('derives the list row from the answer once scored, and keeps the answer as received', () => {
    const store = storeOf();
    const made = store.create({ transaction: transactionOf() });
    const answer = scoredAnswer(made.transaction, { customers: ['C9'], extra: { nested: [null] } });
    store.settle(made.id, {
      status: 'scored',
      statusReason: null,
      answer,
      settledAt: '2026-03-10T08:00:01.000Z',
    });
    expect(store.get(made.id)?.answer).toEqual(answer);
    expect(store.summary(made.id)).toMatchObject({
      status: 'scored',
      serviceId: 'kyt_1',
      score: 60,
      state: { text: 'Review', code: '2' },
      customers: ['C9'],
      settledAt: '2026-03-10T08:00:01.000Z',
    });
    // Sender, receiver and the customer the service linked all find it.
    for (const customer of ['C1', 'C2', 'C9'])
      expect(store.countForCustomers([customer]), customer).toBe(1);
    expect(store.countForCustomers(['C3'])).toBe(0);
  });

  describe('lists', () => {
    const seed = () => {
      const store = storeOf();
      const made = [
        {
          amount: 10,
          currency: 'EUR',
          label: 'Rent March',
          date: '2026-03-01T09:00:00Z',
          score: 10,
          state: { code: 1, label: 'Accepted' },
          from: 'C1',
          sender: 'Ann Lee',
        },
        {
          amount: 1234.5,
          currency: 'usd',
          label: 'Café Größe',
          date: '2026-03-05T23:30:00-02:00',
          score: 45,
          state: { code: 2, label: 'Review' },
          from: 'C2',
          sender: 'Zoë Martin',
        },
        {
          amount: 30,
          currency: 'GBP',
          label: 'Payroll',
          date: undefined,
          score: 80,
          state: { code: 3, label: 'Blocked' },
          from: 'C3',
          sender: 'Payroll Ltd',
        },
        {
          amount: 40,
          currency: 'EUR',
          label: 'Rent April',
          date: '2026-04-01T09:00:00Z',
          score: null,
          state: null,
          from: 'C1',
          sender: 'Ann Lee',
        },
      ].map((row, index) => {
        clock += 1000;
        const record = store.create({
          transaction: transactionOf({
            amount: row.amount,
            currency: row.currency,
            label: row.label,
            date: row.date,
            from: { full_name: row.sender, external_id: row.from },
            to: { full_name: 'Bo Chen', external_id: 'C2' },
          }),
        });
        if (row.score !== null)
          store.settle(record.id, {
            status: 'scored',
            statusReason: null,
            answer: { id: `srv${index}x`, score: row.score, state: row.state, customers: [] },
            settledAt: null,
          });
        return record.id;
      });
      return { store, ids: made };
    };
    const ids = (list: { submissions: Array<{ id: string }> }) => list.submissions.map((s) => s.id);

    it('lists newest first, paged, with the total', () => {
      const { store, ids: made } = seed();
      expect(ids(store.list(query()))).toEqual([...made].reverse());
      const page = store.list(query({ offset: 1, limit: 2 }));
      expect(ids(page)).toEqual([made[2], made[1]]);
      expect(page.total).toBe(4);
    });

    it('filters by the transaction’s date (else the day recorded), score, state, currency, label, customer and status', () => {
      const { store, ids: made } = seed();
      const [rent, cafe, payroll, april] = made;
      // 2026-03-05T23:30-02:00 is 2026-03-06 in UTC; the payroll has no date: recorded 2026-03-10.
      expect(ids(store.list(query({ from: '2026-03-02', to: '2026-03-06' })))).toEqual([cafe]);
      expect(ids(store.list(query({ from: '2026-03-10', to: '2026-03-10' })))).toEqual([payroll]);
      expect(ids(store.list(query({ scoreMin: 40, scoreMax: 80 })))).toEqual([payroll, cafe]);
      expect(ids(store.list(query({ state: 'review' })))).toEqual([cafe]);
      expect(ids(store.list(query({ state: '3' })))).toEqual([payroll]);
      expect(ids(store.list(query({ currency: 'usd' })))).toEqual([cafe]);
      expect(ids(store.list(query({ label: 'RENT' })))).toEqual([april, rent]);
      // Accents and case folded alike on both sides (ß is ss).
      expect(ids(store.list(query({ label: 'CAFE GROSS' })))).toEqual([cafe]);
      expect(ids(store.list(query({ label: 'café grö' })))).toEqual([cafe]);
      expect(ids(store.list(query({ label: 'cafe grose' })))).toEqual([]);
      expect(ids(store.list(query({ status: 'waiting' })))).toEqual([april]);
      expect(ids(store.list({ ...query(), customerIds: ['C1'] }))).toEqual([april, rent]);
      // The receiver of every one.
      expect(store.list({ ...query(), customerIds: ['C2'] }).total).toBe(4);
      expect(store.list({ ...query(), customerIds: [] }).total).toBe(0);
      expect(store.statesSeen()).toEqual(['Accepted', 'Blocked', 'Review']);
      expect(store.currenciesSeen()).toEqual(['EUR', 'GBP', 'USD']);
      expect(store.countWithStatus('scored')).toBe(3);
    });

    it('reads the list from its index, newest first, without sorting', () => {
      seed();
      const plan = (sql: string, ...params: unknown[]) =>
        (
          local.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>
        ).map((row) => row.detail);
      expect(
        plan(
          'SELECT summary FROM kyt_submissions ORDER BY created_ms DESC, batch_line DESC, id DESC LIMIT 200 OFFSET 0',
        ).join(' | '),
      ).toMatch(/SCAN kyt_submissions USING INDEX kyt_submissions_newest/);
      expect(plan(NEXT_WAITING_SQL, 'b').join(' | ')).toMatch(
        /USING (COVERING )?INDEX kyt_submissions_by_batch_status/,
      );
    });

    it('finds submissions by their words: names, ids, label, state, currency and amount', () => {
      const { store, ids: made } = seed();
      // Words as the service folds what is typed.
      const found = (text: string) => store.search(foldedWords(text), 10).map((s) => s.id);
      expect(found('zoe mar')).toEqual([made[1]]);
      expect(found('ann lee')).toEqual([made[3], made[0]]);
      expect(found('rent ann')).toEqual([made[3], made[0]]);
      expect(found('invoice')).toEqual([]);
      expect(found('blocked')).toEqual([made[2]]);
      expect(found('gbp')).toEqual([made[2]]);
      expect(found('1234.50')).toEqual([made[1]]);
      expect(found('1234.5')).toEqual([made[1]]);
      // By the service's id once answered, and by CaseDesk's own id.
      expect(found('srv2x')).toEqual([made[2]]);
      expect(found(made[3]!)).toEqual([made[3]]);
    });
  });

  describe('batches', () => {
    it('writes a batch’s lines in one transaction, fast, and walks them in line order', () => {
      const store = storeOf();
      const lines = Array.from({ length: 10_000 }, (_, index) => ({
        transaction: transactionOf({ amount: index, external_id: `line-${index + 1}` }),
        batch: { id: 'B1', line: index + 1 },
      }));
      const records = store.createMany(lines);
      expect(records).toHaveLength(10_000);
      expect(store.batchCounts('B1')).toMatchObject({ waiting: 10_000, scored: 0 });
      expect(store.byBatch('B1', 9_998, 5).map((record) => record.batch?.line)).toEqual([
        9_999, 10_000,
      ]);
      expect(store.nextWaiting('B1')?.line).toBe(1);
      store.settle(records[0]!.id, { status: 'scored', statusReason: null, answer: {} });
      store.setStatus(records[1]!.id, 'in-doubt', 'lost');
      expect(store.nextWaiting('B1')?.line).toBe(3);
      expect(store.withdrawWaiting('B1', 'Cancelled')).toBe(9_998);
      expect(store.nextWaiting('B1')).toBeNull();
      expect(store.batchCounts('B1')).toMatchObject({
        scored: 1,
        'in-doubt': 1,
        withdrawn: 9_998,
        waiting: 0,
      });
      expect(store.get(records[5]!.id)).toMatchObject({
        status: 'withdrawn',
        statusReason: 'Cancelled',
      });
    });

    it('writes all of a batch or none of it', () => {
      const store = storeOf();
      const broken = transactionOf();
      // A body that cannot be written as JSON (a BigInt) in the middle of the lines.
      (broken as unknown as { fields: unknown }).fields = { n: 1n };
      expect(() =>
        store.createMany([
          { transaction: transactionOf(), batch: { id: 'B2', line: 1 } },
          { transaction: broken, batch: { id: 'B2', line: 2 } },
          { transaction: transactionOf(), batch: { id: 'B2', line: 3 } },
        ]),
      ).toThrow();
      expect(store.list(query()).total).toBe(0);
      expect(local.list(KYT_SUBMISSION_KIND)).toEqual([]);
    });
  });

  describe('the index is derived from the bodies', () => {
    it('derives again rows missing after a recovery, stale after a change, and drops rows with no record', () => {
      const store = storeOf();
      const a = store.create({ transaction: transactionOf({ label: 'alpha' }) });
      clock += 1000;
      const b = store.create({ transaction: transactionOf({ label: 'beta' }) });
      store.settle(b.id, {
        status: 'scored',
        statusReason: null,
        answer: { id: 'kyt_b', score: 70, state: { label: 'Blocked' } },
      });
      // As a store recovered from a damaged copy has it: the bodies, nothing derived beside them.
      local.db.exec(
        'DELETE FROM kyt_submissions; UPDATE local_records SET digest = NULL, search_text = NULL',
      );
      // A body changed by another CaseDesk, its row left as it was.
      clock += 5000;
      local.put(KYT_SUBMISSION_KIND, a.id, { ...a, status: 'in-doubt', statusReason: 'lost' });
      // A row whose record is gone.
      local.db
        .prepare(
          "INSERT INTO kyt_submissions (id, v, record_updated_ms, status, created_ms, date_ms, currency, label_folded, batch_line, summary) VALUES ('ghost', 1, 1, 'waiting', 1, 1, 'EUR', '', 0, '{}')",
        )
        .run();
      expect(store.list(query()).total).toBe(1);

      const reopened = storeOf();
      expect(reopened.rebuild()).toBe(2);
      const list = reopened.list(query());
      expect(list.submissions.map((s) => [s.id, s.status, s.score])).toEqual([
        [b.id, 'scored', 70],
        [a.id, 'in-doubt', null],
      ]);
      expect(reopened.search(['blocked'], 10).map((s) => s.id)).toEqual([b.id]);
      expect(reopened.search(['alpha'], 10).map((s) => s.id)).toEqual([a.id]);
      // Nothing left to derive.
      expect(reopened.rebuild()).toBe(0);
    });
  });

  it('claims a waiting submission once: the second claim finds it sending', () => {
    const store = storeOf();
    const made = store.create({ transaction: transactionOf() });
    expect(store.claim(made.id)).toMatchObject({ claimed: true, record: { status: 'sending' } });
    // Committed: another connection to the same file sees it.
    const other = openTestLocalStore(temp.path, now);
    try {
      expect(createKytStore(other, silentLogger).claim(made.id)).toMatchObject({
        claimed: false,
        record: { status: 'sending' },
      });
    } finally {
      other.close();
    }
    expect(store.claim('nope')).toBeNull();
  });

  it('a record read ahead is claimed as read, unless it changed since: then as it is now', () => {
    const store = storeOf();
    const [first, second] = store.createMany([
      { transaction: transactionOf({ external_id: 'A' }), batch: { id: 'B', line: 1 } },
      { transaction: transactionOf({ external_id: 'B' }), batch: { id: 'B', line: 2 } },
    ]);
    if (!first || !second) throw new Error('not made');
    store.readAhead(first.id);
    expect(store.claim(first.id)).toMatchObject({
      claimed: true,
      record: { status: 'sending', transaction: { external_id: 'A' } },
    });
    expect(store.get(first.id)?.status).toBe('sending');
    // Withdrawn by another CaseDesk after it was read ahead: the claim sees it withdrawn.
    store.readAhead(second.id);
    const other = openTestLocalStore(temp.path, now);
    try {
      createKytStore(other, silentLogger).withdrawWaiting('B', 'Cancelled.');
    } finally {
      other.close();
    }
    expect(store.claim(second.id)).toMatchObject({
      claimed: false,
      record: { status: 'withdrawn', statusReason: 'Cancelled.' },
    });
    store.checkpoint();
    expect(store.batchCounts('B')).toMatchObject({ sending: 1, withdrawn: 1 });
  });

  it('a line found next is read ahead from what was found, and claimed as it is at its claim', () => {
    const store = storeOf();
    store.createMany(
      ['A', 'B', 'C'].map((id, index) => ({
        transaction: transactionOf({ external_id: id }),
        batch: { id: 'N', line: index + 1 },
      })),
    );
    const first = store.nextWaiting('N');
    if (!first) throw new Error('no line found');
    expect(first.line).toBe(1);
    store.readAhead(first.id);
    expect(store.claim(first.id)).toMatchObject({
      claimed: true,
      record: { status: 'sending', transaction: { external_id: 'A' } },
    });
    // Changed by another CaseDesk between being found and being read ahead: as it is now.
    const second = store.nextWaiting('N');
    if (!second) throw new Error('no line found');
    expect(second.line).toBe(2);
    const other = openTestLocalStore(temp.path, now);
    try {
      createKytStore(other, silentLogger).setStatus(second.id, 'withdrawn', 'Not this one.');
    } finally {
      other.close();
    }
    store.readAhead(second.id);
    expect(store.claim(second.id)).toMatchObject({
      claimed: false,
      record: { status: 'withdrawn', statusReason: 'Not this one.' },
    });
    // Read ahead without being found first (another line than the one found): read there and then.
    const third = store.nextWaiting('N');
    expect(third?.line).toBe(3);
    store.readAhead(first.id);
    expect(store.claim(first.id)).toMatchObject({ claimed: false, record: { status: 'sending' } });
    if (third) expect(store.claim(third.id)).toMatchObject({ claimed: true });
    expect(store.nextWaiting('N')).toBeNull();
  });
});
