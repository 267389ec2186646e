import { describe, expect, it, vi } from 'vitest';
import { inlineCacheReader } from '../../../main/cache/read-pool';
import { contract, type KytSubmissionSummary, type Result } from '../../../preload/contract';
import { createDispatcher } from '../../../main/bridge/dispatcher';
import type { Handlers } from '../../../main/bridge/handlers';
import { createKytHandlers, kytHit } from '../../../main/bridge/kyt';
import { createSearchHandlers } from '../../../main/bridge/search';
import { migrate } from '../../../main/cache/open-cache';
import type { KytBatches } from '../../../main/kyt/kyt-ports';
import type { KytService } from '../../../main/kyt/kyt-service';
import { silentLogger } from '../../../main/lib/logger';
import type { ProfileSettingsStore } from '../../../main/settings/profile-settings';
import type { Workspace } from '../../../main/workspace/workspace';
import type { WorkspaceManager } from '../../../main/workspace/workspace-manager';
import { kytFailures } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';
import Database from 'better-sqlite3';

const context = { transport: 'browser' } as const;
const TOKEN = 'a'.repeat(32);

/** The bridge's one door with the KYT handlers behind it (every other domain answers null). */
function dispatcherFor(kyt: Handlers['kyt']) {
  const others = Object.fromEntries(
    Object.entries(contract).map(([domain, methods]) => [
      domain,
      Object.fromEntries(Object.keys(methods).map((name) => [name, () => null])),
    ]),
  );
  return createDispatcher({
    handlers: { ...others, kyt } as unknown as Handlers,
    secrets: () => [],
    logger: silentLogger,
  });
}

/** Fakes of the core and the batches: only the methods a test calls, of any shape it needs. */
type Fake = Record<string, (...args: never[]) => unknown>;

function setUp(options: {
  kyt?: Fake | null;
  batches?: Fake | null;
  connectivity?: string;
  downloadFolder?: string | null;
}) {
  const space = {
    folder: '/profiles/p1',
    kyt: options.kyt === null ? null : ((options.kyt ?? {}) as Partial<KytService>),
    kytBatches: options.batches === null ? null : ((options.batches ?? {}) as Partial<KytBatches>),
    localStoreNotice: 'The local store (local.db in this profile’s folder) could not be opened.',
  } as unknown as Workspace;
  const replaySoon = vi.fn();
  const workspaces = {
    require: () => Promise.resolve(space),
    status: () => Promise.resolve({ connectivity: options.connectivity ?? 'online' }),
    replaySoon,
  } as unknown as WorkspaceManager;
  const staged = vi.fn(() =>
    Promise.resolve({ path: '/home/ann/Downloads/march.csv', fileName: 'march.csv' }),
  );
  const settings = {
    get: () => Promise.resolve({ downloadFolder: options.downloadFolder ?? null }),
  } as unknown as ProfileSettingsStore;
  const handlers = createKytHandlers({ workspaces, filing: { stagedFile: staged }, settings });
  return { handlers, dispatch: dispatcherFor(handlers), replaySoon, staged };
}

const failed = (reply: Result<unknown>) => {
  if (reply.ok) throw new Error('expected a failure');
  return reply.error;
};

describe('the KYT bridge', () => {
  it('refuses a transaction with a message beside each field, before anything is kept', async () => {
    const submit = vi.fn();
    const { dispatch } = setUp({ kyt: { submit } });
    const reply = await dispatch(
      'kyt.submit',
      {
        transaction: {
          amount: 'a lot',
          currency: 'EURO',
          date: '2026-03-04 10:00',
          from: { device: { country: 'France' } },
          to: {},
        },
      },
      context,
    );
    const error = failed(reply);
    expect(error.code).toBe('invalid_input');
    expect(error.fields).toMatchObject({
      'transaction.amount': 'The amount is a number, such as 1250.50.',
      'transaction.currency': 'The currency is a three-letter code (ISO 4217), such as EUR.',
      'transaction.date': 'A date and time with its offset, such as 2026-11-27T14:30:00+01:00.',
      'transaction.from.device.country': 'A country code has two letters (ISO 3166), such as FR.',
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it('waits for the service’s answer only when it may go out now', async () => {
    for (const [connectivity, waits] of [
      ['online', true],
      ['unknown', true],
      ['offline', false],
      ['token_refused', false],
    ] as const) {
      const submit = vi.fn(() => Promise.resolve(null));
      const { dispatch, replaySoon } = setUp({ kyt: { submit }, connectivity });
      const reply = await dispatch(
        'kyt.submit',
        { transaction: { amount: 1, currency: 'EUR', from: {}, to: {} } },
        context,
      );
      expect(reply.ok).toBe(true);
      const options = (
        submit.mock.calls[0] as unknown as [unknown, { waitMs: number; kick(): void }]
      )[1];
      expect(options.waitMs > 0, connectivity).toBe(waits);
      options.kick();
      expect(replaySoon).toHaveBeenCalledTimes(1);
    }
  });

  it('refuses every method plainly while the local store cannot be opened', async () => {
    const { dispatch } = setUp({ kyt: null, batches: null });
    const inputs: Record<string, unknown> = {
      submit: { transaction: { amount: 1, currency: 'EUR', from: {}, to: {} } },
      get: { id: 'S1' },
      list: {},
      compare: { a: 'S1', b: 'S2' },
      decide: { id: 'S1', decision: 'mark-sent' },
      participants: { text: 'ann' },
      previewImport: { file: { kind: 'staged', token: TOKEN } },
      import: { file: { kind: 'staged', token: TOKEN } },
      batches: undefined,
      batchLines: { id: 'B1' },
      resumeBatch: { id: 'B1' },
      pauseBatch: { id: 'B1' },
      cancelBatch: { id: 'B1' },
      saveBatchResult: { id: 'B1' },
    };
    expect(Object.keys(inputs).sort()).toEqual(Object.keys(contract.kyt).sort());
    for (const [name, input] of Object.entries(inputs)) {
      const error = failed(await dispatch(`kyt.${name}`, input, context));
      expect(error.code, name).toBe('unavailable');
      expect(error.message, name).toMatch(
        /kept in this profile’s local store, which could not be opened/,
      );
    }
  });

  it('reads a dropped file by its handle in main: the batches get its place, the window never does', async () => {
    const preview = vi.fn(() => Promise.resolve({ fileName: 'march.csv' }));
    const importing = vi.fn(() => Promise.resolve({ id: 'B1' }));
    const { dispatch, staged } = setUp({ batches: { preview, import: importing } });
    const file = { kind: 'staged', token: TOKEN };
    expect(await dispatch('kyt.previewImport', { file }, context)).toEqual({
      ok: true,
      value: { fileName: 'march.csv' },
    });
    expect(preview).toHaveBeenCalledWith('/home/ann/Downloads/march.csv', 'march.csv');
    await dispatch('kyt.import', { file, mapping: { amount: 'Amount' } }, context);
    expect(importing).toHaveBeenCalledWith({
      path: '/home/ann/Downloads/march.csv',
      fileName: 'march.csv',
      mapping: { amount: 'Amount' },
      saveMapping: true,
      start: true,
    });
    expect(staged).toHaveBeenCalledWith({ kind: 'staged', token: TOKEN });
    // A path is never a handle.
    expect(failed(await dispatch('kyt.previewImport', { file: '/etc/passwd' }, context)).code).toBe(
      'invalid_input',
    );
  });

  it('saves a batch’s result file into the download folder and answers its name only', async () => {
    const folder = makeTempDir('casedesk-kyt-downloads-');
    try {
      const saveResult = vi.fn((_id: string, into: string) =>
        Promise.resolve(`${into}/batch-march-result.csv`),
      );
      const none = setUp({ batches: { saveResult }, downloadFolder: null });
      expect(
        failed(await none.dispatch('kyt.saveBatchResult', { id: 'B1' }, context)),
      ).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/Choose a folder for downloads in settings/) as unknown,
      });
      const gone = setUp({ batches: { saveResult }, downloadFolder: `${folder.path}/gone` });
      expect(
        failed(await gone.dispatch('kyt.saveBatchResult', { id: 'B1' }, context)).message,
      ).toMatch(
        /The download folder cannot be used: There is no folder at .*gone\. Choose another in settings/,
      );
      const { dispatch } = setUp({ batches: { saveResult }, downloadFolder: folder.path });
      expect(await dispatch('kyt.saveBatchResult', { id: 'B1' }, context)).toEqual({
        ok: true,
        value: { fileName: 'batch-march-result.csv' },
      });
      expect(saveResult).toHaveBeenCalledWith('B1', folder.path);
    } finally {
      folder.remove();
    }
  });

  it('says the service’s failures plainly: a lost answer, a refusal, the service out of reach', async () => {
    const throwing = (error: Error) =>
      setUp({
        kyt: {
          get: () => {
            throw error;
          },
        },
      }).dispatch;
    expect(
      failed(await throwing(kytFailures.dropped())('kyt.get', { id: 'S1' }, context)),
    ).toMatchObject({
      code: 'outcome_unknown',
      message: expect.stringMatching(
        /^Could not submit the transaction: the connection/,
      ) as unknown,
    });
    expect(
      failed(await throwing(kytFailures.refused())('kyt.get', { id: 'S1' }, context)),
    ).toMatchObject({
      code: 'internal',
      message: expect.stringMatching(/amount must be a number/) as unknown,
    });
    expect(
      failed(await throwing(kytFailures.unreachable())('kyt.get', { id: 'S1' }, context)).code,
    ).toBe('unavailable');
  });
});

describe('KYT submissions in the global search', () => {
  const summary: KytSubmissionSummary = {
    id: 'S1',
    serviceId: 'kyt_1',
    externalId: 'cd-1',
    status: 'scored',
    statusReason: null,
    createdAt: '2026-03-10T08:00:00.000Z',
    settledAt: null,
    amount: 1250.5,
    currency: 'EUR',
    date: null,
    label: 'Invoice 42',
    fromName: 'Ann Lee',
    fromExternalId: 'C1',
    toName: null,
    toExternalId: 'C2',
    customers: ['C1'],
    score: 72,
    state: { text: 'Blocked', code: '3', members: [] },
    convertedAmount: null,
    convertedCurrency: null,
    basedOnId: null,
    batch: null,
  };

  it('are hits of their own kind, after the cache’s and the press reports’', async () => {
    expect(kytHit(summary)).toEqual({
      kind: 'kyt',
      id: 'S1',
      title: '1250.5 EUR Ann Lee → C2',
      detail: 'Invoice 42 · score 72, Blocked',
      threadId: null,
      customerExternalId: 'C1',
    });
    const db = new Database(':memory:');
    migrate(db);
    const search = vi.fn(() => [summary]);
    const space = {
      db,
      reads: inlineCacheReader(db),
      press: null,
      kyt: { search },
    } as unknown as Workspace;
    const workspaces = { require: () => Promise.resolve(space) } as unknown as WorkspaceManager;
    const hits = await createSearchHandlers(workspaces).query({ text: 'ann' }, context);
    expect(hits.map((hit) => hit.kind)).toEqual(['kyt']);
    expect(search).toHaveBeenCalledWith('ann', 10);
    db.close();
  });
});
