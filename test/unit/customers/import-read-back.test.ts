import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api';
import type { CustomersApi } from '../../../main/api/customers';
import type { SaveCustomersRequest } from '../../../main/api/request-types';
import type { WireSaveResponse } from '../../../main/api/wire/customer';
import { openCache } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import { READ_BACK_KIND } from '../../../main/customers/import/import-book';
import { openCustomerImports } from '../../../main/customers/import/open-customer-imports';
import { silentLogger, type Logger } from '../../../main/lib/logger';
import type { LocalStore } from '../../../main/local/local-store';
import { detailOf, heldService } from '../../support/customer-reads';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

// The read-back of the customers an import saved: by the one reader (storedAs included), kept with
// the import as each batch is answered, and gone on with after a pause, a close or a restart.

const temp = makeTempDir('casedesk-import-read-back-');
afterAll(() => temp.remove());
let count = 0;

/** A profile folder with a file of `customers` customers (C1, C2, …). */
function profile(customers: number) {
  count += 1;
  const dir = join(temp.path, `p${count}`);
  mkdirSync(dir);
  const path = join(dir, 'customers.csv');
  const rows = Array.from({ length: customers }, (_, index) => `C${index + 1},N,Lee${index + 1}`);
  writeFileSync(path, `external_id,account_type,last_name\n${rows.join('\n')}\n`);
  return { dir, file: { path, fileName: 'customers.csv' } };
}

/** Saves every customer sent; a save waits for `hold` (and ends when its signal aborts). */
function saveAnswers(options: { hold?: (body: SaveCustomersRequest) => boolean } = {}) {
  const saves: SaveCustomersRequest[] = [];
  const save = (body: SaveCustomersRequest, signal?: AbortSignal): Promise<WireSaveResponse> => {
    if (!body.verify_input && options.hold?.(body))
      return new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(new Error('This operation was aborted'))),
      );
    if (!body.verify_input) saves.push(body);
    const customers = body.customers ?? [];
    return Promise.resolve({
      added: body.verify_input
        ? []
        : customers.map((customer) => ({
            customer_id: `id-${customer.external_id}`,
            external_id: customer.external_id,
          })),
      detail: customers.map((customer) => ({
        external_id: customer.external_id,
        errors: [],
        warnings: [],
      })),
      status: 'ok',
      verify_input: body.verify_input ?? false,
    });
  };
  return { save, saves };
}

interface Opened {
  store: LocalStore;
  close(): Promise<void>;
  imports: ReturnType<typeof openCustomerImports>;
  cached(): string[];
  pending(id: string): string[];
}

/** The profile's imports as the workspace opens them (or the command line: recover false). */
function open(
  dir: string,
  customers: Pick<CustomersApi, 'get'>,
  options: {
    save?: ReturnType<typeof saveAnswers>['save'];
    recover?: boolean;
    logger?: Logger;
    onCacheChange?: (tables: string[]) => void;
  } = {},
): Opened {
  const store = openTestLocalStore(dir);
  const { db } = openCache(join(dir, 'cache.db'), silentLogger);
  const save = options.save ?? saveAnswers().save;
  const client = {
    customers: { get: customers.get, save: (body, call) => save(body, call?.signal) },
  } as Pick<ServiceClient, 'customers'>;
  const imports = openCustomerImports({
    store,
    client,
    cache: { db, writer: createCacheWriter(db) },
    logger: options.logger ?? silentLogger,
    ...(options.recover === undefined ? {} : { recover: options.recover }),
    ...(options.onCacheChange ? { onCacheChange: options.onCacheChange } : {}),
  });
  return {
    store,
    imports,
    async close() {
      await imports.close();
      store.close();
      db.close();
    },
    cached: () =>
      (
        db.prepare('SELECT external_id FROM customers ORDER BY external_id').all() as Array<{
          external_id: string;
        }>
      ).map((row) => row.external_id),
    pending(id) {
      const body = JSON.parse(store.bodyText(READ_BACK_KIND, id) ?? '{}') as {
        externalIds?: string[];
      };
      return [...(body.externalIds ?? [])].sort();
    },
  };
}

async function importAndSave(
  opened: Opened,
  file: { path: string; fileName: string },
): Promise<string> {
  const view = await opened.imports.start({
    file,
    saveMapping: false,
    batchSize: 2,
    disableRiskScan: false,
    verify: true,
  });
  expect((await opened.imports.settled(view.id)).state).toBe('verified');
  opened.imports.save(view.id);
  expect((await opened.imports.settled(view.id)).state).toBe('done');
  return view.id;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the read-back of an import’s saved customers', () => {
  it('is done by the one reader: a customer answered in another case is kept under the id saved', async () => {
    const { dir, file } = profile(2);
    const changed: string[][] = [];
    const opened = open(
      dir,
      { get: (externalId) => Promise.resolve(detailOf(externalId.toLowerCase())) },
      { onCacheChange: (tables) => changed.push(tables) },
    );
    const id = await importAndSave(opened, file);
    await opened.imports.readBackSettled(id);
    expect(opened.cached()).toEqual(['C1', 'C2']);
    expect(opened.pending(id)).toEqual([]);
    expect(changed).toEqual([['customers']]);
    await opened.close();
  });

  it('closed midway, goes on when the imports open again: the rest is read, nothing read twice', async () => {
    const { dir, file } = profile(7);
    const first = heldService();
    const before = open(dir, first.customers);
    const id = await importAndSave(before, file);
    await flush();
    expect(first.waitingFor()).toEqual(['C1', 'C2', 'C3', 'C4']);
    await first.answerNext();
    await first.answerNext();
    // C1 and C2 are in the cache; C3 to C6 are in flight, C7 not asked, when the app closes.
    await before.close();
    expect(first.asked.sort()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);

    const second = heldService();
    const after = open(dir, second.customers);
    expect(after.pending(id)).toEqual(['C3', 'C4', 'C5', 'C6', 'C7']);
    await flush();
    expect(second.waitingFor().sort()).toEqual(['C3', 'C4', 'C5', 'C6']);
    for (let answered = 0; answered < 5; answered += 1) await second.answerNext();
    await after.imports.readBackSettled(id);
    expect(second.asked.sort()).toEqual(['C3', 'C4', 'C5', 'C6', 'C7']);
    expect(after.cached()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']);
    expect(after.pending(id)).toEqual([]);
    await after.close();

    // Opened once more: nothing is left, nothing is asked.
    const third = heldService();
    const again = open(dir, third.customers);
    await flush();
    expect(third.asked).toEqual([]);
    await again.close();
  });

  it('the command line (recover false) leaves another read-back for the app', async () => {
    const { dir, file } = profile(5);
    const first = heldService();
    const before = open(dir, first.customers);
    const id = await importAndSave(before, file);
    await flush();
    await before.close();

    const cli = heldService();
    const headless = open(dir, cli.customers, { recover: false });
    await flush();
    expect(cli.asked).toEqual([]);
    expect(headless.pending(id)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    await headless.close();
  });

  it('a customer that cannot be read is logged and left to the next sync, not tried again', async () => {
    const { dir, file } = profile(3);
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (message) => warnings.push(message) };
    const opened = open(
      dir,
      {
        get: (externalId) =>
          externalId === 'C2'
            ? Promise.reject(new Error('The service answered 404'))
            : Promise.resolve(detailOf(externalId)),
      },
      { logger },
    );
    const id = await importAndSave(opened, file);
    await opened.imports.readBackSettled(id);
    expect(opened.cached()).toEqual(['C1', 'C3']);
    expect(opened.pending(id)).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/reading C2 back failed: The service answered 404/) as string,
    ]);
    await opened.close();

    const asked: string[] = [];
    const reopened = open(dir, {
      get: (externalId) => {
        asked.push(externalId);
        return Promise.resolve(detailOf(externalId));
      },
    });
    await reopened.imports.readBackSettled(id);
    expect(asked).toEqual([]);
    await reopened.close();
  });

  it('customers saved before a pause are kept, and read back when the save is done', async () => {
    const { dir, file } = profile(6);
    let holding = true;
    const answers = saveAnswers({
      hold: (body) => holding && body.customers?.[0]?.external_id === 'C3',
    });
    const asked: string[] = [];
    const opened = open(
      dir,
      {
        get: (externalId) => {
          asked.push(externalId);
          return Promise.resolve(detailOf(externalId));
        },
      },
      { save: answers.save },
    );
    const view = await opened.imports.start({
      file,
      saveMapping: false,
      batchSize: 2,
      disableRiskScan: false,
      verify: true,
    });
    await opened.imports.settled(view.id);
    opened.imports.save(view.id);
    while (answers.saves.length < 1) await flush();
    await flush();
    opened.imports.pause(view.id);
    expect((await opened.imports.settled(view.id)).state).toBe('paused');
    expect(opened.pending(view.id)).toEqual(['C1', 'C2']);
    expect(asked).toEqual([]);

    holding = false;
    opened.imports.save(view.id);
    expect((await opened.imports.settled(view.id)).state).toBe('done');
    await opened.imports.readBackSettled(view.id);
    expect(asked.sort()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
    expect(opened.cached()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
    expect(opened.pending(view.id)).toEqual([]);
    await opened.close();
  });
});
