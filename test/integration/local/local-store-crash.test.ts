import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLocalStore } from '../../../main/local/local-store';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const WRITER = join(ROOT, 'test', 'support', 'local-store-writer.mjs');

/**
 * Runs the writer on `path` and kills it with SIGKILL once it has printed `killAfter` ids; answers
 * every id it printed, each printed only after its put returned.
 */
function writeUntilKilled(
  path: string,
  prefix: string,
  killAfter: number,
): Promise<{ ids: string[]; signal: string | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      '--experimental-transform-types',
      '--disable-warning=ExperimentalWarning',
      WRITER,
      path,
      prefix,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const ids: string[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    // A line cut by the kill was not printed whole: its put may not have returned.
    pending = lines.pop() ?? '';
    ids.push(...lines);
    if (ids.length >= killAfter) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveRun) =>
    child.once('close', (_code, signal) => resolveRun({ ids, signal, stderr })),
  );
}

describe('the local store killed mid-write', () => {
  const temp = makeTempDir('casedesk-local-crash-');
  afterAll(() => temp.remove());

  it('reopens intact with every record whose write had returned, kill after kill', async () => {
    const path = join(temp.path, 'profile', 'local.db');
    // A small seeded generator: the same moments every run of the test.
    let state = 0x9e3779b9;
    const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const written: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const run = await writeUntilKilled(path, `r${round}`, 20 + Math.floor(random() * 300));
      expect(run.signal, run.stderr).toBe('SIGKILL');
      expect(run.ids.length).toBeGreaterThanOrEqual(20);
      written.push(...run.ids);

      const opening = openLocalStore(path, silentLogger);
      if (opening.state !== 'open') throw new Error(opening.reason);
      const { store } = opening;
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const present = new Set(store.list('crash-test').map((record) => record.id));
      expect(written.filter((id) => !present.has(id))).toEqual([]);
      expect(store.get('crash-test', run.ids.at(-1) ?? '')?.body).toMatchObject({
        n: run.ids.length - 1,
      });
      store.close();
    }
    // Six Node processes started on two shared cores.
  }, 60_000);
});
