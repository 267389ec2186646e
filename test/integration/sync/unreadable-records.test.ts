import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../main/api';
import { openCache } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import { createUnreadableRecords } from '../../../main/cache/unreadable-records';
import { silentLogger } from '../../../main/lib/logger';
import { createServiceSource } from '../../../main/sync/service-source';
import { createSyncEngine } from '../../../main/sync/sync-engine';
import * as sample from '../../unit/api/wire-samples';
import { serve } from '../api/local-server';
import { makeTempDir } from '../../support/temp-dir';

// Issue 13, "One bad record": an alert the service sends on every sync that CaseDesk cannot read
// used to fail its whole page, on every sync, so nothing after it was ever cached.
const alertAt = (id: string, minute: number, fields: Record<string, unknown> = {}) => {
  const at = new Date(Date.UTC(2024, 2, 1, 10, minute)).toISOString();
  return {
    ...sample.alert,
    id,
    customer_external_id: 'C-1',
    created_at: at,
    last_revision: { ...sample.revision, created_at: at, ...fields },
  };
};

describe('a page with one unreadable alert', () => {
  const cleanups: Array<() => void | Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const start = async (alerts: unknown[]) => {
    const server = await serve((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const url = request.url ?? '';
        const json = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        if (url.endsWith('/alerts/search')) {
          const query = JSON.parse(text) as {
            last_update_from?: string;
            offset?: number;
            limit?: number;
          };
          const from = query.last_update_from ? Date.parse(query.last_update_from) : 0;
          const after = alerts.filter(
            (alert) => Date.parse((alert as { created_at: string }).created_at) >= from,
          );
          const offset = query.offset ?? 0;
          return json(200, {
            data: after.slice(offset, offset + (query.limit ?? 100)),
            total: after.length,
          });
        }
        if (url.endsWith('/thread/search')) return json(200, { data: [], total: 0 });
        return json(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
      });
    });
    cleanups.push(() => server.close());
    const temp = makeTempDir();
    cleanups.push(() => temp.remove());
    const { db } = openCache(join(temp.path, 'cache.db'), silentLogger);
    cleanups.push(() => {
      db.close();
    });
    const client = createServiceClient({ baseUrl: server.baseUrl, token: 'test-token-1234' });
    cleanups.push(() => client.close());
    const unreadable = createUnreadableRecords(db);
    const engine = createSyncEngine({
      db,
      writer: createCacheWriter(db),
      source: createServiceSource(client, { onUnreadable: unreadable.recorder() }),
      logger: silentLogger,
    });

    return { db, engine, unreadable };
  };

  it('keeps the others, sets it aside once, and the next sync goes on past it', async () => {
    const alerts: unknown[] = [
      alertAt('A1', 1),
      { ...alertAt('', 2) },
      alertAt('A3', 3, { score: 250, state: 99 }),
      alertAt('A4', 4),
    ];
    const { db, engine, unreadable } = await start(alerts);
    await engine.run({ pageSize: 10 });
    const ids = () => db.prepare('SELECT id FROM alerts ORDER BY id').pluck().all();
    expect(ids()).toEqual(['A1', 'A3', 'A4']);
    expect(db.prepare("SELECT score, state FROM alerts WHERE id = 'A3'").get()).toEqual({
      score: 250,
      state: 99,
    });

    alerts.push(alertAt('A5', 5));
    await engine.run({ pageSize: 10 });
    expect(ids()).toEqual(['A1', 'A3', 'A4', 'A5']);

    const [record, ...others] = unreadable.list();
    expect(others).toEqual([]);
    expect(record).toMatchObject({ operation: 'alerts.search', raw: JSON.stringify(alerts[1]) });
    expect(record?.reason).toMatch(/^id: /);
  });

  it('pages on past a full page that had one record set aside, in the same sync', async () => {
    // Three a page: the first page is two readable alerts and one set aside. Counting only what was
    // kept, it looked like the last page, and A4 and A5 waited for the next sync.
    const alerts: unknown[] = [
      alertAt('A1', 1),
      { ...alertAt('', 1) },
      alertAt('A2', 1),
      alertAt('A4', 1),
      alertAt('A5', 1),
    ];
    const { db, engine } = await start(alerts);
    await engine.run({ pageSize: 3 });
    expect(db.prepare('SELECT id FROM alerts ORDER BY id').pluck().all()).toEqual([
      'A1',
      'A2',
      'A4',
      'A5',
    ]);
  });
});
