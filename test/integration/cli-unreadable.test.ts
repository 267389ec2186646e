import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../main/cache/open-cache';
import { createUnreadableRecords } from '../../main/cache/unreadable-records';
import { silentLogger } from '../../main/lib/logger';
import { makeTempDir } from '../support/temp-dir';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');

describe('casedesk unreadable', () => {
  it('exports the records the sync set aside as JSON or NDJSON', async () => {
    const temp = makeTempDir('casedesk-cli-unreadable-');
    try {
      const path = join(temp.path, 'cache.db');
      const { db } = openCache(path, silentLogger);
      const records = createUnreadableRecords(db);
      records.put({ operation: 'alerts.search', raw: { id: '' }, reason: 'id: empty' }, 0);
      records.put({ operation: 'threads.search', raw: 7, reason: 'not an object' }, 1000);
      db.close();
      const cli = (...args: string[]) =>
        run(process.execPath, ['out/main/cli.js', 'unreadable', '--db', path, ...args], {
          cwd: ROOT,
        });
      const lines = (await cli('--format', 'ndjson')).stdout.trim().split('\n');
      expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
        expect.objectContaining({ operation: 'threads.search', record: 7 }),
        expect.objectContaining({
          operation: 'alerts.search',
          record: { id: '' },
          reason: 'id: empty',
        }),
      ]);
      expect(JSON.parse((await cli()).stdout)).toHaveLength(2);
      await expect(cli('--format', 'csv')).rejects.toMatchObject({
        stderr: expect.stringMatching(/--format takes json or ndjson/) as unknown,
      });
    } finally {
      temp.remove();
    }
  });
});
