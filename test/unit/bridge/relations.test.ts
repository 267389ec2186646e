import { describe, expect, it } from 'vitest';
import { createRelationsHandlers } from '../../../main/bridge/relations';
import type { RelationsService } from '../../../main/customers/relations-service';
import { AppError } from '../../../main/lib/app-error';
import type { Workspace } from '../../../main/workspace/workspace';
import type { WorkspaceManager } from '../../../main/workspace/workspace-manager';
import { contract, type RelationTypeLabel, type SaveReport } from '../../../preload/contract';

const context = { transport: 'electron' } as const;
const relation = {
  relation_external_id: 'R1',
  parent_customer_external_id: 'P',
  child_customer_external_id: 'K',
};

function setUp(relations: Partial<RelationsService> | null) {
  const space = {
    folder: '/profiles/p1',
    relations,
    localStoreNotice: 'The local store could not be opened.',
  } as unknown as Workspace;
  const kicked: Workspace[] = [];
  const workspaces = {
    require: () => Promise.resolve(space),
    replaySoon: (which: Workspace) => kicked.push(which),
  } as unknown as WorkspaceManager;
  const labels: Array<{ folder: string; types: readonly RelationTypeLabel[] }> = [];
  const handlers = createRelationsHandlers({
    workspaces,
    settings: {
      relationTypes: (folder) => Promise.resolve([{ value: 1, label: folder }]),
      setRelationTypes: (folder, types) => {
        labels.push({ folder, types });
        return Promise.resolve([...types]);
      },
    },
  });
  return { handlers, kicked, labels };
}

const answer = (outcome: SaveReport['outcome']): SaveReport => ({
  outcome,
  status: null,
  lines: [],
  failed: false,
  riskScanForced: false,
});

describe('the relations bridge', () => {
  it('refuses what needs the local store with a clear message while it cannot be opened', async () => {
    const { handlers } = setUp(null);
    const calls: Array<() => unknown> = [
      () => handlers.list({ externalId: 'P' }, context),
      () => handlers.graph({ externalId: 'P', depth: 2, limit: 150 }, context),
      () => handlers.save({ relation, verifyOnly: false }, context),
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
      expect((error as Error).message).toMatch(/could not be opened/);
    }
    // The labels are the profile's settings, not the local store's.
    expect(await handlers.types(undefined, context)).toEqual([{ value: 1, label: '/profiles/p1' }]);
  });

  it('sends the outbox on its way when a save was queued, and not when it was answered', async () => {
    let outcome: SaveReport['outcome'] = 'queued';
    const { handlers, kicked } = setUp({
      save: () => Promise.resolve(answer(outcome)),
    });
    await handlers.save({ relation, verifyOnly: false }, context);
    expect(kicked).toHaveLength(1);
    outcome = 'saved';
    await handlers.save({ relation, verifyOnly: false }, context);
    expect(kicked).toHaveLength(1);
  });

  it('keeps the labels in the open profile’s folder', async () => {
    const { handlers, labels } = setUp({});
    const input = contract.relations.setTypes.input.parse({
      types: [{ value: 4, label: 'Owner' }],
    });
    await handlers.setTypes(input, context);
    expect(labels).toEqual([{ folder: '/profiles/p1', types: [{ value: 4, label: 'Owner' }] }]);
  });

  it('bounds the graph a window may ask for', () => {
    const graph = contract.relations.graph.input;
    expect(graph.parse({ externalId: 'P' })).toEqual({ externalId: 'P', depth: 2, limit: 150 });
    expect(graph.safeParse({ externalId: 'P', depth: 9 }).success).toBe(false);
    expect(graph.safeParse({ externalId: 'P', limit: 100_000 }).success).toBe(false);
  });
});
