import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupReport } from '../../main/cli/cli-backup';
import { openCache } from '../../main/cache/open-cache';
import { openLocalStore } from '../../main/local/local-store';
import { silentLogger } from '../../main/lib/logger';
import { openOutbox } from '../../main/outbox/outbox-store';
import { startFakeService } from '../support/fake-service';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const cli = (...args: string[]) =>
  run(process.execPath, ['out/main/cli.js', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
/** The command line with its own environment (no token in it unless given) and standard input. */
const cliWith = (options: { env?: Record<string, string>; stdin?: string }, ...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  if (!options.env?.CASEDESK_TOKEN) delete env.CASEDESK_TOKEN;
  const running = run(process.execPath, ['out/main/cli.js', ...args], { cwd: ROOT, env });
  running.child.stdin?.end(options.stdin ?? '');
  return running;
};

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

  it('backs up what the service cannot send again, consistently, while the app writes', async () => {
    const folder = join(dataDir.path, 'profiles', profileId);
    const opening = openLocalStore(join(folder, 'local.db'), silentLogger);
    if (opening.state !== 'open') throw new Error(opening.reason);
    const local = opening.store;
    local.put('note', 'n1', { text: 'Called the customer back' });
    local.put('press-report', 'r1', { title: 'Generated report' });
    // Still open, as the running app keeps it: these records are in its WAL, not yet in the file.
    expect(existsSync(join(folder, 'local.db-wal'))).toBe(true);
    writeFileSync(join(folder, 'views.json'), '{"version":1,"views":[]}');
    mkdirSync(join(folder, 'outbox-files'), { recursive: true });
    writeFileSync(join(folder, 'outbox-files', 'item-1'), 'a filed document');
    writeFileSync(join(folder, 'outbox-files', 'item-2.partial'), 'half a copy');
    const out = makeTempDir('casedesk-backup-');
    try {
      const report = JSON.parse(
        (
          await cli(
            'backup',
            '--profile',
            'demo tenant',
            '--data-dir',
            dataDir.path,
            '--out',
            out.path,
            '--json',
          )
        ).stdout,
      ) as BackupReport;
      local.put('note', 'n2', { text: 'After the backup' });
      expect(report.profile).toEqual({ id: profileId, name: 'Demo tenant' });
      expect(dirname(report.folder)).toBe(out.path);
      // For this user alone, like the data folder it comes from.
      expect(statSync(report.folder).mode & 0o777).toBe(0o700);
      for (const name of ['local.db', 'outbox.db', 'backup.json'])
        expect(statSync(join(report.folder, name)).mode & 0o777).toBe(0o600);
      expect(report.entries.map((entry) => [entry.name, entry.how])).toEqual(
        expect.arrayContaining([
          ['local.db', 'sqlite-backup'],
          ['outbox.db', 'sqlite-backup'],
          ['views.json', 'file'],
          ['outbox-files', 'folder'],
        ]),
      );
      expect(JSON.parse(readFileSync(join(report.folder, 'backup.json'), 'utf8'))).toEqual(report);

      const copy = openLocalStore(join(report.folder, 'local.db'), silentLogger);
      if (copy.state !== 'open') throw new Error(copy.reason);
      expect(copy.store.list('note').map((record) => record.body)).toEqual([
        { text: 'Called the customer back' },
      ]);
      expect(copy.store.get('press-report', 'r1')?.body).toEqual({ title: 'Generated report' });
      copy.store.close();
      const outboxCopy = openOutbox(join(report.folder, 'outbox.db'), silentLogger);
      const live = openOutbox(join(folder, 'outbox.db'), silentLogger);
      expect(outboxCopy.list()).toEqual(live.list());
      outboxCopy.close();
      live.close();
      expect(readdirSync(join(report.folder, 'outbox-files'))).toEqual(['item-1']);
      expect(readFileSync(join(report.folder, 'views.json'), 'utf8')).toBe(
        '{"version":1,"views":[]}',
      );

      // Without --out: a new folder under the profile's own backups/, said in plain words.
      const plain = (await cli('backup', '--profile', 'Demo tenant', '--data-dir', dataDir.path))
        .stdout;
      expect(plain).toMatch(/^Backed up the profile “Demo tenant” to .*backups/);
      expect(plain).toMatch(/local\.db .* bytes +SQLite backup/);
      expect(readdirSync(join(folder, 'backups'))).toHaveLength(1);
    } finally {
      local.close();
      out.remove();
    }
  });

  it('refuses a backup of a profile it does not know', async () => {
    await expect(
      cli('backup', '--profile', 'Nope', '--data-dir', dataDir.path),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/No profile named “Nope”.*Demo tenant/) as unknown,
    });
    await expect(cli('backup', '--data-dir', dataDir.path)).rejects.toMatchObject({
      stderr: expect.stringMatching(/--profile NAME is required/) as unknown,
    });
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

  it('never sends a profile’s token to another origin given with --base-url', async () => {
    const elsewhere = await startFakeService('elsewhere-token-0000');
    try {
      await expect(
        cliWith(
          {},
          'sync',
          '--profile',
          'Demo tenant',
          '--data-dir',
          dataDir.path,
          '--base-url',
          elsewhere.baseUrl,
        ),
      ).rejects.toMatchObject({
        stderr: expect.stringMatching(
          /token of the profile “Demo tenant” is only sent to http:\/\/127\.0\.0\.1:\d+.*--token-file/s,
        ) as unknown,
      });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('checks --base-url with the app’s rule: https, or http only to this computer', async () => {
    const db = join(dataDir.path, 'loose.db');
    await expect(
      cliWith(
        { env: { CASEDESK_TOKEN: 'some-token-123' } },
        'sync',
        '--base-url',
        'http://tenant.example.com',
        '--db',
        db,
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(
        /--base-url: .*a token is only sent over plain http to this computer/,
      ) as unknown,
    });
    await expect(
      cliWith({}, 'sync', '--base-url', 'https://user:pw@tenant.example.com', '--db', db),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/--base-url: Put the token in the token field/) as unknown,
    });
    expect(existsSync(db)).toBe(false);
  });

  it('ends a sync with a summary: what it brought, and what failed when something did', async () => {
    const folder = makeTempDir('casedesk-cli-summary-');
    try {
      const db = join(folder.path, 'summary.db');
      const env = { env: { CASEDESK_TOKEN: t.sandbox.token } };
      const text = await cliWith(env, 'sync', '--base-url', t.sandbox.baseUrl, '--db', db);
      expect(text.stdout).toMatch(/Synced [\d,]+ alerts, [\d,]+ threads and [\d,]+ customers\.\n$/);
      const json = await cliWith(
        env,
        'sync',
        '--base-url',
        t.sandbox.baseUrl,
        '--db',
        db,
        '--json',
      );
      const report = JSON.parse(json.stdout) as {
        customerFailures: number;
        stoppedPaging: unknown[];
        summary: { outcome: string; headline: string };
      };
      expect(report).toMatchObject({
        customerFailures: 0,
        stoppedPaging: [],
        summary: { outcome: 'finished' },
      });
      expect(report.summary.headline).toMatch(/^Synced /);
    } finally {
      folder.remove();
    }
  });

  it('reads the token from the environment, a file or standard input; --token warns', async () => {
    const folder = makeTempDir('casedesk-cli-token-');
    try {
      const sync = (options: Parameters<typeof cliWith>[0], name: string, ...more: string[]) =>
        cliWith(
          options,
          'sync',
          '--base-url',
          t.sandbox.baseUrl,
          '--db',
          join(folder.path, `${name}.db`),
          '--json',
          ...more,
        );
      const synced = (stdout: string) => (JSON.parse(stdout) as { alerts: number }).alerts;

      const fromEnv = await sync({ env: { CASEDESK_TOKEN: t.sandbox.token } }, 'env');
      expect(synced(fromEnv.stdout)).toBeGreaterThan(0);
      expect(fromEnv.stderr).toBe('');

      const file = join(folder.path, 'token');
      writeFileSync(file, `${t.sandbox.token}\n`, { mode: 0o600 });
      const fromFile = await sync({}, 'file', '--token-file', file);
      expect(synced(fromFile.stdout)).toBeGreaterThan(0);
      expect(fromFile.stderr).toBe('');

      const fromStdin = await sync({ stdin: `${t.sandbox.token}\n` }, 'stdin', '--token-stdin');
      expect(synced(fromStdin.stdout)).toBeGreaterThan(0);
      expect(fromStdin.stderr).toBe('');

      const fromFlag = await sync({}, 'flag', '--token', t.sandbox.token);
      expect(synced(fromFlag.stdout)).toBeGreaterThan(0);
      expect(fromFlag.stderr).toMatch(/warning: --token .* process list/);
      expect(fromFlag.stderr).not.toContain(t.sandbox.token);

      // One source at a time, and an empty one is said to be empty.
      await expect(
        sync({}, 'both', '--token', t.sandbox.token, '--token-file', file),
      ).rejects.toMatchObject({ stderr: expect.stringMatching(/only one of/) as unknown });
      await expect(sync({ stdin: '' }, 'empty', '--token-stdin')).rejects.toMatchObject({
        stderr: expect.stringMatching(/standard input.*no token/) as unknown,
      });
    } finally {
      folder.remove();
    }
  });
});

describe('the press command line (built)', () => {
  const scratch = makeTempDir('casedesk-cli-press-');
  afterAll(() => scratch.remove());

  it('refuses bad press arguments with exit code 2, before opening any store', async () => {
    const folder = join(scratch.path, 'press-usage');
    const db = join(folder, 'cache.db');
    for (const [args, message] of [
      [['press', 'report', '--db', db], /--name: Give a name to report on/],
      [['press', 'report', '--name', 'Ann Lee', '--dob', '1970-13-01', '--db', db], /--dob/],
      [['press', 'report', '--name', 'Ann Lee', '--entity', 'robot', '--db', db], /--entity/],
      [['press', 'diff', 'press-1', '--db', db], /two report ids/],
      [['press', 'shred', '--db', db], /press takes report, get, force, list or diff/],
    ] as const) {
      await expect(cli(...args)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(message) as unknown,
      });
    }
    expect(existsSync(folder)).toBe(false);
    expect((await cli('press', '--help')).stdout).toMatch(/press report --name NAME/);
  });

  it('queues a forced generation under the service id the cache knows, once; refuses a customer it does not know', async () => {
    const folder = join(scratch.path, 'press-force');
    mkdirSync(folder, { recursive: true });
    const db = join(folder, 'cache.db');
    const cache = openCache(db, silentLogger).db;
    cache
      .prepare(
        "INSERT INTO customers (external_id, id, account_type, name, name_variations, review_groups, raw) VALUES ('C1', 'cus_1', 'P', 'Ann Lee', '', '', '{}')",
      )
      .run();
    cache.close();
    const noToken = { env: {} };
    await expect(cliWith(noToken, 'press', 'force', 'C2', '--db', db)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/sync this customer first/) as unknown,
    });
    const queued = JSON.parse(
      (await cliWith(noToken, 'press', 'force', 'C1', '--db', db, '--json')).stdout,
    ) as { state: string; outboxItemId: string };
    expect(queued.state).toBe('queued');
    // Asked again while it waits: neither sent nor queued again.
    expect(
      JSON.parse((await cliWith(noToken, 'press', 'force', 'C1', '--db', db, '--json')).stdout),
    ).toEqual({ state: 'waiting', customerExternalId: 'C1', outboxItemId: queued.outboxItemId });
    const outbox = openOutbox(join(folder, 'outbox.db'), silentLogger);
    expect(outbox.list().map((item) => item.payload)).toEqual([
      { kind: 'press.force', customerExternalId: 'C1', customerId: 'cus_1' },
    ]);
    outbox.close();
  });
});
