import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../main/cli/cli-args';
import { runKytImport } from '../../../main/cli/cli-kyt-import';
import { silentLogger } from '../../../main/lib/logger';
import { MAPPING_KIND } from '../../../main/kyt/batch/column-mapping';
import { createKytBatches } from '../../../main/kyt/batch/kyt-batches';
import type { KytSubmissionRecord } from '../../../main/kyt/kyt-ports';
import {
  createFakeKytStore,
  createScriptedSender,
  fakeBrief,
  memoryRecords,
  type FakeOutcome,
} from '../../support/kyt-fakes';
import { makeTempDir } from '../../support/temp-dir';

const temp = makeTempDir('casedesk-cli-kyt-');
afterAll(() => temp.remove());
const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const one of opened.splice(0)) one.close();
});

let folders = 0;
function folderWith(files: Record<string, string>): string {
  folders += 1;
  const folder = join(temp.path, `run${folders}`);
  mkdirSync(folder);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
  return folder;
}

const lineOf = (record: KytSubmissionRecord) => record.batch?.line ?? 0;

function cli(
  script: (record: KytSubmissionRecord, attempt: number) => FakeOutcome = () => ({
    kind: 'scored',
    score: 20,
  }),
) {
  // Each line sent takes 150 ms of this clock, so each is told as progress.
  const clock = { ms: Date.UTC(2026, 10, 27, 9) };
  const records = memoryRecords(() => clock.ms);
  opened.push(records);
  const store = createFakeKytStore();
  const sender = createScriptedSender(store, (record, attempt) => {
    clock.ms += 150;
    return script(record, attempt);
  });
  const sleeps: number[] = [];
  const batches = createKytBatches({
    store,
    sender,
    records,
    logger: silentLogger,
    now: () => clock.ms,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    brief: fakeBrief,
  });
  let stdout = '';
  let stderr = '';
  const run = (...argv: string[]) =>
    runKytImport(parseCliArgs(['kyt', 'import', ...argv]), {
      batches,
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      interrupts: () => () => undefined,
    });
  return {
    run,
    records,
    store,
    sender,
    sleeps,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

function csv(count: number, replaced: Record<number, string> = {}): string {
  const lines = ['ref;amt;ccy;sender name'];
  for (let line = 2; line <= count + 1; line += 1)
    lines.push(replaced[line] ?? `T${line};${line}.25;EUR;Anna ${line}`);
  return `${lines.join('\n')}\n`;
}

describe('kyt import', () => {
  it('imports, sends every line, writes the result file beside the input and exits 0', async () => {
    const folder = folderWith({ 'payments.csv': csv(40) });
    const { run, stdout, stderr, sender } = cli();
    expect(await run(join(folder, 'payments.csv'))).toBe(0);
    expect(sender.sent).toHaveLength(40);
    expect(stdout()).toContain('Column mapping (guessed from the header):\n');
    expect(stdout()).toContain('  Amount (amount) ← column “amt”\n');
    expect(stdout()).toContain('  Sender full name (from.full_name) ← column “sender name”\n');
    expect(stdout()).toContain(
      'payments.csv: 40 lines: 40 scored, 0 refused, 0 in doubt, 0 not read (invalid).\n',
    );
    const result = join(folder, 'payments-results-2026-11-27.csv');
    expect(stdout()).toContain(`Result file: ${result}\n`);
    expect(readFileSync(result, 'utf8').split('\r\n')).toHaveLength(42);
    // A line per 5%: 40 lines, one every 2.
    const progress = stderr()
      .split('\n')
      .filter((line) => / sent \(\d+%\)/.test(line));
    expect(progress.length).toBeGreaterThanOrEqual(15);
    expect(progress.at(-1)).toBe('  40/40 sent (100%): 40 scored, 0 refused, 0 in doubt');
  });

  it('lists the lines it could not read with their reasons, and still exits 0 when every valid line was scored', async () => {
    const folder = folderWith({ 'p.csv': csv(3, { 3: 'T3;1,5;EUR;x' }) });
    const { run, stdout } = cli();
    expect(await run(join(folder, 'p.csv'))).toBe(0);
    expect(stdout()).toContain(
      'Problems:\n  line 3: Amount (column “amt”): “1,5” has a comma: write the number with a dot for decimals and no thousands separator, such as 1250.50.\n',
    );
  });

  it('exits 1 when a line is refused', async () => {
    const folder = folderWith({ 'p.csv': csv(2) });
    const { run, stdout } = cli((record) =>
      lineOf(record) === 2 ? { kind: 'refused', reason: 'Unknown currency.' } : { kind: 'scored' },
    );
    expect(await run(join(folder, 'p.csv'))).toBe(1);
    expect(stdout()).toContain('  line 2: refused: Unknown currency.\n');
  });

  it('waits out a 429 and goes on', async () => {
    const folder = folderWith({ 'p.csv': csv(2) });
    const { run, sleeps, stderr } = cli((record, attempt) =>
      attempt === 1 ? { kind: 'not-sent', retryAfterMs: 5000 } : { kind: 'scored' },
    );
    expect(await run(join(folder, 'p.csv'))).toBe(0);
    expect(sleeps).toEqual([5000]);
    expect(stderr()).toContain('  waiting 5 s: the service asked CaseDesk to slow down\n');
  });

  it('stops on a line in doubt with exit code 1, saying how to go on, the result file written', async () => {
    const folder = folderWith({ 'p.csv': csv(4) });
    const { run, stdout, sender } = cli((record) =>
      lineOf(record) === 3
        ? { kind: 'in-doubt', reason: 'the connection dropped' }
        : { kind: 'scored' },
    );
    expect(await run(join(folder, 'p.csv'))).toBe(1);
    expect(sender.sent).toHaveLength(2);
    expect(stdout()).toContain('Stopped: Line 3 lost its answer (the connection dropped).');
    expect(stdout()).toContain(
      'To go on, open CaseDesk (KYT, Batches: “p.csv”) and resume the batch: it goes on from the next line not sent, and nothing is sent twice without your word.\n',
    );
    expect(stdout()).toContain('2 not sent yet');
    const rows = readFileSync(join(folder, 'p-results-2026-11-27.csv'), 'utf8').split('\r\n');
    expect(rows.slice(1, 5).map((row) => row.split(',').slice(0, 3).join(','))).toEqual([
      '2,T2,scored',
      '3,T3,in-doubt',
      '4,T4,waiting',
      '5,T5,waiting',
    ]);
  });

  it('stops when offline with exit code 1', async () => {
    const folder = folderWith({ 'p.csv': csv(2) });
    const { run, stdout } = cli(() => ({
      kind: 'not-sent',
      unreachable: true,
      reason: 'The service cannot be reached.',
    }));
    expect(await run(join(folder, 'p.csv'))).toBe(1);
    expect(stdout()).toContain(
      'Stopped: Offline: The service cannot be reached. It goes on from line 2 when you resume.\n',
    );
  });

  it('uses a mapping file, without making it the profile’s', async () => {
    const folder = folderWith({
      'p.csv': 'a|b|c\n1|EUR|x\n',
      'map.json': JSON.stringify({ amount: 'a', currency: 'b', label: 'c' }),
    });
    const { run, stdout, store, records } = cli();
    expect(await run(join(folder, 'p.csv'), '--mapping', join(folder, 'map.json'))).toBe(0);
    expect(stdout()).toContain(`Column mapping (from ${join(folder, 'map.json')}):\n`);
    expect(store.all()[0]?.transaction).toMatchObject({ amount: 1, currency: 'EUR', label: 'x' });
    expect(records.list(MAPPING_KIND)).toEqual([]);
  });

  it('refuses a mapping without currency, saying how to give one', async () => {
    const folder = folderWith({ 'p.csv': 'a,b\n1,EUR\n' });
    const { run, store } = cli();
    await expect(run(join(folder, 'p.csv'))).rejects.toThrow(
      'The column mapping cannot be used: map a column to Amount and to Currency: a transaction needs them.\nGive the columns with --mapping FILE, a JSON object such as {"amount": "amt", "currency": "ccy"}.',
    );
    expect(store.all()).toEqual([]);
  });

  it('refuses a mapping file that is not JSON, or not a mapping', async () => {
    const folder = folderWith({ 'p.csv': csv(1), 'bad.json': '{amount', 'list.json': '["a"]' });
    const { run } = cli();
    await expect(run(join(folder, 'p.csv'), '--mapping', join(folder, 'bad.json'))).rejects.toThrow(
      /is not JSON text/,
    );
    await expect(
      run(join(folder, 'p.csv'), '--mapping', join(folder, 'list.json')),
    ).rejects.toThrow(/is not a column mapping/);
  });

  it('writes the result file at --out, and refuses an --out that exists before sending anything', async () => {
    const folder = folderWith({
      'p.ndjson': '{"amount":1,"currency":"EUR","from":{},"to":{}}\n',
      'taken.csv': 'x',
    });
    const { run, sender, stdout } = cli();
    await expect(
      run(join(folder, 'p.ndjson'), '--out', join(folder, 'taken.csv')),
    ).rejects.toBeInstanceOf(CliUsageError);
    expect(sender.sent).toEqual([]);
    expect(await run(join(folder, 'p.ndjson'), '--out', join(folder, 'mine.csv'))).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['mine.csv', 'p.ndjson', 'taken.csv']);
    expect(stdout()).not.toContain('Column mapping');
  });

  it('prints one JSON document with --json', async () => {
    const folder = folderWith({ 'p.csv': csv(2, { 3: 'T3;x;EUR;y' }) });
    const { run, stdout } = cli();
    expect(await run(join(folder, 'p.csv'), '--json')).toBe(0);
    const document = JSON.parse(stdout()) as Record<string, unknown>;
    expect(document).toMatchObject({
      batch: { state: 'done', lines: 2, invalid: 1, scored: 1 },
      mapping: {
        amount: 'amt',
        currency: 'ccy',
        external_id: 'ref',
        'from.full_name': 'sender name',
      },
      mappingOrigin: 'guessed',
      resultFile: join(folder, 'p-results-2026-11-27.csv'),
      resultError: null,
      allScored: true,
      problems: [{ line: 3, status: 'invalid' }],
    });
  });

  it('refuses a missing file, a second file or an unknown flag as usage errors', async () => {
    const { run } = cli();
    await expect(run(join(temp.path, 'none.csv'))).rejects.toThrow(
      /is not a file that can be read/,
    );
    await expect(run('a.csv', 'b.csv')).rejects.toBeInstanceOf(CliUsageError);
    await expect(run('a.csv', '--separator', ';')).rejects.toThrow(
      'kyt import does not take --separator.',
    );
    expect(existsSync(join(temp.path, 'none.csv'))).toBe(false);
  });
});
