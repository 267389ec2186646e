import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/lib/logger';
import { openOutbox } from '../../main/outbox/outbox-store';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const cli = (...args: string[]) =>
  run(process.execPath, ['out/main/cli.js', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });

describe('the command line (built)', () => {
  let t: TestSandbox;
  const dataDir = makeTempDir('casedesk-cli-');
  let profileId = '';
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 30 });
    // A profile saved by the app, its token in the private file.
    const core = await createTestCore(dataDir.path);
    const saved = await core.dispatch(
      'profiles.save',
      {
        name: 'Demo tenant',
        baseUrl: t.sandbox.baseUrl,
        token: t.sandbox.token,
        tokenStorage: 'weak',
      },
      { transport: 'browser' },
    );
    expect(saved.ok).toBe(true);
    profileId = saved.ok ? (saved.value as { id: string }).id : '';
    await core.dispose();
  });
  afterAll(async () => {
    await t.close();
    dataDir.remove();
  });

  it('syncs a saved profile into its own cache, then reports, searches and exports it', async () => {
    const synced = JSON.parse(
      (await cli('sync', '--profile', 'demo TENANT', '--data-dir', dataDir.path, '--json')).stdout,
    ) as { alerts: number; customers: number };
    expect(synced.alerts).toBeGreaterThan(0);
    const status = JSON.parse(
      (await cli('status', '--profile', 'Demo tenant', '--data-dir', dataDir.path, '--json'))
        .stdout,
    ) as {
      counts: { alerts: number };
      customersAwaitingDetail: number;
      outbox: Record<string, number> | null;
    };
    expect(status.counts.alerts).toBe(synced.alerts);
    expect(status.customersAwaitingDetail).toBe(0);
    // A write waiting in the app's outbox beside the profile's cache shows up in the status.
    const outbox = openOutbox(join(dataDir.path, 'profiles', profileId, 'outbox.db'), silentLogger);
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    outbox.close();
    const withOutbox = JSON.parse(
      (await cli('status', '--profile', 'Demo tenant', '--data-dir', dataDir.path, '--json'))
        .stdout,
    ) as { outbox: Record<string, number> | null };
    expect(withOutbox.outbox).toMatchObject({ queued: 1 });

    const ndjson = (
      await cli('export', 'alerts', '--profile', 'Demo tenant', '--data-dir', dataDir.path)
    ).stdout
      .trim()
      .split('\n');
    expect(ndjson).toHaveLength(synced.alerts);
    expect((JSON.parse(ndjson[0] ?? '{}') as { id?: string }).id).toBeTruthy();
    const csv = (
      await cli(
        'export',
        'customers',
        '--profile',
        'Demo tenant',
        '--data-dir',
        dataDir.path,
        '--format',
        'csv',
      )
    ).stdout
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^account_number,|external_id/);
    expect(csv.length).toBe(synced.customers + 1);

    const customer = JSON.parse(ndjson[0] ?? '{}') as { customer_external_id: string };
    const hits = JSON.parse(
      (
        await cli(
          'search',
          customer.customer_external_id,
          '--profile',
          'Demo tenant',
          '--data-dir',
          dataDir.path,
          '--json',
        )
      ).stdout,
    ) as Array<{ kind: string; id: string }>;
    expect(
      hits.some((hit) => hit.kind === 'customer' && hit.id === customer.customer_external_id),
    ).toBe(true);
  });

  it('says clearly what is missing or wrong', async () => {
    await expect(cli('status')).rejects.toMatchObject({
      stderr: expect.stringMatching(/--db is required/) as unknown,
    });
    await expect(
      cli('sync', '--profile', 'Nope', '--data-dir', dataDir.path),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/No profile named “Nope”.*Demo tenant/) as unknown,
    });
    await expect(
      cli('export', 'secrets', '--db', resolve(dataDir.path, 'x.db')),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/export takes one of/) as unknown });
    await expect(cli('frobnicate')).rejects.toMatchObject({
      stderr: expect.stringMatching(/Unknown command/) as unknown,
    });
  });
});
