import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KytList, KytSubmissionDetail, OutboxItemView } from '../../preload/contract';
import { silentLogger } from '../../main/lib/logger';
import { openOutbox } from '../../main/outbox/outbox-store';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { syncToEnd } from '../support/sync-to-end';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

// `kyt …` of the built command line against the sandbox, on the KYT core and the profile's own
// local store and outbox (the ones the app reads), as an investigator runs it. What the answer
// readers make of an answer (score, state, explanation) is tested with them; here, what the
// command line does with the service, the store and the outbox.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const PROFILE = 'KYT tenant';

interface Failed {
  code: number;
  stdout: string;
  stderr: string;
}

describe('kyt on the command line (built), against the sandbox', { timeout: 60_000 }, () => {
  let t: TestSandbox;
  const dataDir = makeTempDir('casedesk-cli-kyt-');
  let profileId = '';
  let customer = '';
  const folder = () => join(dataDir.path, 'profiles', profileId);
  const env = () => {
    // The profile's token is in its private file: none from the environment.
    const given: NodeJS.ProcessEnv = { ...process.env };
    delete given.CASEDESK_TOKEN;
    return given;
  };
  const cli = (args: string[], stdin?: string) => {
    const running = run(
      process.execPath,
      ['out/main/cli.js', ...args, '--profile', PROFILE, '--data-dir', dataDir.path],
      { cwd: ROOT, env: env(), maxBuffer: 64 * 1024 * 1024 },
    );
    running.child.stdin?.end(stdin ?? '');
    return running;
  };
  const failing = async (args: string[]): Promise<Failed> => {
    try {
      const done = await cli(args);
      throw new Error(`exited 0: ${done.stdout}`);
    } catch (error) {
      return error as Failed;
    }
  };
  const list = async () => JSON.parse((await cli(['kyt', 'list', '--json'])).stdout) as KytList;
  const storedOnService = (externalId: string) =>
    t.sandbox.db
      .prepare("SELECT json FROM kyt_transactions WHERE json_extract(json, '$.external_id') = ?")
      .pluck()
      .all(externalId) as string[];
  const keptAnswer = (id: string): unknown => {
    const local = new Database(join(folder(), 'local.db'), { readonly: true });
    try {
      const body = local
        .prepare("SELECT body FROM local_records WHERE kind = 'kyt.submission' AND id = ?")
        .pluck()
        .get(id) as string;
      return (JSON.parse(body) as { answer: unknown }).answer;
    } finally {
      local.close();
    }
  };
  const bodyFile = (name: string, body: unknown) => {
    const path = join(dataDir.path, name);
    writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
    return path;
  };
  const transaction = (externalId: string) => ({
    external_id: externalId,
    amount: 9_800,
    currency: 'EUR',
    date: '2026-03-04T10:00:00+01:00',
    label: 'Consulting fees',
    from: {
      external_id: customer,
      full_name: 'Sender from the cache',
      device: { country: 'FR', ip: '203.0.113.7', '2fa': true },
    },
    to: {
      full_name: 'Bo Receiver',
      domicile_code: 'DE',
      payment_institution: { external_id: 'alias-77', country: 'DE' },
    },
  });

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 30 });
    const core = await createTestCore(dataDir.path);
    try {
      const saved = await core.dispatch(
        'profiles.save',
        { name: PROFILE, baseUrl: t.sandbox.baseUrl, token: t.sandbox.token, tokenStorage: 'weak' },
        { transport: 'browser' },
      );
      if (!saved.ok) throw new Error(saved.error.message);
      profileId = (saved.value as { id: string }).id;
      const activated = await core.dispatch(
        'profiles.activate',
        { id: profileId },
        { transport: 'browser' },
      );
      if (!activated.ok) throw new Error(activated.error.message);
      await syncToEnd(core.events, () =>
        core.dispatch('sync.start', { full: true }, { transport: 'browser' }),
      );
    } finally {
      await core.dispose();
    }
    const cache = new Database(join(folder(), 'cache.db'), { readonly: true });
    customer = cache
      .prepare('SELECT external_id FROM customers ORDER BY external_id LIMIT 1')
      .pluck()
      .get() as string;
    cache.close();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    dataDir.remove();
  });

  it('submits a file, keeps the answer exactly as the service sent it, and lists it', async () => {
    const file = bodyFile('tx.json', transaction('cli-tx-1'));
    const { stdout } = await cli(['kyt', 'submit', file]);
    const id = /^Transaction ([0-9a-f-]{36}) \(external id cli-tx-1\): scored$/m.exec(stdout)?.[1];
    expect(id).toBeDefined();
    const stored = storedOnService('cli-tx-1');
    expect(stored).toHaveLength(1);
    expect(keptAnswer(id!)).toEqual(JSON.parse(stored[0]!) as unknown);

    const listed = await list();
    expect(listed.submissions.map((s) => [s.id, s.status, s.externalId])).toEqual([
      [id, 'scored', 'cli-tx-1'],
    ]);
    // The sender is a customer of the tenant: the transaction is listed under it.
    const mine = JSON.parse(
      (await cli(['kyt', 'list', '--customer', customer, '--json'])).stdout,
    ) as KytList;
    expect(mine.total).toBe(1);
  });

  it('reads the transaction from standard input, and prints --json as the bridge’s detail', async () => {
    const { stdout } = await cli(
      ['kyt', 'submit', '-', '--json'],
      JSON.stringify(transaction('cli-tx-stdin')),
    );
    const detail = JSON.parse(stdout) as KytSubmissionDetail;
    expect(detail.summary).toMatchObject({ status: 'scored', externalId: 'cli-tx-stdin' });
    expect(detail.request).toMatchObject({ amount: 9_800, currency: 'EUR' });
    expect(storedOnService('cli-tx-stdin')).toHaveLength(1);
  });

  it('refuses a bad file with exit code 2, naming each field, keeping and sending nothing', async () => {
    const before = (await list()).total;
    const file = bodyFile('bad.json', {
      ...transaction('cli-tx-bad'),
      amount: 'nine thousand',
      currency: 'EURO',
      from: { device: { country: 'France' } },
    });
    const failed = await failing(['kyt', 'submit', file]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('nothing was sent');
    expect(failed.stderr).toContain('amount: The amount is a number, such as 1250.50.');
    expect(failed.stderr).toContain('currency: The currency is a three-letter code');
    expect(failed.stderr).toContain('from.device.country: A country code has two letters');
    expect((await failing(['kyt', 'submit', bodyFile('x.json', '{"amount":')])).stderr).toMatch(
      /is not JSON/,
    );
    expect((await list()).total).toBe(before);
    expect(storedOnService('cli-tx-bad')).toEqual([]);
  });

  it('queues a submission in the profile’s outbox while the service is stopped; the app sends it once', async () => {
    const file = bodyFile('offline.json', transaction('cli-tx-offline'));
    await t.stop();
    const said = await cli(['kyt', 'submit', file]).then(
      (done) => done.stdout,
      (error: unknown) => `failed: ${String(error)}`,
    );
    await t.restart();
    expect(said).toMatch(
      /^Not sent: .+\nKept as [0-9a-f-]{36} and queued in the profile's outbox \(item [\w-]+\): the app sends it once/,
    );
    const itemId = /\(item ([\w-]+)\)/.exec(said)?.[1] ?? '';
    const outbox = openOutbox(join(folder(), 'outbox.db'), silentLogger);
    expect(outbox.get(itemId)).toMatchObject({ state: 'queued', payload: { kind: 'kyt.submit' } });
    outbox.close();
    expect(storedOnService('cli-tx-offline')).toEqual([]);
    expect((await list()).submissions[0]).toMatchObject({
      externalId: 'cli-tx-offline',
      status: 'waiting',
    });

    // The app opens the profile: its outbox sends it, once, and the answer is kept.
    const core = await createTestCore(dataDir.path);
    try {
      const call = async <T>(method: string, input?: unknown): Promise<T> => {
        const reply = await core.dispatch(method, input, { transport: 'browser' });
        if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
        return reply.value as T;
      };
      await call('profiles.activate', { id: profileId });
      await syncToEnd(core.events, () => call('sync.start', { full: false }));
      const delivered = (await call<OutboxItemView[]>('outbox.list')).find(
        (entry) => entry.id === itemId,
      );
      expect(delivered?.state).toBe('done');
    } finally {
      await core.dispose();
    }
    expect(storedOnService('cli-tx-offline')).toHaveLength(1);
    expect((await list()).submissions[0]).toMatchObject({
      externalId: 'cli-tx-offline',
      status: 'scored',
    });
  });
});
