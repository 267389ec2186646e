import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QueueWindowInput,
  type QueueColumnName,
  type QueueFilterInput,
  type QueueSortInput,
} from '../../../preload/contract';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import { filterPlan, normaliseFilter } from '../../../main/cache/queue-filter';
import { queueWindow } from '../../../main/cache/queue-window';
import { createCacheWriter } from '../../../main/cache/repositories';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';
import { alert, type Alert, cacheCustomer, customer, openTestCache } from './review-records';

// The queue's filters and orders, checked against the same records filtered and sorted in plain
// JavaScript (the model below), for fixed cases and for fast-check's combinations.

const DAY_MS = 86_400_000;
const NOW = Date.parse('2024-05-01T00:00:00Z');

interface CustomerSeed {
  externalId: string;
  name: string;
  groups: string[];
}

interface AlertSeed {
  id: string;
  customer: string;
  state: number;
  score: number;
  category: string;
  createdDay: number;
  updatedDay: number;
  agent: string;
}

/** Day 0 of the seeds. */
const BASE_MS = Date.parse('2024-03-01T00:00:00Z');
const dayIso = (day: number, hour = 10) =>
  new Date(BASE_MS + day * DAY_MS + hour * 3_600_000).toISOString();
const dayDate = (day: number) => new Date(BASE_MS + day * DAY_MS).toISOString().slice(0, 10);

function alertRecord(seed: AlertSeed): Alert {
  const record = alert(seed.id, seed.customer, {
    state: seed.state,
    score: seed.score,
    top_category: seed.category,
    agent_id: seed.agent,
    created_at: dayIso(seed.updatedDay, 12),
  });
  return { ...record, created_at: dayIso(seed.createdDay) };
}

function fill(db: CacheDb, customers: readonly CustomerSeed[], alerts: readonly AlertSeed[]) {
  const writer = createCacheWriter(db);
  for (const seed of customers) {
    const [first = '', ...rest] = seed.name.split(' ');
    const record = customer(seed.externalId, {
      first_name: first,
      last_name: rest.join(' '),
      review_groups: seed.groups,
    });
    cacheCustomer(writer, record, NOW);
  }
  writer.putAlerts(alerts.map(alertRecord), NOW);
}

// The model: what a filter keeps and how a column orders, written the plain way.

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** SQLite's BINARY order (UTF-8 bytes) and NOCASE (ASCII letters folded). */
const binary = (a: string, b: string) => Buffer.compare(bytes(a), bytes(b));
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

interface ModelRow extends AlertSeed {
  name: string;
  groups: string[];
  createdMs: number;
  updatedMs: number;
}

function model(customers: readonly CustomerSeed[], alerts: readonly AlertSeed[]): ModelRow[] {
  const byId = new Map(customers.map((seed) => [seed.externalId, seed]));
  return alerts.map((seed) => ({
    ...seed,
    category: seed.category.toLowerCase(),
    name: byId.get(seed.customer)?.name ?? '',
    groups: byId.get(seed.customer)?.groups ?? [],
    createdMs: Date.parse(dayIso(seed.createdDay)),
    updatedMs: Date.parse(dayIso(seed.updatedDay, 12)),
  }));
}

function keeps(filter: QueueFilterInput, row: ModelRow): boolean {
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
  return (
    (!filter.states?.length || filter.states.includes(row.state)) &&
    (!filter.categories?.length ||
      filter.categories.map((category) => category.toLowerCase()).includes(row.category)) &&
    (filter.scoreFrom === undefined || row.score >= filter.scoreFrom) &&
    (filter.scoreTo === undefined || row.score <= filter.scoreTo) &&
    (!filter.createdFrom || row.createdMs >= dayStart(filter.createdFrom)) &&
    (!filter.createdTo || row.createdMs < dayStart(filter.createdTo) + DAY_MS) &&
    (!filter.updatedFrom || row.updatedMs >= dayStart(filter.updatedFrom)) &&
    (!filter.updatedTo || row.updatedMs < dayStart(filter.updatedTo) + DAY_MS) &&
    (!filter.reviewGroups?.length || filter.reviewGroups.some((g) => row.groups.includes(g))) &&
    (!filter.onlyWithoutReviewGroups || row.groups.length === 0) &&
    (!filter.assignedTo || row.agent === filter.assignedTo) &&
    (!filter.onlyWithoutAssignment || row.agent === '') &&
    (!filter.customerExternalId || row.customer === filter.customerExternalId) &&
    (!filter.name || nameMatches(filter.name, row.name))
  );
}

/** The name filter as global search reads words: case and accents aside, each a word's start. */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const nameMatches = (filter: string, name: string) =>
  words(filter).every((term) => words(name).some((word) => word.startsWith(term)));

const KEYS: Record<Exclude<QueueColumnName, 'work'>, (row: ModelRow) => string | number> = {
  id: (row) => row.id,
  agentId: (row) => row.agent,
  customerName: (row) => asciiLower(row.name),
  customerExternalId: (row) => row.customer,
  category: (row) => row.category,
  score: (row) => row.score,
  state: (row) => row.state,
  createdAt: (row) => row.createdMs,
  updatedAt: (row) => row.updatedMs,
  reviewGroups: (row) => (row.groups.length ? `\t${row.groups.join('\t')}\t` : ''),
};

/** Each alert's rank of the investigator's work (the local store's, given to the window). */
type Ranks = ReadonlyMap<string, number>;

function ordered(
  rows: readonly ModelRow[],
  sort: QueueSortInput,
  ranks: Ranks = new Map(),
): string[] {
  const key =
    sort.column === 'work' ? (row: ModelRow) => ranks.get(row.id) ?? 0 : KEYS[sort.column];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = (a: ModelRow, b: ModelRow) => {
    const [x, y] = [key(a), key(b)];
    const byKey =
      typeof x === 'number' && typeof y === 'number' ? x - y : binary(String(x), String(y));
    return sign * (byKey || binary(a.id, b.id));
  };
  return [...rows].sort(compare).map((row) => row.id);
}

const window = (db: CacheDb, input: Record<string, unknown>, ranks?: Ranks) =>
  queueWindow(db, {
    ...QueueWindowInput.parse(input),
    ...(ranks && { work: { ranks, key: JSON.stringify([...ranks]) } }),
  });

/** Every id of the queue, read window by window. */
function readAll(
  db: CacheDb,
  filter: QueueFilterInput,
  sort: QueueSortInput,
  limit = 7,
  ranks?: Ranks,
) {
  const ids: string[] = [];
  let total = 0;
  for (let offset = 0; offset === 0 || offset < total; offset += limit) {
    const page = window(db, { filter, sort, offset, limit }, ranks);
    total = page.total;
    expect(page.offset).toBe(offset);
    ids.push(...page.rows.map((row) => row.id));
  }
  return { ids, total };
}

// Fixed cases.

const CUSTOMERS: CustomerSeed[] = [
  { externalId: 'C1', name: 'anna Berg', groups: ['retail'] },
  { externalId: 'C2', name: 'Anna Berg', groups: ['retail', 'vip'] },
  { externalId: 'C3', name: 'Émile Zola', groups: [] },
  { externalId: 'C4', name: 'Bo Ek', groups: ['vip'] },
];

const ALERTS: AlertSeed[] = [
  {
    id: 'A01',
    customer: 'C1',
    state: 2,
    score: 70,
    category: 'PEP',
    createdDay: 0,
    updatedDay: 5,
    agent: '',
  },
  {
    id: 'A02',
    customer: 'C2',
    state: 3,
    score: 70,
    category: 'SIP',
    createdDay: 1,
    updatedDay: 5,
    agent: 'agent-2',
  },
  {
    id: 'A03',
    customer: 'C3',
    state: 2,
    score: 15,
    category: 'RCA_SIP',
    createdDay: 1,
    updatedDay: 2,
    agent: 'agent-10',
  },
  {
    id: 'A04',
    customer: 'C9',
    state: 7,
    score: 99,
    category: 'PEP',
    createdDay: 3,
    updatedDay: 3,
    agent: '',
  },
  {
    id: 'A05',
    customer: 'C4',
    state: 4,
    score: 100,
    category: 'SAN',
    createdDay: 4,
    updatedDay: 9,
    agent: 'agent-2',
  },
  {
    id: 'A06',
    customer: 'C1',
    state: 1,
    score: 0,
    category: 'PEP',
    createdDay: 9,
    updatedDay: 9,
    agent: '',
  },
];

function fixedCache() {
  const { db } = openTestCache();
  fill(db, CUSTOMERS, ALERTS);
  return { db, rows: model(CUSTOMERS, ALERTS) };
}

describe('the queue window', () => {
  it('gives each row its customer, review groups, agent and dates', () => {
    const { db } = fixedCache();
    const page = window(db, { sort: { column: 'customerExternalId', direction: 'asc' } });
    expect(page.total).toBe(6);
    expect(page.rows[1]).toEqual({
      id: 'A06',
      customerExternalId: 'C1',
      customerName: 'anna Berg',
      category: 'pep',
      score: 0,
      state: 1,
      createdAt: dayIso(9),
      updatedAt: dayIso(9, 12),
      reviewGroups: ['retail'],
      agentId: '',
      revisionNumber: 1,
      work: null,
    });
    // A customer not synced yet: no name, no groups, the row is still there.
    expect(page.rows.find((row) => row.id === 'A04')).toMatchObject({
      customerName: '',
      reviewGroups: [],
    });
  });

  it.each([
    ['customerName', 'asc'],
    ['customerName', 'desc'],
    ['reviewGroups', 'asc'],
    ['reviewGroups', 'desc'],
    ['score', 'asc'],
    ['score', 'desc'],
    ['updatedAt', 'desc'],
    ['createdAt', 'asc'],
    ['state', 'desc'],
    ['category', 'asc'],
    ['customerExternalId', 'desc'],
  ] as const)('orders by %s %s, ties by id in the same direction', (column, direction) => {
    const { db, rows } = fixedCache();
    const sort = { column, direction };
    expect(readAll(db, {}, sort).ids).toEqual(ordered(rows, sort));
  });

  it('sorts names without regard to case, and an uncached customer first', () => {
    const { db } = fixedCache();
    const ids = readAll(db, {}, { column: 'customerName', direction: 'asc' }).ids;
    // A04's customer is not cached (empty name); "anna Berg" and "Anna Berg" tie, so by id.
    expect(ids).toEqual(['A04', 'A01', 'A02', 'A06', 'A05', 'A03']);
  });

  it.each<[string, QueueFilterInput, string[]]>([
    ['states', { states: [2, 3] }, ['A01', 'A02', 'A03']],
    ['categories in any case', { categories: ['PEP', 'san'] }, ['A01', 'A04', 'A05', 'A06']],
    ['a score range', { scoreFrom: 70, scoreTo: 99 }, ['A01', 'A02', 'A04']],
    [
      'created days, to inclusive',
      { createdFrom: dayDate(1), createdTo: dayDate(3) },
      ['A02', 'A03', 'A04'],
    ],
    ['updated days', { updatedFrom: dayDate(5), updatedTo: dayDate(5) }, ['A01', 'A02']],
    ['review groups (any)', { reviewGroups: ['vip', 'nobody'] }, ['A02', 'A05']],
    ['no review group (or no customer yet)', { onlyWithoutReviewGroups: true }, ['A03', 'A04']],
    ['an agent', { assignedTo: 'agent-2' }, ['A02', 'A05']],
    ['unassigned', { onlyWithoutAssignment: true }, ['A01', 'A04', 'A06']],
    ['a customer', { customerExternalId: 'C1' }, ['A01', 'A06']],
    ['a customer name, words in any order and case', { name: 'berg AN' }, ['A01', 'A02', 'A06']],
    ['a customer name without accents', { name: 'emile' }, ['A03']],
    ['a name that is no word', { name: '  -- ' }, ['A01', 'A02', 'A03', 'A04', 'A05', 'A06']],
    [
      'everything at once',
      {
        states: [2, 3, 4],
        categories: ['sip', 'san'],
        scoreFrom: 50,
        reviewGroups: ['vip'],
        assignedTo: 'agent-2',
        createdFrom: dayDate(1),
        updatedTo: dayDate(9),
      },
      ['A02', 'A05'],
    ],
    ['an agent and unassigned', { assignedTo: 'agent-2', onlyWithoutAssignment: true }, []],
  ])('filters by %s', (_name, filter, expected) => {
    const { db, rows } = fixedCache();
    const sort = { column: 'customerExternalId', direction: 'asc' } as const;
    const { ids, total } = readAll(db, filter, sort);
    expect([...ids].sort()).toEqual(expected);
    expect(ids).toEqual(
      ordered(
        rows.filter((row) => keeps(filter, row)),
        sort,
      ),
    );
    expect(total).toBe(expected.length);
  });

  it('counts each state under every filter but the state one', () => {
    const { db } = fixedCache();
    const page = window(db, { filter: { states: [7], categories: ['pep'] } });
    expect(page.total).toBe(1);
    expect(page.stateCounts).toEqual({ 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 1 });
    expect(window(db, {}).stateCounts).toEqual({ 1: 1, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0, 7: 1 });
  });

  it('keeps only the alerts the investigator’s work names, none when it names none', () => {
    const { db, rows } = fixedCache();
    const sort = { column: 'updatedAt', direction: 'desc' } as const;
    const named = [rows[1]!.id, rows[4]!.id, 'not-cached'];
    const page = queueWindow(db, {
      ...QueueWindowInput.parse({ sort }),
      filter: { alertIds: named },
    });
    expect(page.rows.map((row) => row.id)).toEqual(
      ordered(rows, sort).filter((id) => named.includes(id)),
    );
    const none = queueWindow(db, { ...QueueWindowInput.parse({ sort }), filter: { alertIds: [] } });
    expect(none).toMatchObject({ total: 0, rows: [] });
    expect(Object.values(none.stateCounts).every((count) => count === 0)).toBe(true);
  });

  it('serves a window at any offset, and an empty one past the end', () => {
    const { db, rows } = fixedCache();
    const sort = { column: 'updatedAt', direction: 'desc' } as const;
    const all = ordered(rows, sort);
    expect(window(db, { sort, offset: 2, limit: 3 }).rows.map((row) => row.id)).toEqual(
      all.slice(2, 5),
    );
    expect(window(db, { sort, offset: 6, limit: 3 })).toMatchObject({ total: 6, rows: [] });
  });

  it('says where the focused alert sits, and follows it when a sync moves it', () => {
    const { db } = fixedCache();
    const sort = { column: 'updatedAt', direction: 'desc' } as const;
    const before = window(db, { sort, focusId: 'A03', limit: 2 });
    expect(before.focusIndex).toBe(5);
    expect(window(db, { sort, focusId: 'A01', filter: { states: [7] } }).focusIndex).toBeNull();
    expect(window(db, { sort, focusId: 'no-such-alert' }).focusIndex).toBeNull();

    // A new revision of A03 arrives: it is now the most recently updated.
    const seed = ALERTS.find((entry) => entry.id === 'A03') as AlertSeed;
    const revised = alertRecord({ ...seed, updatedDay: 20 });
    createCacheWriter(db).putAlerts(
      [
        {
          ...revised,
          last_revision: { ...revised.last_revision, revision_number: 2, id: 'A03-r2' },
        },
      ],
      NOW,
    );
    const after = window(db, { sort, focusId: 'A03', limit: 2 });
    expect(after.focusIndex).toBe(0);
    expect(after.rows[0]).toMatchObject({ id: 'A03', revisionNumber: 2 });
  });

  it('sees what another connection (the sync worker) commits', () => {
    const temp = makeTempDir();
    try {
      const path = join(temp.path, 'cache.db');
      const { db } = openCache(path, silentLogger);
      fill(db, CUSTOMERS, ALERTS.slice(0, 2));
      expect(window(db, {}).total).toBe(2);
      const worker = new Database(path);
      createCacheWriter(worker).putAlerts(ALERTS.slice(2).map(alertRecord), NOW);
      worker.close();
      const page = window(db, { filter: { states: [7] } });
      expect(page.total).toBe(1);
      expect(page.stateCounts['2']).toBe(2);
      expect(window(db, {}).total).toBe(6);
      db.close();
    } finally {
      temp.remove();
    }
  });

  it('finds every filter through an index, reading alerts only for one customer’s few', () => {
    const { db } = fixedCache();
    const steps = (sql: string, params: Array<string | number>) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((step) => step.detail)
        .filter((line) => /^(SCAN|SEARCH) alerts\b/.test(line));
    const everything = {
      states: [2],
      categories: ['pep'],
      scoreFrom: 1,
      scoreTo: 99,
      createdFrom: dayDate(0),
      updatedTo: dayDate(9),
      reviewGroups: ['vip'],
      assignedTo: 'agent-2',
    };
    const plan = filterPlan(normaliseFilter(everything));
    expect(plan.queries).toHaveLength(4);
    for (const query of plan.queries)
      for (const step of steps(query.sql, query.params))
        expect(step).toMatch(/USING (COVERING INDEX|INDEX alerts_by_agent)/);
    const [customerQuery, ...others] = filterPlan(
      normaliseFilter({ ...everything, customerExternalId: 'C1' }),
    ).queries;
    const customerSteps = steps(customerQuery?.sql ?? '', customerQuery?.params ?? []);
    expect(customerSteps).toHaveLength(1);
    expect(customerSteps[0]).toMatch(
      /^SEARCH alerts USING INDEX alerts_by_customer \(customer_external_id=\?/,
    );
    expect(others).toHaveLength(1);
    // The name filter walks global search's index of names, then the customer index.
    const [nameQuery] = filterPlan(normaliseFilter({ name: 'anna' })).queries;
    const nameSteps = steps(nameQuery?.sql ?? '', nameQuery?.params ?? []);
    expect(nameSteps).toEqual([
      expect.stringMatching(/^SEARCH alerts USING COVERING INDEX alerts_by_customer/),
    ]);
    expect(
      (
        db
          .prepare(`EXPLAIN QUERY PLAN ${nameQuery?.sql ?? ''}`)
          .all(...(nameQuery?.params ?? [])) as Array<{
          detail: string;
        }>
      ).some((step) => /^SCAN f VIRTUAL TABLE INDEX \d+:M/.test(step.detail)),
    ).toBe(true);
  });
});

// Property: any data, any filter, any sort give the model's queue, window by window.

const NAMES = ['anna Berg', 'Anna Berg', 'Bo Ek', 'Émile Zola', 'Zed', 'bo ek'];
const GROUPS = ['retail', 'vip', 'vip-2', 'emea'];
const AGENTS = ['agent-1', 'agent-2', 'agent-10'];

const customerSeeds = fc.uniqueArray(
  fc.record({
    externalId: fc.constantFrom('C1', 'C2', 'C3', 'C4', 'C5', 'c1', 'C10'),
    name: fc.constantFrom(...NAMES),
    groups: fc.uniqueArray(fc.constantFrom(...GROUPS), { maxLength: 3 }),
  }),
  { selector: (seed) => seed.externalId, maxLength: 6 },
);

const alertSeeds = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[A-Za-z0-9]{1,4}$/),
    customer: fc.constantFrom('C1', 'C2', 'C3', 'C4', 'C5', 'c1', 'C10', 'C404'),
    state: fc.integer({ min: 1, max: 7 }),
    score: fc.constantFrom(0, 9, 10, 50, 50, 99, 100),
    category: fc.constantFrom('PEP', 'pep', 'SIP', 'RCA_SIP', 'SAN'),
    createdDay: fc.integer({ min: 0, max: 6 }),
    updatedDay: fc.integer({ min: 0, max: 6 }),
    agent: fc.constantFrom('', '', ...AGENTS),
  }),
  { selector: (seed) => seed.id, maxLength: 40 },
);

const day = fc.integer({ min: 0, max: 6 }).map(dayDate);
/** Up to three filters at once: more would leave most queues empty, and prove little. */
const filters: fc.Arbitrary<QueueFilterInput> = fc
  .tuple(
    fc.record({
      states: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 3 }),
      categories: fc.uniqueArray(fc.constantFrom('pep', 'SIP', 'rca_sip', 'sie'), {
        maxLength: 2,
      }),
      scoreFrom: fc.constantFrom(0, 10, 50, 99),
      scoreTo: fc.constantFrom(9, 50, 100),
      createdFrom: day,
      createdTo: day,
      updatedFrom: day,
      updatedTo: day,
      reviewGroups: fc.uniqueArray(fc.constantFrom(...GROUPS), { maxLength: 2 }),
      onlyWithoutReviewGroups: fc.boolean(),
      assignedTo: fc.constantFrom(...AGENTS),
      onlyWithoutAssignment: fc.boolean(),
      customerExternalId: fc.constantFrom('C1', 'c1', 'C404'),
      name: fc.constantFrom('anna', 'berg an', 'BO', 'emil', 'zo', 'Zed', 'e'),
    }),
    fc.uniqueArray(fc.nat({ max: 13 }), { maxLength: 3 }),
  )
  .map(([values, chosen]) => {
    const entries = Object.entries(values);
    return Object.fromEntries(chosen.flatMap((index) => entries.slice(index, index + 1)));
  });
const sorts = fc.record({
  column: fc.constantFrom<QueueColumnName>(
    'id',
    'agentId',
    'customerName',
    'customerExternalId',
    'category',
    'score',
    'state',
    'createdAt',
    'updatedAt',
    'reviewGroups',
    'work',
  ),
  direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
});
/** Work ranks on some of the alerts, by position (ids the cache does not hold are ignored). */
const rankSeeds = fc.array(fc.tuple(fc.nat({ max: 30 }), fc.integer({ min: 1, max: 4 })), {
  maxLength: 12,
});

describe('the queue window, for any records, filter and sort', () => {
  it('is the model queue, with the model state counts and focus', () => {
    fc.assert(
      fc.property(
        customerSeeds,
        alertSeeds,
        filters,
        sorts,
        fc.nat(),
        rankSeeds,
        (customers, alerts, filter, sort, pick, seeds) => {
          const { db } = openTestCache();
          fill(db, customers, alerts);
          const rows = model(customers, alerts);
          const ranks = new Map(
            seeds.map(([at, rank]) => [alerts[at]?.id ?? `not-cached-${at}`, rank] as const),
          );
          const expected = ordered(
            rows.filter((row) => keeps(filter, row)),
            sort,
            ranks,
          );
          const { ids, total } = readAll(db, filter, sort, 1 + (pick % 9), ranks);
          expect(ids).toEqual(expected);
          expect(total).toBe(expected.length);

          const { states: _states, ...others } = filter;
          const counts: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 };
          for (const row of rows.filter((entry) => keeps(others, entry)))
            counts[row.state] = (counts[row.state] ?? 0) + 1;
          // The first window may be read from an index and counted from the tallies.
          expect(window(db, { filter, sort }, ranks).stateCounts).toEqual(counts);
          const focus = alerts[pick % Math.max(1, alerts.length)]?.id;
          const page = window(db, { filter, sort, focusId: focus ?? 'none' }, ranks);
          expect(page.stateCounts).toEqual(counts);
          expect(page.focusIndex).toBe(
            focus && expected.includes(focus) ? expected.indexOf(focus) : null,
          );
          db.close();
        },
      ),
      { numRuns: 150 },
    );
  });
});
