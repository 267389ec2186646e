import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import {
  createJournal,
  entryHash,
  GENESIS,
  type Journal,
  type JournalEntry,
} from '../../../main/local/journal';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { corruptPages, pagesOf, rootPageOf } from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

// The profile's journal in a real local store: appended in order, hash-chained, refused any
// change through SQLite; and what `verify` says once it was changed around SQLite (its triggers
// dropped, as someone with the file in hand can do).

const START = Date.parse('2026-05-04T08:00:00Z');

describe('the journal', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  let store: LocalStore;
  let clock = START;
  const tick = () => (clock += 1000);

  const open = () => {
    const opening = openLocalStore(path, silentLogger, tick);
    if (opening.state !== 'open') throw new Error(opening.reason);
    return opening;
  };
  beforeEach(() => {
    temp = makeTempDir('casedesk-journal-');
    path = join(temp.path, 'local.db');
    clock = START;
    store = open().store;
  });
  afterEach(() => {
    if (store.db.open) store.close();
    temp.remove();
  });

  /** `count` entries, each in its own commit as the workbench writes them (or in one, when many). */
  const appendMany = (count: number, journal: Journal = store.journal) => {
    const entries: JournalEntry[] = [];
    store.db.transaction(() => {
      for (let n = 1; n <= count; n += 1)
        entries.push(
          journal.append({
            actor: n % 2 ? 'Ana Ruiz' : 'Bo Chen',
            action: n % 3 ? 'note.added' : 'note.edited',
            subject: `customer:C-${n % 5}`,
            body: { note: `n${n}`, text: `Note ${n}`, edit: n % 3 },
          }),
        );
    })();
    return entries;
  };
  /** Runs SQL around the triggers, as a hand edit of the file would. */
  const tamper = (sql: string, ...params: unknown[]) => {
    store.db.exec('DROP TRIGGER IF EXISTS journal_never_changed');
    store.db.exec('DROP TRIGGER IF EXISTS journal_never_removed');
    store.db.prepare(sql).run(...params);
  };
  const count = () => store.db.prepare('SELECT count(*) FROM journal').pluck().get() as number;

  it('chains every entry to the one before it: intact after thousands of appends', () => {
    const entries = appendMany(4_321);
    expect(entries[0]).toMatchObject({ seq: 1, prevHash: GENESIS, atMs: START + 1000 });
    entries.forEach((entry, index) => {
      expect(entry.seq).toBe(index + 1);
      if (index > 0) expect(entry.prevHash).toBe(entries[index - 1]?.hash);
      const { hash, ...unhashed } = entry;
      expect(hash).toBe(entryHash(unhashed));
    });
    const head = entries.at(-1)?.hash ?? '';
    expect(store.journal.head()).toEqual({ seq: 4_321, hash: head });
    // Past the verifier's own pages (2,000 rows each).
    expect(store.journal.verify()).toEqual({ state: 'intact', entries: 4_321, head });
    // Read again from the file, by another CaseDesk run.
    store.close();
    store = open().store;
    expect(store.journal.verify()).toEqual({ state: 'intact', entries: 4_321, head });
    store.journal.append({ actor: 'Ana Ruiz', action: 'note.added', subject: 'alert:1', body: {} });
    expect(store.journal.verify()).toMatchObject({ state: 'intact', entries: 4_322 });
  });

  it('an empty journal is intact, its head the genesis hash', () => {
    expect(store.journal.head()).toEqual({ seq: 0, hash: GENESIS });
    expect(store.journal.verify()).toEqual({ state: 'intact', entries: 0, head: GENESIS });
  });

  it('reads back: the newest (of one subject) newest first, a subject oldest first, pages in order', () => {
    const entries = appendMany(23);
    expect(store.journal.recent(3).map((entry) => entry.seq)).toEqual([23, 22, 21]);
    expect(store.journal.recent(2, 'customer:C-1').map((entry) => entry.seq)).toEqual([21, 16]);
    expect(store.journal.of('customer:C-2').map((entry) => entry.seq)).toEqual([2, 7, 12, 17, 22]);
    expect(store.journal.of('customer:C-2')[0]).toEqual(entries[1]);
    const pages = [...store.journal.pages(10)];
    expect(pages.map((page) => page.length)).toEqual([10, 10, 3]);
    expect(pages.flat()).toEqual(entries);
    expect([...store.journal.pages(10, 20)].flat().map((entry) => entry.seq)).toEqual([21, 22, 23]);
    expect([...store.journal.pages(10, 23)]).toEqual([]);
  });

  describe('verify names the first entry that does not check out', () => {
    beforeEach(() => {
      appendMany(30);
    });

    it('a changed body', () => {
      tamper(
        `UPDATE journal SET body = json_set(body, '$.text', 'Nothing to report') WHERE seq = 17`,
      );
      expect(store.journal.verify()).toEqual({
        state: 'broken',
        entries: 30,
        firstBroken: 17,
        reason: 'its content does not match its hash: it was changed after it was written',
      });
    });

    it('a changed actor', () => {
      tamper('UPDATE journal SET actor = ? WHERE seq = 4', 'Someone else');
      expect(store.journal.verify()).toMatchObject({
        state: 'broken',
        firstBroken: 4,
        reason: expect.stringMatching(/content does not match its hash/) as unknown,
      });
    });

    it('a changed time, action or subject', () => {
      tamper('UPDATE journal SET at_ms = at_ms - 86400000 WHERE seq = 9');
      expect(store.journal.verify()).toMatchObject({ firstBroken: 9 });
      tamper('UPDATE journal SET at_ms = at_ms + 86400000 WHERE seq = 9');
      expect(store.journal.verify()).toMatchObject({ state: 'intact' });
      tamper("UPDATE journal SET subject = 'customer:C-9' WHERE seq = 3");
      expect(store.journal.verify()).toMatchObject({ firstBroken: 3 });
    });

    it('a changed entry whose hash was made again: the entry after it no longer follows', () => {
      const [entry] = store.journal.of('customer:C-2');
      if (!entry) throw new Error('no entry');
      const forged = { ...entry, body: { note: 'n2', text: 'Forged', edit: 2 } };
      const { hash: _old, ...unhashed } = forged;
      tamper(
        'UPDATE journal SET body = ?, hash = ? WHERE seq = ?',
        JSON.stringify(forged.body),
        entryHash(unhashed),
        entry.seq,
      );
      expect(store.journal.verify()).toMatchObject({
        state: 'broken',
        firstBroken: entry.seq + 1,
        reason: expect.stringMatching(/does not follow the entry before it/) as unknown,
      });
    });

    it('a removed entry in the middle: a gap, named at the entry that follows it', () => {
      tamper('DELETE FROM journal WHERE seq = 12');
      expect(store.journal.verify()).toEqual({
        state: 'broken',
        entries: 29,
        firstBroken: 13,
        reason: 'entry 12 is missing (the next one kept is 13)',
      });
    });

    it('two entries swapped (their places exchanged)', () => {
      tamper('UPDATE journal SET seq = 1000 WHERE seq = 21');
      tamper('UPDATE journal SET seq = 21 WHERE seq = 22');
      tamper('UPDATE journal SET seq = 22 WHERE seq = 1000');
      expect(count()).toBe(30);
      expect(store.journal.verify()).toMatchObject({
        state: 'broken',
        entries: 30,
        firstBroken: 21,
        reason: expect.stringMatching(/does not follow the entry before it/) as unknown,
      });
    });

    it('the first entry removed', () => {
      tamper('DELETE FROM journal WHERE seq = 1');
      expect(store.journal.verify()).toEqual({
        state: 'broken',
        entries: 29,
        firstBroken: 2,
        reason: 'the journal starts at entry 2: entries before it are missing',
      });
    });

    it('the first of several changes is the one named', () => {
      tamper("UPDATE journal SET actor = 'X' WHERE seq IN (6, 25)");
      tamper('DELETE FROM journal WHERE seq = 28');
      expect(store.journal.verify()).toMatchObject({ firstBroken: 6 });
    });

    it('a body that is no JSON any more is a broken entry, not a crash of the check', () => {
      // The CHECK (json_valid) stands in the way of SQL: a hand edit of the page would not.
      store.db.pragma('ignore_check_constraints = ON');
      tamper('UPDATE journal SET body = \'{"note": \' WHERE seq = 8');
      expect(store.journal.verify()).toMatchObject({
        firstBroken: 8,
        reason: 'its record is not readable JSON any more',
      });
    });
  });

  it('refuses UPDATE and DELETE through SQLite: a correction is a new entry', () => {
    const entries = appendMany(3);
    expect(() => store.db.prepare("UPDATE journal SET actor = 'X' WHERE seq = 2").run()).toThrow(
      /the journal is append-only: a correction is a new entry/,
    );
    expect(() => store.db.prepare('DELETE FROM journal WHERE seq = 3').run()).toThrow(
      /the journal is append-only: no entry is ever removed/,
    );
    expect(() => store.db.prepare('DELETE FROM journal').run()).toThrow(/append-only/);
    expect([...store.journal.pages(100)].flat()).toEqual(entries);
    expect(store.journal.verify()).toMatchObject({ state: 'intact', entries: 3 });
  });

  it('an append inside a transaction that rolls back leaves no entry, and takes no place', () => {
    const [first] = appendMany(1);
    expect(() =>
      store.db.transaction(() => {
        store.put('note', 'n-lost', { text: 'never kept' });
        store.journal.append({
          actor: 'Ana Ruiz',
          action: 'note.added',
          subject: 'alert:1',
          body: { note: 'n-lost' },
        });
        throw new Error('the note could not be written');
      })(),
    ).toThrow(/could not be written/);
    expect(count()).toBe(1);
    expect(store.get('note', 'n-lost')).toBeNull();
    expect(store.journal.head()).toEqual({ seq: 1, hash: first?.hash });
    const next = store.journal.append({
      actor: 'Ana Ruiz',
      action: 'note.added',
      subject: 'alert:1',
      body: {},
    });
    expect(next).toMatchObject({ seq: 2, prevHash: first?.hash });
    expect(store.journal.verify()).toMatchObject({ state: 'intact', entries: 2 });
  });

  it('stays intact with lone surrogates in its actor, subject and body, after the store reopens', () => {
    const entry = store.journal.append({
      actor: 'Ana \uD800 Ruiz',
      action: 'review.received',
      subject: 'alert:A\uDC00',
      body: { alertId: 'A\uD800', note: 'x\uDBFF' },
    });
    expect(entry.subject).toBe('alert:A\uFFFD');
    store.close();
    store = open().store;
    expect(store.journal.recent(1)[0]).toMatchObject({
      actor: 'Ana \uFFFD Ruiz',
      subject: 'alert:A\uFFFD',
    });
    expect(store.journal.verify()).toMatchObject({ state: 'intact', entries: 1 });
  });

  it('hashes a body by its value, whatever order its members were given in', () => {
    const other = new Database(':memory:');
    other.exec(
      readSchema(store.db)
        .map((sql) => `${sql};`)
        .join('\n'),
    );
    const at = () => START;
    const a = createJournal(store.db, at).append({
      actor: 'Ana Ruiz',
      action: 'proposal.made',
      subject: 'alert:42',
      body: { reason: 'Namesake', state: 7, pinned: { score: 70, id: 'r1', profileDate: null } },
    });
    const b = createJournal(other, at).append({
      actor: 'Ana Ruiz',
      action: 'proposal.made',
      subject: 'alert:42',
      body: { pinned: { profileDate: null, id: 'r1', score: 70 }, state: 7, reason: 'Namesake' },
    });
    expect(b.hash).toBe(a.hash);
    expect(JSON.stringify(b.body)).toBe(JSON.stringify(a.body));
    // Kept in the file in that one order too.
    expect(other.prepare('SELECT body FROM journal').pluck().get()).toBe(
      '{"pinned":{"id":"r1","profileDate":null,"score":70},"reason":"Namesake","state":7}',
    );
    // Another value is another hash.
    const c = createJournal(other, at).append({
      actor: 'Ana Ruiz',
      action: 'proposal.made',
      subject: 'alert:42',
      body: { pinned: { profileDate: null, id: 'r1', score: 71 }, state: 7, reason: 'Namesake' },
    });
    expect(entryHash({ ...c, seq: 1, prevHash: GENESIS })).not.toBe(a.hash);
    other.close();
  });

  describe('a damaged store: its journal recovered as it was', () => {
    /** Notes (to fill pages) and a journal entry for each, as the workbench writes them. */
    const writeWork = (notes: number) => {
      for (let n = 0; n < notes; n += 1)
        store.db.transaction(() => {
          store.put('note', `n${n}`, { n, text: `note ${n} ${'x'.repeat(400)}` });
          store.journal.append({
            actor: 'Ana Ruiz',
            action: 'note.added',
            subject: `customer:C-${n % 4}`,
            body: { note: `n${n}`, text: `note ${n} ${'y'.repeat(300)}` },
          });
        })();
      const verified = store.journal.verify();
      store.close();
      return verified;
    };

    it('another table damaged: every entry back, the chain intact, the same head', () => {
      const before = writeWork(40);
      corruptPages(path, [rootPageOf(path, 'local_records_by_created')]);
      const opening = open();
      store = opening.store;
      expect(opening.recovery).toMatchObject({ journalEntries: 40, partial: false });
      expect(store.journal.verify()).toEqual(before);
      // The recovered store goes on: the next entry follows the recovered head.
      store.journal.append({
        actor: 'Bo Chen',
        action: 'note.added',
        subject: 'alert:1',
        body: {},
      });
      expect(store.journal.verify()).toMatchObject({ state: 'intact', entries: 41 });
      // And refuses changes again.
      expect(() => store.db.prepare("UPDATE journal SET actor = 'X'").run()).toThrow(/append-only/);
    });

    it('pages of the journal itself damaged: what is read is kept, and verify names the gap', () => {
      writeWork(150);
      const leaves = pagesOf(path, 'journal', 'leaf');
      const middle = Math.floor(leaves.length / 2);
      corruptPages(path, leaves.slice(middle, middle + 1));
      const opening = open();
      store = opening.store;
      expect(opening.recovery?.partial).toBe(true);
      const kept = [...store.journal.pages(1_000)].flat().map((entry) => entry.seq);
      expect(kept.length).toBe(opening.recovery?.journalEntries);
      expect(kept.length).toBeGreaterThan(100);
      expect(kept.length).toBeLessThan(150);
      // The first entry after the damaged page is the first that does not check out.
      const afterGap = kept.find((seq, index) => seq !== index + 1);
      expect(store.journal.verify()).toEqual({
        state: 'broken',
        entries: kept.length,
        firstBroken: afterGap,
        reason: expect.stringMatching(/^entry \d+ is missing/) as unknown,
      });
    });

    it('a store whose triggers were dropped and an entry changed: set aside, the change kept for verify to name', () => {
      appendMany(10);
      tamper("UPDATE journal SET body = json_set(body, '$.text', 'Changed') WHERE seq = 6");
      store.close();
      // The app's next open finds the store not as its version made it (triggers missing).
      const opening = open();
      store = opening.store;
      expect(opening.recovery).toMatchObject({ journalEntries: 10 });
      expect(store.journal.verify()).toMatchObject({ state: 'broken', firstBroken: 6 });
      expect(() => store.db.prepare("UPDATE journal SET actor = 'X'").run()).toThrow(/append-only/);
    });
  });
});

/** The journal's table, index and triggers as the store has them. */
function readSchema(db: Database.Database): string[] {
  return db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'journal' AND sql IS NOT NULL ORDER BY type = 'table' DESC",
    )
    .pluck()
    .all() as string[];
}
