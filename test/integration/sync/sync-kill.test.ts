import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../main/cache/open-cache';
import { silentLogger } from '../../../main/lib/logger';
import { differences, readCache, readService } from '../../support/cache-equality';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** Runs `cli sync` and kills it with SIGKILL after `afterMs`, or lets it finish when null. */
function runSync(
  t: TestSandbox,
  db: string,
  afterMs: number | null,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      'out/main/cli.js',
      'sync',
      '--base-url',
      t.sandbox.baseUrl,
      '--token',
      t.sandbox.token,
      '--db',
      db,
      '--page-size',
      '25',
      '--json',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = afterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), afterMs);
  return new Promise((resolveRun) =>
    child.once('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolveRun({ code, signal, stderr });
    }),
  );
}

describe('sync killed at random moments', () => {
  let t: TestSandbox;
  const temp = makeTempDir('casedesk-kill-');
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 150 });
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  it('reopens intact each time, resumes, and ends equal to the service with no duplicates', async () => {
    const path = join(temp.path, 'cache.db');
    // A small seeded generator: the same moments every run of the test.
    let state = 0x2545f491;
    const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
    let kills = 0;
    // Latency stretches one full sync over a few seconds, so every kill lands somewhere inside it.
    t.sandbox.faults.set({ latencyMs: 15 });
    for (let attempt = 0; attempt < 24; attempt += 1) {
      const result = await runSync(t, path, 80 + Math.floor(random() * 250));
      if (result.signal === 'SIGKILL') kills += 1;
      else expect(result.code, result.stderr).toBe(0);
      // Killed before it had created the file: nothing to check yet.
      if (!existsSync(path)) continue;
      const check = new Database(path, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
      if (attempt % 6 === 5) t.sandbox.advance({ alerts: 3, revisions: 5, messages: 2 });
    }
    t.sandbox.faults.reset();
    expect(kills).toBeGreaterThanOrEqual(20);
    const final = await runSync(t, path, null);
    expect(final.code, final.stderr).toBe(0);
    const { db } = openCache(path, silentLogger);
    expect(
      differences(readCache(db), await readService(t.sandbox.baseUrl, t.sandbox.token)),
    ).toEqual([]);
    const duplicates = db
      .prepare('SELECT COUNT(*) - COUNT(DISTINCT id) AS n FROM alerts')
      .get() as { n: number };
    expect(duplicates.n).toBe(0);
    expect(db.prepare('SELECT COUNT(*) AS n FROM customer_queue').get()).toEqual({ n: 0 });
    db.close();
  }, 120_000);
});
