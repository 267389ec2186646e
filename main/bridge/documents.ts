import type { z } from 'zod';
import type { DocumentFilter as DocumentFilterInput } from '../../preload/contract';
import {
  cachedDocument,
  documentFacets,
  documentPage,
  type DocumentFilter,
} from '../cache/document-queries';
import { readSnapshot } from '../cache/read-snapshot';
import {
  pendingDocumentChanges,
  pendingUploads,
  withPendingChange,
} from '../outbox/pending-documents';
import { outboxItemView } from '../outbox/outbox-view';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import { AppError } from '../lib/app-error';
import type { DomainHandlers } from './handlers';

const DAY_SECONDS = 24 * 60 * 60;

/** A calendar day's first second, read as a UTC day (the contract's Day). */
function dayStart(day: string, field: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms))
    throw new AppError('invalid_input', `${day} is not a calendar day.`, {
      [field]: 'Give a day as YYYY-MM-DD.',
    });
  return ms / 1000;
}

/** The contract's filter as the cache reads it: days as Unix seconds, both ends inclusive. */
export function cacheFilter(filter: z.output<typeof DocumentFilterInput>): DocumentFilter {
  return {
    ...(filter.customerExternalId === undefined
      ? {}
      : { customerExternalId: filter.customerExternalId }),
    ...(filter.displayName === undefined ? {} : { displayName: filter.displayName }),
    ...(filter.fileName === undefined ? {} : { fileName: filter.fileName }),
    ...(filter.fileTypes === undefined ? {} : { fileTypes: filter.fileTypes }),
    ...(filter.tags === undefined ? {} : { tags: filter.tags }),
    ...(filter.createdFrom === undefined
      ? {}
      : { createdFrom: dayStart(filter.createdFrom, 'createdFrom') }),
    ...(filter.createdTo === undefined
      ? {}
      : { createdTo: dayStart(filter.createdTo, 'createdTo') + DAY_SECONDS - 1 }),
  };
}

const waiting = (space: Workspace) => space.outbox.list(['queued', 'sending', 'failed']);

/** A cached document, with the outbox's pending change of it; not_found when the cache lacks it. */
function documentToChange(space: Workspace, id: string) {
  const document = cachedDocument(space.db, id);
  if (!document)
    throw new AppError(
      'not_found',
      `Document ${id} is not in the offline cache (it may have been deleted): sync, then try again.`,
    );
  const change = pendingDocumentChanges(waiting(space)).get(id);
  return { document, change, label: change?.displayName ?? document.displayName };
}

export function createDocumentsHandlers(workspaces: WorkspaceManager): DomainHandlers<'documents'> {
  return {
    async search({ filter, offset, limit }) {
      const space = await workspaces.require();
      const byCache = cacheFilter(filter);
      const page = readSnapshot(space.db, (db) =>
        documentPage(db, { filter: byCache, offset, limit }),
      );
      const items = waiting(space);
      const changes = pendingDocumentChanges(items);
      return {
        total: page.total,
        offset: page.offset,
        rows: page.rows.map((row) => withPendingChange(row, changes)),
        pendingUploads: pendingUploads(items, filter.customerExternalId),
      };
    },

    facets: async () => readSnapshot((await workspaces.require()).db, documentFacets),

    async update({ id, displayName, tagCodes }) {
      const space = await workspaces.require();
      const { change, label } = documentToChange(space, id);
      if (change?.pending.kind === 'delete')
        throw new AppError(
          'conflict',
          `“${label}” is waiting to be deleted: discard the deletion in the Outbox before editing it.`,
        );
      const item = space.replayer.enqueue({
        kind: 'document.update',
        id,
        label,
        ...(displayName === undefined ? {} : { display_name: displayName }),
        ...(tagCodes === undefined ? {} : { tag_codes: tagCodes }),
      });
      workspaces.replaySoon(space);
      return outboxItemView(item);
    },

    async remove({ id }) {
      const space = await workspaces.require();
      const { change, label } = documentToChange(space, id);
      // Deleting twice is one deletion.
      const queued =
        change?.pending.kind === 'delete' ? space.outbox.get(change.pending.outboxId) : null;
      if (queued) return outboxItemView(queued);
      const item = space.replayer.enqueue({ kind: 'document.delete', id, label });
      workspaces.replaySoon(space);
      return outboxItemView(item);
    },
  };
}
