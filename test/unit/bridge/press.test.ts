import Database from 'better-sqlite3';
import { inlineCacheReader } from '../../../main/cache/read-pool';
import { describe, expect, it } from 'vitest';
import { createCustomersHandlers } from '../../../main/bridge/customers';
import { createDispatcher } from '../../../main/bridge/dispatcher';
import type { Handlers } from '../../../main/bridge/handlers';
import { createPressHandlers } from '../../../main/bridge/press';
import { createSearchHandlers } from '../../../main/bridge/search';
import { migrate } from '../../../main/cache/open-cache';
import { ServiceError } from '../../../main/api';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import type { PressService } from '../../../main/press/press-service';
import type { OutboxItem, OutboxPayload } from '../../../main/outbox/outbox-store';
import type { Workspace } from '../../../main/workspace/workspace';
import type { WorkspaceManager } from '../../../main/workspace/workspace-manager';
import { contract } from '../../../preload/contract';

const context = { transport: 'electron' } as const;

describe('the press bridge while the local store cannot be opened', () => {
  const setUp = () => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare(
      "INSERT INTO customers (external_id, id, account_type, name, name_variations, review_groups, raw) VALUES ('C1', '1', 'P', 'Ann Lee', '[]', '[]', '{}')",
    ).run();
    const space = {
      db,
      reads: inlineCacheReader(db),
      press: null,
      localStoreNotice: 'The local store (local.db in this profile’s folder) could not be opened.',
    } as unknown as Workspace;
    const workspaces = { require: () => Promise.resolve(space) } as unknown as WorkspaceManager;
    return { workspaces };
  };

  it('refuses every press method but force with a clear message, while the cache still answers', async () => {
    const { workspaces } = setUp();
    const press = createPressHandlers(workspaces);
    const calls: Array<() => unknown> = [
      () => press.list(contract.press.list.input.parse({}), context),
      () => press.get({ id: 'R1' }, context),
      () => press.open({ id: 'R1' }, context),
      () => press.compare({ a: 'R1', b: 'R2' }, context),
      () => press.markSourceRead({ reportId: 'R1', sourceKey: 'k', read: true }, context),
      () =>
        press.generate(
          contract.press.generate.input.parse({ subject: { name: 'Ann Lee' } }),
          context,
        ),
    ];
    for (const call of calls) {
      const error = await Promise.resolve()
        .then(call)
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'unavailable' });
      expect((error as Error).message).toMatch(/local store, which could not be opened/);
    }
    const customer = await createCustomersHandlers(workspaces).get({ externalId: 'C1' }, context);
    expect(customer).toMatchObject({ identity: { name: 'Ann Lee' }, pressReportCount: 0 });
    const hits = await createSearchHandlers(workspaces).query({ text: 'Ann' }, context);
    expect(hits.map((hit) => hit.kind)).toEqual(['customer']);
  });
});

describe('the press bridge while the service cannot be reached', () => {
  const unreachable = (operation: 'press.instantReport' | 'press.reportBody') =>
    new ServiceError({
      operation,
      kind: 'network',
      detail: 'ECONNREFUSED',
      retryable: true,
      outcomeUnknown: false,
    });
  /** The press handlers behind the bridge's one door, which says the service's failures plainly. */
  const setUp = (failure: Error) => {
    const press = {
      generate: () => Promise.reject(failure),
      open: () => Promise.reject(failure),
    } as unknown as PressService;
    const space = { press } as unknown as Workspace;
    const workspaces = { require: () => Promise.resolve(space) } as unknown as WorkspaceManager;
    const others = Object.fromEntries(
      Object.entries(contract).map(([domain, methods]) => [
        domain,
        Object.fromEntries(Object.keys(methods).map((name) => [name, () => null])),
      ]),
    );
    return createDispatcher({
      handlers: { ...others, press: createPressHandlers(workspaces) } as unknown as Handlers,
      secrets: () => [],
      logger: silentLogger,
    });
  };

  it('says generating and opening need the service, in words the screen can act on', async () => {
    const generating = await setUp(unreachable('press.instantReport'))(
      'press.generate',
      { subject: { name: 'Ann Lee' } },
      context,
    );
    expect(generating).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    if (generating.ok) return;
    expect(generating.error.message).toMatch(/generate the press report.*connection/);

    const opening = await setUp(unreachable('press.reportBody'))(
      'press.open',
      { id: 'R1' },
      context,
    );
    expect(opening).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    if (opening.ok) return;
    expect(opening.error.message).toMatch(/read the press report.*connection/);
  });

  it('passes a refusal it already said plainly through unchanged', async () => {
    const refusal = new AppError('not_found', 'The service has no press report R1.');
    expect(await setUp(refusal)('press.open', { id: 'R1' }, context)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'The service has no press report R1.' },
    });
  });
});

describe('forcing a press report through the bridge', () => {
  const setUp = () => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare(
      "INSERT INTO customers (external_id, id, account_type, name, name_variations, review_groups, raw) VALUES ('C1', 'cus_1', 'P', 'Ann Lee', '[]', '[]', '{}'), ('C2', NULL, 'P', 'Bo Chen', '[]', '[]', '{}')",
    ).run();
    const items: OutboxItem[] = [];
    const space = {
      db,
      press: null,
      outbox: { list: () => items },
      replayer: {
        enqueue: (payload: OutboxPayload) => {
          const item: OutboxItem = {
            id: `item-${items.length + 1}`,
            seq: items.length + 1,
            payload,
            state: 'queued',
            attempts: 0,
            lastError: null,
            result: null,
            bodyStarted: false,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          };
          items.push(item);
          return item;
        },
      },
    } as unknown as Workspace;
    const workspaces = {
      require: () => Promise.resolve(space),
      replaySoon: () => undefined,
    } as unknown as WorkspaceManager;
    return { press: createPressHandlers(workspaces), items };
  };

  it("queues the customer's service id for forcegen, keeping the external id to name it by", async () => {
    const { press, items } = setUp();
    const view = await press.force({ customerExternalId: 'C1' }, context);
    expect(items.map((item) => item.payload)).toEqual([
      { kind: 'press.force', customerExternalId: 'C1', customerId: 'cus_1', label: 'Ann Lee' },
    ]);
    // Asked again while it waits (even failed): the same item answers.
    if (items[0]) items[0].state = 'failed';
    expect((await press.force({ customerExternalId: 'C1' }, context)).id).toBe(view.id);
    expect(items).toHaveLength(1);
  });

  it('refuses plainly a customer whose service id is not cached yet, queuing nothing', async () => {
    const { press, items } = setUp();
    for (const customerExternalId of ['C2', 'C3']) {
      const error = await Promise.resolve(press.force({ customerExternalId }, context)).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: 'not_found' });
      expect((error as Error).message).toMatch(/sync this customer first/i);
    }
    expect(items).toEqual([]);
  });
});
