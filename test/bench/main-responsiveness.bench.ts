import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { QueueFacets, SyncStatusView } from '../../preload/contract';
import { syncToEnd } from '../support/sync-to-end';
import { createTestCore } from '../support/test-core';
import { makeTempDir } from '../support/temp-dir';
import { profiled } from './cpu-profile';
import { phase, responsivenessFigures, within } from './investigator-script';
import { report } from './report';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';

// The main process as an investigator meets it: the same bridge calls the screens make (the queue
// with a new filter or sort, its facets, an alert opened, the dashboard, search as you type) go
// through the core's dispatcher, the whole path (validation, reads, replies), while a full sync
// writes in its worker; and the main thread's event-loop delay meanwhile. In Electron a read on
// the main thread that takes 100 ms freezes the whole application (every bridge reply, every
// event) for as long: the screens' reads run in read workers (main/cache/read-pool.ts). The baseline is the same script on the same cache with
// no sync running (one cache state: the queue's memos stay warm). The sandbox serves from a process
// of its own at the lowest priority. CASEDESK_BENCH_SCALE=large for the larger tenant.
//
// Issue 18's targets are printed beside the figures, not asserted (a shared machine's timings are
// not a test). The million-alert figures are million-alerts.bench.ts's. CASEDESK_BENCH_CPU_PROFILE=1 keeps a CPU profile of this
// thread during the sync (test-results/bench/, to open in Chromium's DevTools).

const SCALE = process.env.CASEDESK_BENCH_SCALE === 'large' ? 'large' : 'medium';
const TOKEN = 'bench-token-main-responsiveness';
const ROOT = resolve(import.meta.dirname, '..', '..');
const ctx = { transport: 'electron' } as const;

const temp = makeTempDir('casedesk-main-responsiveness-bench-');
let sandbox: SandboxProcess;
let core: Core;

async function call<T>(method: string, input?: unknown): Promise<T> {
  const answer = await core.dispatch(method, input, ctx);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

beforeAll(async () => {
  sandbox = await startSandboxProcess({
    dataDir: join(temp.path, 'sandbox'),
    token: TOKEN,
    scale: SCALE,
    seed: 5,
    quiet: true,
    background: true,
  });
  core = await createTestCore(join(temp.path, 'app'), {
    // As the app and the browser host run it: the sync writes in its worker, reads in theirs.
    syncWorkerPath: join(ROOT, 'out', 'main', 'sync-worker.js'),
    readWorkerPath: join(ROOT, 'out', 'main', 'read-worker.js'),
  });
  await call('profiles.save', {
    name: 'Bench',
    baseUrl: sandbox.baseUrl,
    token: TOKEN,
    tokenStorage: 'memory',
  });
  // The cache filled once, not measured.
  const first = await syncToEnd(core.events, () => call<SyncStatusView>('sync.start', {}));
  if (first.lastError) throw new Error(`the first sync failed: ${first.lastError}`);
}, 30 * 60_000);

afterAll(async () => {
  await core?.dispose();
  sandbox?.stop();
  temp.remove();
});

it(`keeps the main thread answering while an investigator works during a sync (${SCALE})`, async () => {
  const facets = await call<QueueFacets>('queue.facets');
  const categories = facets.categories.slice(0, 8);

  // Within one cache state, nothing syncing: the baseline.
  const quiet = await phase(call, categories, { seconds: 20 });
  // The same script while a full sync writes every alert again, commit after commit.
  let syncEnd: SyncStatusView | null = null;
  const busy = await profiled(`main-responsiveness-${SCALE}.cpuprofile`, () =>
    phase(call, categories, async () => {
      syncEnd = await within(
        syncToEnd(core.events, () => call<SyncStatusView>('sync.start', { full: true })),
        20 * 60_000,
        'the full sync',
      );
    }),
  );
  // Measured beside a sync that failed, the figures would say nothing.
  expect((syncEnd as SyncStatusView | null)?.lastError ?? null).toBeNull();

  const figures = responsivenessFigures(quiet, busy, 'a full sync');
  report(`main-responsiveness-${SCALE}`, figures);
  // What the bench itself depends on: the script ran through the sync and read every step.
  expect(busy.latencies.get('queue: new filter or sort')?.length ?? 0).toBeGreaterThan(0);
});
