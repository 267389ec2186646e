import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createUnreadableHandlers } from '../../../main/bridge/unreadable';
import { migrate } from '../../../main/cache/open-cache';
import { createUnreadableRecords } from '../../../main/cache/unreadable-records';
import type { WorkspaceManager } from '../../../main/workspace/workspace-manager';
import { contract } from '../../../preload/contract';

const NOW = Date.parse('2024-04-01T00:00:00Z');
const context = { transport: 'electron' } as const;

describe('unreadable bridge', () => {
  const setUp = () => {
    const db = new Database(':memory:');
    migrate(db);
    const records = createUnreadableRecords(db);
    records.put(
      { operation: 'alerts.search', raw: { id: '', x: '<b>' }, reason: 'id: empty' },
      NOW,
    );
    const workspaces = { require: () => Promise.resolve({ db }) } as unknown as WorkspaceManager;
    return { handlers: createUnreadableHandlers(workspaces), db };
  };

  it('lists what the sync set aside, raw JSON as text', async () => {
    const { handlers } = setUp();
    expect(await handlers.list(undefined, context)).toEqual({
      total: 1,
      records: [
        {
          operation: 'alerts.search',
          reason: 'id: empty',
          raw: '{"id":"","x":"<b>"}',
          firstSeenMs: NOW,
          lastSeenMs: NOW,
          timesSeen: 1,
        },
      ],
    });
  });

  it('exports JSON or NDJSON with the record parsed back', async () => {
    const { handlers } = setUp();
    const json = await handlers.export({ format: 'json' }, context);
    expect(json.fileName).toBe('unreadable-records.json');
    expect(JSON.parse(json.text)).toEqual([
      {
        operation: 'alerts.search',
        reason: 'id: empty',
        first_seen: '2024-04-01T00:00:00.000Z',
        last_seen: '2024-04-01T00:00:00.000Z',
        times_seen: 1,
        record: { id: '', x: '<b>' },
      },
    ]);
    const ndjson = await handlers.export(
      contract.unreadable.export.input.parse({ format: 'ndjson' }),
      context,
    );
    expect(ndjson.text.trim().split('\n')).toHaveLength(1);
    expect(() => contract.unreadable.export.input.parse({ format: 'csv' })).toThrow();
  });
});
