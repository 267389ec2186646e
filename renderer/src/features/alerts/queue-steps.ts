import { api, unwrap } from '../../lib/api';
import { routeQuery, useQueueMemory } from '../queue';

export type StepOutcome =
  | { kind: 'moved'; id: string }
  | { kind: 'edge'; message: string }
  | { kind: 'outside'; message: string };

/**
 * The alert before or after `id` in the queue the investigator came from (its filter and order),
 * read from the cache as it is now.
 */
export async function stepThroughQueue(id: string, delta: 1 | -1): Promise<StepOutcome> {
  const route = useQueueMemory.getState().route;
  const { filter, sort } = routeQuery(route);
  const here = await unwrap(api.queue.window({ filter, sort, offset: 0, limit: 1, focusId: id }));
  if (here.focusIndex === null)
    return { kind: 'outside', message: 'This alert is not in the current queue.' };
  const target = here.focusIndex + delta;
  if (target < 0) return { kind: 'edge', message: 'This is the first alert of the queue.' };
  if (target >= here.total)
    return { kind: 'edge', message: 'This is the last alert of the queue.' };
  const next = await unwrap(api.queue.window({ filter, sort, offset: target, limit: 1 }));
  const row = next.rows[0];
  if (!row) return { kind: 'edge', message: 'This is the last alert of the queue.' };
  useQueueMemory.getState().select(row.id, route);
  return { kind: 'moved', id: row.id };
}
