import { outboxItemView } from '../outbox/outbox-view';
import { AppError } from '../lib/app-error';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createOutboxHandlers(workspaces: WorkspaceManager): DomainHandlers<'outbox'> {
  const everything = async () =>
    (await workspaces.require()).outbox.list().map((item) => outboxItemView(item));
  return {
    list: everything,
    retry: async ({ id }) => {
      const space = await workspaces.require();
      if (!space.replayer.retry(id))
        throw new AppError('not_found', 'Only a failed change can be retried.');
      workspaces.replaySoon(space);
      return everything();
    },
    discard: async ({ id }) => {
      const space = await workspaces.require();
      if (!space.replayer.discard(id))
        throw new AppError(
          'not_found',
          'That change is being sent or is gone; it cannot be discarded now.',
        );
      return everything();
    },
  };
}
