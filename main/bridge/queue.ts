import { createHash } from 'node:crypto';
import { categoryChoices, type QueueWork } from '../../preload/contract';
import { cacheVersion } from '../cache/queue-memo';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';
import { reviewOf } from './review';
import { workbenchOf } from './workbench';

/** The investigator's work by how pressing it is: the work column sorts and labels by it. */
const RANKED: readonly QueueWork[] = ['noted', 'proposed', 'awaiting-review', 'stale'];

function alertIdsWith(space: Workspace, work: QueueWork): string[] {
  return work === 'awaiting-review'
    ? reviewOf(space).awaitingAlertIds()
    : workbenchOf(space).alertIdsWith(work);
}

type WorkRanks = { ranks: Map<string, number>; key: string };

/** The last ranks read per profile, with the states of its cache and local store they hold for. */
const lastRanks = new WeakMap<Workspace, { version: string; work: WorkRanks }>();

/**
 * Each alert with work on it, by its most pressing work's rank (1 for a note up), and a key that
 * changes when any does. None while the local store cannot be opened: the queue still reads.
 * Read again only when the cache or the local store changed (staleness is the cache's), so
 * scrolling the queue costs no read of the local store.
 */
function workRanks(space: Workspace): WorkRanks {
  const local = space.localStore.state === 'open' ? space.localStore.store.db : null;
  const version = `${cacheVersion(space.db)}|${local ? cacheVersion(local) : '-'}`;
  const last = lastRanks.get(space);
  if (last?.version === version) return last.work;
  const work = readWorkRanks(space);
  lastRanks.set(space, { version, work });
  return work;
}

function readWorkRanks(space: Workspace): WorkRanks {
  const ranks = new Map<string, number>();
  if (space.workbench)
    RANKED.forEach((work, index) => {
      for (const id of alertIdsWith(space, work)) ranks.set(id, index + 1);
    });
  const key = createHash('sha256')
    .update(JSON.stringify([...ranks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex');
  return { ranks, key };
}

export function createQueueHandlers(workspaces: WorkspaceManager): DomainHandlers<'queue'> {
  return {
    async window({ filter: { work: only, ...filter }, ...query }) {
      const space = await workspaces.require();
      // The investigator's work is in the local store: a work filter becomes the alerts it names.
      const alertIds = only === undefined ? undefined : alertIdsWith(space, only);
      const work = workRanks(space);
      const window = await space.reads.read('queueWindow', {
        ...query,
        filter: { ...filter, ...(alertIds && { alertIds }) },
        // The ranks cross to the read worker only when they order the queue.
        ...(query.sort.column === 'work' && { work }),
      });
      for (const row of window.rows) {
        const rank = work.ranks.get(row.id);
        row.work = rank === undefined ? null : (RANKED[rank - 1] ?? null);
      }
      return window;
    },
    facets: async () => {
      const facets = await (await workspaces.require()).reads.read('queueFacets', undefined);
      return { ...facets, categories: categoryChoices(facets.categories) };
    },
  };
}
