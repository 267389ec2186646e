import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CacheCounts,
  QueueWindow,
  SearchHitView,
  SyncStatusView,
} from '../../preload/contract';
import type { Core } from '../../main/core';
import { startTestSandbox } from '../support/sandbox-fixture';
import { syncToEnd } from '../support/sync-to-end';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

describe('the active profile’s workspace, through the bridge', () => {
  const temp = makeTempDir('casedesk-workspace-');
  let core: Core;
  const call = async <T>(method: string, input?: unknown): Promise<T> => {
    const reply = await core.dispatch(method, input, { transport: 'browser' });
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
    return reply.value as T;
  };

  beforeAll(async () => {
    core = await createTestCore(temp.path, { sandbox: { scale: 40, seed: 2 } });
  });
  afterAll(async () => {
    await core.dispose();
    temp.remove();
  });

  it('syncs the sandbox on request, reporting progress and connectivity, then serves the cache', async () => {
    const statuses: SyncStatusView[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'sync.status') statuses.push(payload as SyncStatusView);
    });
    let started: SyncStatusView | null = null;
    const finished = await syncToEnd(core.events, async () => {
      started = await call<SyncStatusView>('sync.start');
    });
    expect(started).toMatchObject({ state: 'running' });
    expect(finished).toMatchObject({ connectivity: 'online', lastError: null });
    expect(finished.lastSyncAt).not.toBeNull();
    expect(statuses.some((status) => status.state === 'running')).toBe(true);

    const counts = await call<CacheCounts>('cache.counts');
    const total = (
      core.workspaces.workspace()?.db.prepare('SELECT COUNT(*) AS n FROM alerts').get() as {
        n: number;
      }
    ).n;
    expect(counts.counts.alerts).toBe(total);
    expect(counts.counts.alerts).toBeGreaterThan(50);
    expect(counts.customersAwaitingDetail).toBe(0);

    // Windows walk the whole queue once, in order, at any depth.
    const seen: string[] = [];
    let previousScore = Infinity;
    for (let offset = 0; ; offset += 17) {
      const page: QueueWindow = await call('queue.window', {
        sort: { column: 'score', direction: 'desc' },
        offset,
        limit: 17,
      });
      expect(page.total).toBe(total);
      for (const row of page.rows) {
        expect(row.score).toBeLessThanOrEqual(previousScore);
        previousScore = row.score;
        seen.push(row.id);
      }
      if (offset + 17 >= page.total) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const open: QueueWindow = await call('queue.window', {
      filter: { states: [2, 3] },
      limit: 500,
    });
    expect(open.rows.every((row) => row.state === 2 || row.state === 3)).toBe(true);
    expect(open.rows.every((row) => row.customerName.length > 0)).toBe(true);

    const someName = open.rows[0]?.customerName.split(' ')[0] ?? '';
    const hits = await call<SearchHitView[]>('search.query', { text: someName.slice(0, 4) });
    expect(hits.some((hit) => hit.kind === 'customer')).toBe(true);
  });

  it('with a schedule, opening the active profile syncs it at once, not at the next tick', async () => {
    const folder = makeTempDir();
    const scheduled = await createTestCore(folder.path, {
      sandbox: { scale: 10, seed: 3 },
      syncIntervalMs: 60 * 60_000,
    });
    try {
      const status = async () => {
        const reply = await scheduled.dispatch('sync.status', undefined, { transport: 'browser' });
        if (!reply.ok) throw new Error(reply.error.message);
        return reply.value as SyncStatusView;
      };
      // Asking for the status opens the workspace; nothing else is asked of CaseDesk.
      await status();
      await expect
        .poll(async () => (await status()).lastSyncAt, { timeout: 30_000, interval: 100 })
        .not.toBeNull();
      expect(await status()).toMatchObject({ connectivity: 'online', lastError: null });
    } finally {
      await scheduled.dispose();
      folder.remove();
    }
  });

  it('refuses cached queries cleanly when no profile is active', async () => {
    const empty = makeTempDir();
    const bare = await createTestCore(empty.path);
    try {
      const reply = await bare.dispatch('queue.window', {}, { transport: 'browser' });
      expect(reply).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      expect((await bare.dispatch('sync.start', undefined, { transport: 'browser' })).ok).toBe(
        false,
      );
    } finally {
      await bare.dispose();
      empty.remove();
    }
  });

  it('syncs only the profile’s scope, and everything again when the scope widens', async () => {
    const dir = makeTempDir();
    const t = await startTestSandbox({ scale: 40 });
    const scoped = await createTestCore(dir.path);
    const run = async <T>(method: string, input?: unknown): Promise<T> => {
      const reply = await scoped.dispatch(method, input, { transport: 'browser' });
      if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
      return reply.value as T;
    };
    const syncOnce = () => syncToEnd(scoped.events, () => run('sync.start'));
    const serviceTotal = async (body: Record<string, unknown>) =>
      (
        (await (
          await fetch(`${t.sandbox.baseUrl}/api/v1/alerts/search`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${t.sandbox.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ ...body, limit: 0 }),
          })
        ).json()) as { total: number }
      ).total;
    try {
      const profile = await run<{ id: string }>('profiles.save', {
        name: 'New alerts only',
        baseUrl: t.sandbox.baseUrl,
        token: t.sandbox.token,
        tokenStorage: 'weak',
        syncScope: { states: [2] },
      });
      expect((await syncOnce()).lastError).toBeNull();
      const narrow = await run<CacheCounts>('cache.counts');
      expect(narrow.counts.alerts).toBe(await serviceTotal({ states: [2] }));
      const page = await run<QueueWindow>('queue.window', { filter: {}, limit: 500 });
      expect(page.rows.every((row) => row.state === 2)).toBe(true);

      await run('profiles.save', {
        id: profile.id,
        name: 'New alerts only',
        baseUrl: t.sandbox.baseUrl,
        tokenStorage: 'weak',
        syncScope: { states: [] },
      });
      expect((await syncOnce()).lastError).toBeNull();
      expect((await run<CacheCounts>('cache.counts')).counts.alerts).toBe(await serviceTotal({}));
    } finally {
      await scoped.dispose();
      await t.close();
      dir.remove();
    }
  });
});
