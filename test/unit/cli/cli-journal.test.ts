import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../main/cli/cli-args';
import {
  EXPORT_PAGE,
  openJournalForCli,
  parseJournalCommand,
  runJournalCommand,
  type JournalCommand,
} from '../../../main/cli/cli-journal';
import { silentLogger } from '../../../main/lib/logger';
import { migrate } from '../../../main/lib/sqlite/migrate';
import type { JournalEntry } from '../../../main/local/journal';
import { openLocalStore } from '../../../main/local/local-store';
import { LOCAL_MIGRATIONS } from '../../../main/local/migrations';
import { writeNewerDatabase } from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

// `journal verify` and `journal export` on a real local store, as the command line opens it
// (read-only), the store written by CaseDesk's own journal and tampered with around SQLite.

const parse = (...argv: string[]) => parseJournalCommand(parseCliArgs(['journal', ...argv]));

const START = Date.parse('2026-05-04T08:00:00Z');

describe('journal command line: arguments', () => {
  it('reads verify and export, --out made absolute', () => {
    expect(parse('verify')).toEqual({ name: 'verify', json: false, head: null });
    expect(parse('verify', '--json', '--profile', 'P')).toEqual({
      name: 'verify',
      json: true,
      head: null,
    });
    const hash = 'AB'.repeat(32);
    for (const given of [`12:${hash}`, `entry 12, ${hash}`])
      expect(parse('verify', '--head', given)).toMatchObject({
        head: { seq: 12, hash: hash.toLowerCase() },
      });
    expect(parse('export', '--format', 'ndjson')).toEqual({
      name: 'export',
      format: 'ndjson',
      out: null,
    });
    // ndjson is the only format: it need not be said.
    expect(parse('export', '--db', 'cache.db')).toMatchObject({ format: 'ndjson', out: null });
    const out = parse('export', '--format', 'ndjson', '--out', 'journal.ndjson');
    expect(out).toMatchObject({ name: 'export' });
    expect((out as Extract<JournalCommand, { name: 'export' }>).out).toMatch(
      /^\/.*journal\.ndjson$/,
    );
  });

  it.each([
    [['export', '--format', 'csv'], /--format takes ndjson, not "csv"/],
    [['export', '--format', 'json'], /--format takes ndjson/],
    [['verify', '--out', 'x.ndjson'], /journal verify does not take --out/],
    [['export', '--json'], /journal export does not take --json/],
    [['verify', 'extra'], /takes no other argument/],
    [['verify', '--head', '12'], /--head takes an entry's number and hash as SEQ:HASH/],
    [['verify', '--head', `12:${'a'.repeat(63)}`], /--head takes/],
    [['export', '--out', ' '], /--out needs a file name/],
    [['check'], /journal takes verify or export/],
    [[], /journal takes verify or export/],
  ])('refuses %j as a usage error (exit code 2)', (argv, message) => {
    let thrown: unknown;
    try {
      parse(...argv);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliUsageError);
    expect((thrown as Error).message).toMatch(message);
  });
});

describe('journal command line: a profile’s local store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  beforeEach(() => {
    temp = makeTempDir('casedesk-cli-journal-');
    path = join(temp.path, 'local.db');
  });
  afterEach(() => temp.remove());

  /** A local store whose journal holds `count` entries, one a second, as the workbench writes them. */
  const writeJournal = (count: number) => {
    let clock = START;
    const opening = openLocalStore(path, silentLogger, () => (clock += 1000));
    if (opening.state !== 'open') throw new Error(opening.reason);
    const { store } = opening;
    store.db.transaction(() => {
      for (let n = 1; n <= count; n += 1)
        store.journal.append({
          actor: n % 2 ? 'Ana Ruiz' : 'Bo Chen',
          action: n % 3 ? 'note.added' : 'note.edited',
          subject: `customer:C-${n % 7}`,
          body: { note: `n${n}`, text: `Note ${n}: called back \u202Eevil\u202C <b>ok</b>` },
        });
    })();
    store.close();
  };
  /** Changes one entry around SQLite: the trigger that refuses it dropped first. */
  const tamper = (sql: string, ...params: unknown[]) => {
    const db = new Database(path);
    db.exec('DROP TRIGGER journal_never_changed; DROP TRIGGER journal_never_removed');
    db.prepare(sql).run(...params);
    db.close();
  };
  const run = async (command: JournalCommand) => {
    const opened = openJournalForCli(path);
    let out = '';
    try {
      const code = await runJournalCommand(command, {
        journal: opened.journal,
        write: (text) => {
          out += text;
        },
      });
      return { code, out };
    } finally {
      opened.close();
    }
  };
  const verify = () => run({ name: 'verify', json: false, head: null });
  const exported = async () => {
    const { code, out } = await run({ name: 'export', format: 'ndjson', out: null });
    expect(code).toBe(0);
    expect(out.endsWith('\n')).toBe(true);
    return out;
  };
  const linesOf = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('verify: an intact journal, its entries and head hash (exit code 0), the file not changed', async () => {
    writeJournal(12);
    const before = readFileSync(path);
    const { code, out } = await verify();
    expect(code).toBe(0);
    const head = linesOf(await exported()).at(-1)?.hash as string;
    expect(head).toMatch(/^[0-9a-f]{64}$/);
    expect(out).toBe(`The journal is intact: 12 entries, head ${head}\n`);
    expect(readFileSync(path).equals(before)).toBe(true);
    const json = await run({ name: 'verify', json: true, head: null });
    expect(JSON.parse(json.out)).toEqual({ state: 'intact', entries: 12, head });
  });

  it('verify: an empty journal is intact', async () => {
    writeJournal(0);
    expect(await verify()).toEqual({
      code: 0,
      out: `The journal is intact: 0 entries, head ${'0'.repeat(64)}\n`,
    });
  });

  it('verify: a body changed after the triggers were dropped names that entry (exit code 1)', async () => {
    writeJournal(12);
    tamper(`UPDATE journal SET body = json_set(body, '$.text', 'Nothing to report') WHERE seq = 5`);
    const { code, out } = await verify();
    expect(code).toBe(1);
    expect(out).toBe(
      'The journal is broken at entry 5: its content does not match its hash: it was changed after it was written (12 entries kept)\n',
    );
    const json = await run({ name: 'verify', json: true, head: null });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ state: 'broken', firstBroken: 5, entries: 12 });
  });

  it('verify --head: entries cut from the end, or a chain written anew, are found against a head seen before', async () => {
    writeJournal(12);
    const lines = linesOf(await exported());
    const at10 = { seq: 10, hash: lines[9]?.hash as string };
    const withHead = (head: { seq: number; hash: string }) =>
      run({ name: 'verify', json: true, head });
    // The journal as it was seen holds: intact, exit code 0.
    expect((await withHead(at10)).code).toBe(0);
    // Its last three entries cut: the chain left is intact, the head given is not in it.
    tamper('DELETE FROM journal WHERE seq > 9');
    expect((await verify()).code).toBe(0);
    const cut = await withHead(at10);
    expect(cut.code).toBe(1);
    expect(JSON.parse(cut.out)).toMatchObject({
      state: 'broken',
      entries: 9,
      firstBroken: 10,
      reason: expect.stringMatching(
        /entry 10, the head given, is missing: the journal ends at entry 9/,
      ) as unknown,
    });
    // A different hash at that place: the chain was written anew.
    const rewritten = await withHead({ seq: 9, hash: 'f'.repeat(64) });
    expect(rewritten.code).toBe(1);
    expect(JSON.parse(rewritten.out)).toMatchObject({ firstBroken: 9 });
    expect((await withHead({ seq: 9, hash: lines[8]?.hash as string })).code).toBe(0);
  });

  it('verify: a removed entry is named as missing, at the entry that follows the gap', async () => {
    writeJournal(12);
    tamper('DELETE FROM journal WHERE seq = 8');
    expect(await verify()).toEqual({
      code: 1,
      out: 'The journal is broken at entry 9: entry 8 is missing (the next one kept is 9) (11 entries kept)\n',
    });
  });

  it('verify: reads a store the app has open, and never sets a tampered one aside', async () => {
    writeJournal(4);
    tamper('UPDATE journal SET actor = ? WHERE seq = 2', 'Someone else');
    // The app holds it open meanwhile (WAL mode): the check reads beside it.
    const app = new Database(path);
    try {
      expect((await verify()).code).toBe(1);
    } finally {
      app.close();
    }
    expect(readdirSync(temp.path).filter((name) => name.includes('unreadable'))).toEqual([]);
  });

  it('export: one parseable line per entry, oldest first, over several pages, the chain in it', async () => {
    const count = EXPORT_PAGE * 2 + 17;
    writeJournal(count);
    const lines = linesOf(await exported());
    expect(lines).toHaveLength(count);
    expect(lines.map((line) => line.seq)).toEqual(Array.from({ length: count }, (_, n) => n + 1));
    expect(Object.keys(lines[0] ?? {})).toEqual([
      'seq',
      'at',
      'actor',
      'action',
      'subject',
      'body',
      'prevHash',
      'hash',
    ]);
    expect(lines[0]).toEqual({
      seq: 1,
      at: '2026-05-04T08:00:01.000Z',
      actor: 'Ana Ruiz',
      action: 'note.added',
      subject: 'customer:C-1',
      body: { note: 'n1', text: 'Note 1: called back \u202Eevil\u202C <b>ok</b>' },
      prevHash: '0'.repeat(64),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });
    lines.forEach((line, index) => {
      if (index > 0) expect(line.prevHash).toBe(lines[index - 1]?.hash);
    });
    const verified = await run({ name: 'verify', json: true, head: null });
    expect(JSON.parse(verified.out)).toMatchObject({ head: lines.at(-1)?.hash });
  });

  it('export: an empty journal gives no line', async () => {
    writeJournal(0);
    expect(await run({ name: 'export', format: 'ndjson', out: null })).toEqual({
      code: 0,
      out: '',
    });
  });

  it('export --out: the same lines in a file of this user’s own, an earlier file replaced whole', async () => {
    writeJournal(30);
    const file = join(temp.path, 'journal.ndjson');
    writeFileSync(file, 'an earlier export\n');
    const { code, out } = await run({ name: 'export', format: 'ndjson', out: file });
    expect(code).toBe(0);
    expect(out).toBe(`Exported 30 journal entries to ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe(await exported());
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(temp.path).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('export --out: a failure part-way leaves the earlier file and no temporary one', async () => {
    const file = join(temp.path, 'journal.ndjson');
    writeFileSync(file, 'an earlier export\n');
    const entry = (seq: number): JournalEntry => ({
      seq,
      atMs: START,
      actor: 'Ana Ruiz',
      action: 'note.added',
      subject: 'alert:1',
      body: { seq },
      prevHash: '0'.repeat(64),
      hash: 'f'.repeat(64),
    });
    const journal = {
      verify: () => ({ state: 'intact' as const, entries: 0, head: '' }),
      *pages() {
        yield [entry(1), entry(2)];
        throw new Error('disk I/O error');
      },
    };
    await expect(
      runJournalCommand({ name: 'export', format: 'ndjson', out: file }, { journal, write() {} }),
    ).rejects.toThrow(/could not be read after its first 2 entries \(disk I\/O error\)/);
    expect(readFileSync(file, 'utf8')).toBe('an earlier export\n');
    expect(readdirSync(temp.path)).toEqual(['journal.ndjson']);
  });

  it('export --out: a folder that is not there is said, nothing written', async () => {
    writeJournal(3);
    const file = join(temp.path, 'no such folder', 'journal.ndjson');
    await expect(run({ name: 'export', format: 'ndjson', out: file })).rejects.toThrow(
      /--out: there is no folder .*no such folder to write journal\.ndjson in/,
    );
    expect(existsSync(join(temp.path, 'no such folder'))).toBe(false);
  });

  it('opens no store that is not there, and makes none', () => {
    expect(() => openJournalForCli(path)).toThrow(
      /There is no local store at .*local\.db: this profile has no journal yet/,
    );
    expect(readdirSync(temp.path)).toEqual([]);
  });

  it('says when a store has no journal yet (an earlier CaseDesk’s), and leaves it at its version', () => {
    const db = new Database(path);
    migrate(db, { migrations: LOCAL_MIGRATIONS.slice(0, 6), label: 'The local store' });
    db.close();
    expect(() => openJournalForCli(path)).toThrow(/has no journal yet: .*earlier CaseDesk/);
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(6);
    after.close();
  });

  it('refuses a store written by a newer CaseDesk', () => {
    writeNewerDatabase(path, LOCAL_MIGRATIONS.length + 1);
    expect(() => openJournalForCli(path)).toThrow(/written by a newer CaseDesk/);
  });

  it('says a file that is not a database cannot be read', () => {
    writeFileSync(path, 'not a database at all, '.repeat(300));
    expect(() => openJournalForCli(path)).toThrow(/The local store .*local\.db cannot be read/);
  });
});
