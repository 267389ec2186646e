import { createUnreadableRecords, exportUnreadable } from '../cache/unreadable-records';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// The records the sync set aside, read from the open profile's cache: the list answers offline.

const SHOWN = 2_000;

export function createUnreadableHandlers(
  workspaces: WorkspaceManager,
): DomainHandlers<'unreadable'> {
  return {
    list: async () => {
      const records = createUnreadableRecords((await workspaces.require()).db);
      return { records: records.list(SHOWN), total: records.count() };
    },
    export: async (input) => {
      const format = input?.format ?? 'json';
      const records = createUnreadableRecords((await workspaces.require()).db).list();
      return {
        fileName: `unreadable-records.${format}`,
        mime: format === 'json' ? 'application/json' : 'application/x-ndjson',
        text: exportUnreadable(records, format),
      };
    },
  };
}
