import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../main/cache/open-cache';
import { silentLogger } from '../../main/lib/logger';
import { openLocalStore } from '../../main/local/local-store';
import { createWorkbench } from '../../main/workbench/workbench';
import { makeTempDir } from '../support/temp-dir';

// `journal verify` and `journal export` of the built command line, on a local store whose journal
// the workbench wrote (notes added and edited), then tampered with around SQLite.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');

/** A failed run as execFile rejects it: its exit code and output. */
interface Failed {
  code: number;
  stdout: string;
  stderr: string;
}

describe('casedesk journal (built)', () => {
  let temp: ReturnType<typeof makeTempDir>;
  // The local store is found beside the cache file named by --db (no cache is needed for it).
  let db = '';
  beforeEach(() => {
    temp = makeTempDir('casedesk-cli-journal-');
    db = join(temp.path, 'cache.db');
  });
  afterEach(() => temp.remove());

  const cli = (...args: string[]) =>
    run(process.execPath, ['out/main/cli.js', 'journal', ...args, '--db', db], { cwd: ROOT });
  const failing = async (...args: string[]): Promise<Failed> => {
    try {
      const done = await cli(...args);
      throw new Error(`exited 0: ${done.stdout}`);
    } catch (error) {
      return error as Failed;
    }
  };

  /** Notes on two customers, the first edited twice: 6 journal entries. */
  const writeNotes = () => {
    const opening = openLocalStore(join(temp.path, 'local.db'), silentLogger);
    if (opening.state !== 'open') throw new Error(opening.reason);
    // Notes need no cached record: an empty cache in memory.
    const cache = new Database(':memory:');
    migrate(cache);
    const bench = createWorkbench({ local: opening.store, cache, logger: silentLogger });
    const first = bench.addNote({ kind: 'customer', id: 'C-1' }, 'Called, no answer', 'Ana Ruiz');
    bench.editNote(first.id, 'Called, left a message', 'Ana Ruiz');
    bench.editNote(first.id, 'Called back: see alert:42.', 'Bo Chen');
    bench.addNote({ kind: 'customer', id: 'C-2' }, 'Passport copy received', 'Bo Chen');
    bench.addNote({ kind: 'customer', id: 'C-2' }, '<b>not bold</b> \u202Etxt.exe', 'Bo Chen');
    bench.addNote({ kind: 'alert', id: '42' }, 'Namesake: other date of birth', 'Ana Ruiz');
    opening.store.close();
    cache.close();
  };

  it('verifies an intact journal, exports it, then names the entry changed after the fact', async () => {
    writeNotes();
    const verified = await cli('verify');
    expect(verified.stdout).toMatch(/^The journal is intact: 6 entries, head [0-9a-f]{64}\n$/);

    const exported = (await cli('export', '--format', 'ndjson')).stdout;
    const lines = exported
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { seq: number; action: string; body: unknown });
    expect(lines.map((line) => [line.seq, line.action])).toEqual([
      [1, 'note.added'],
      [2, 'note.edited'],
      [3, 'note.edited'],
      [4, 'note.added'],
      [5, 'note.added'],
      [6, 'note.added'],
    ]);
    expect(lines[4]?.body).toMatchObject({ text: '<b>not bold</b> \u202Etxt.exe' });
    expect(verified.stdout).toContain(
      (JSON.parse(exported.trimEnd().split('\n').at(-1) ?? '') as { hash: string }).hash,
    );

    const file = join(temp.path, 'journal.ndjson');
    expect((await cli('export', '--out', file)).stdout).toBe(
      `Exported 6 journal entries to ${file}\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(exported);

    // The second edit's text replaced, its trigger dropped first.
    const tamper = new Database(join(temp.path, 'local.db'));
    tamper.exec('DROP TRIGGER journal_never_changed');
    tamper
      .prepare(
        `UPDATE journal SET body = json_set(body, '$.text', 'Nothing to report') WHERE seq = 3`,
      )
      .run();
    tamper.close();
    const broken = await failing('verify');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe(
      'The journal is broken at entry 3: its content does not match its hash: it was changed after it was written (6 entries kept)\n',
    );
  });

  it('refuses another format (exit code 2) and a profile with no local store (exit code 1)', async () => {
    const format = await failing('export', '--format', 'csv');
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/--format takes ndjson/);
    const none = await failing('verify');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/There is no local store at .*local\.db/);
  });
});
