import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WirePressReportSchema } from '../../../main/api/wire/press';
import { silentLogger } from '../../../main/lib/logger';
import { migrate } from '../../../main/lib/sqlite/migrate';
import { openLocalStore, type LocalStoreOpening } from '../../../main/local/local-store';
import { LOCAL_MIGRATIONS } from '../../../main/local/migrations';
import { migration001 } from '../../../main/local/migrations/001-initial';
import { PRESS_REPORT_KIND, type KeptPressReport } from '../../../main/press/kept-report';
import { createPressStore } from '../../../main/press/press-store';
import { corruptPages, rootPageOf } from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

function opened(opening: LocalStoreOpening) {
  if (opening.state !== 'open') throw new Error(`not open: ${opening.reason}`);
  return opening;
}

/** A report kept for customer `C<n % 3>`, with a few sources. */
function report(n: number): KeptPressReport {
  return {
    v: 1,
    wire: WirePressReportSchema.parse({
      report_body_id: `R${n}`,
      created_at: `2026-03-01T10:00:${String(n % 60).padStart(2, '0')}Z`,
      general_summary: `Report number ${n} ${'words '.repeat(60)}`,
      risk_summary: n % 2 ? 'Fraud allegations.' : '',
      general_sources: Array.from({ length: 5 }, (_, s) => ({
        website: { url: `https://site${s}.example/${n}`, title: `Story of case${n}x${s}` },
      })),
      report_categories: n % 2 ? [{ category: 'fraud', severity: 'high', sources: [] }] : [],
      metadata: { input: { name: `Person ${n % 3}` } },
    }),
    origin: 'generated',
    asked: null,
    customerExternalId: `C${n % 3}`,
    previousReportId: null,
    readSources: [],
    keptAtMs: Date.parse('2026-03-01T10:00:00Z') + n * 1000,
  };
}

describe('local store migration 002: press reports list without reading their bodies', () => {
  it('adds the columns and the index lists read, to a store of version 1 whose records stay as they were', () => {
    const db = new Database(':memory:');
    migrate(db, { migrations: [migration001], label: 'The local store' });
    db.prepare(
      'INSERT INTO local_records (kind, id, body, created_ms, updated_ms) VALUES (?, ?, ?, 5, 6)',
    ).run('note', 'n1', '{"text":"call back"}');
    migrate(db, { migrations: LOCAL_MIGRATIONS.slice(0, 2), label: 'The local store' });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT * FROM local_records').all()).toEqual([
      {
        kind: 'note',
        id: 'n1',
        body: '{"text":"call back"}',
        created_ms: 5,
        updated_ms: 6,
        subject: null,
        digest: null,
        search_text: null,
      },
    ]);
    expect(() =>
      db.prepare("UPDATE local_records SET digest = 'not json' WHERE id = 'n1'").run(),
    ).toThrow(/CHECK/);
    const plan = (
      db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT id, digest FROM local_records WHERE kind = 'press-report' AND subject = 'customer:C1' AND digest IS NOT NULL ORDER BY created_ms DESC, id DESC",
        )
        .all() as Array<{ detail: string }>
    ).map((row) => row.detail);
    expect(plan).toEqual([
      'SEARCH local_records USING INDEX local_records_by_subject (kind=? AND subject=?)',
    ]);
    db.close();
  });
});

describe('press reports in a local store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-press-');
    path = join(temp.path, 'local.db');
  });
  afterEach(() => temp.remove());

  const ids = (summaries: Array<{ id: string }>) => summaries.map((summary) => summary.id);

  it('lists a customer’s reports newest first, and those kept without a digest once derived again', () => {
    const { store } = opened(openLocalStore(path, silentLogger));
    const press = createPressStore(store, silentLogger);
    for (let n = 0; n < 9; n += 1) press.keep(report(n));
    // Written as by a CaseDesk before migration 002: the body alone.
    store.put(PRESS_REPORT_KIND, 'R9', report(9));
    expect(ids(press.summaries('customer:C0'))).toEqual(['R6', 'R3', 'R0']);
    expect(press.reindex()).toBe(1);
    expect(ids(press.summaries('customer:C0'))).toEqual(['R9', 'R6', 'R3', 'R0']);
    expect(press.count('customer:C0')).toBe(4);
    expect(ids(press.search(['fraud'], 10))).toEqual(['R9', 'R7', 'R5', 'R3', 'R1']);
    expect(ids(press.search(['story', 'case4x'], 10))).toEqual(['R4']);
    expect(press.reindex()).toBe(0);
    store.close();
  });

  it('recovered from a damaged store, every report still lists: digests come along, or are derived again', () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const { store } = opened(openLocalStore(path, silentLogger, () => (clock += 1000)));
    const press = createPressStore(store, silentLogger);
    for (let n = 0; n < 30; n += 1) press.keep(report(n));
    store.put(PRESS_REPORT_KIND, 'R30', report(30));
    store.close();
    corruptPages(path, [rootPageOf(path, 'local_records_by_created')]);

    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ recovered: 31, unreadable: 0 });
    const again = createPressStore(opening.store, silentLogger);
    // The 30 digests read whole and came along; the one that never had one is derived again.
    expect(again.reindex()).toBe(1);
    expect(again.count('customer:C0')).toBe(11);
    expect(ids(again.summaries('customer:C0')).slice(0, 3)).toEqual(['R30', 'R27', 'R24']);
    expect(again.get('R12')?.wire.general_sources).toHaveLength(5);
    opening.store.close();
  });

  it('a digest damaged in the recovered copy is derived again from the body', () => {
    const { store } = opened(openLocalStore(path, silentLogger));
    const press = createPressStore(store, silentLogger);
    press.keep(report(1));
    store.db.prepare("UPDATE local_records SET digest = '{\"v\":0}' WHERE id = 'R1'").run();
    expect(ids(press.summaries())).toEqual([]);
    expect(press.reindex()).toBe(1);
    expect(press.summaries()[0]).toMatchObject({
      id: 'R1',
      highestSeverity: 'high',
      sourceCount: 5,
    });
    store.close();
  });
});
