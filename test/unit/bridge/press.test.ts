import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createCustomersHandlers } from '../../../main/bridge/customers';
import { createPressHandlers } from '../../../main/bridge/press';
import { createSearchHandlers } from '../../../main/bridge/search';
import { migrate } from '../../../main/cache/open-cache';
import { ServiceError } from '../../../main/api';
import { AppError } from '../../../main/lib/app-error';
import type { PressService } from '../../../main/press/press-service';
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
  const setUp = (failure: Error) => {
    const press = {
      generate: () => Promise.reject(failure),
      open: () => Promise.reject(failure),
    } as unknown as PressService;
    const space = { press } as unknown as Workspace;
    const workspaces = { require: () => Promise.resolve(space) } as unknown as WorkspaceManager;
    return createPressHandlers(workspaces);
  };
  const caught = (call: () => unknown) =>
    Promise.resolve()
      .then(call)
      .then(
        () => null,
        (error: unknown) => error,
      );

  it('says generating and opening need the service, in words the screen can act on', async () => {
    const generating = await caught(() =>
      setUp(unreachable('press.instantReport')).generate(
        contract.press.generate.input.parse({ subject: { name: 'Ann Lee' } }),
        context,
      ),
    );
    expect(generating).toBeInstanceOf(AppError);
    expect(generating).toMatchObject({ code: 'unavailable' });
    expect((generating as Error).message).toMatch(/generate the press report.*connection/);

    const opening = await caught(() =>
      setUp(unreachable('press.reportBody')).open({ id: 'R1' }, context),
    );
    expect(opening).toBeInstanceOf(AppError);
    expect(opening).toMatchObject({ code: 'unavailable' });
    expect((opening as Error).message).toMatch(/read the press report.*connection/);
  });

  it('passes a refusal it already said plainly through unchanged', async () => {
    const refusal = new AppError('not_found', 'The service has no press report R1.');
    expect(await caught(() => setUp(refusal).open({ id: 'R1' }, context))).toBe(refusal);
  });
});
