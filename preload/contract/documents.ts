import { z } from 'zod';
import { method } from './define';
import { Day, Id, TagCode } from './common';
import type { OutboxItemState, OutboxItemView } from './outbox';

// Documents: the cached document search and its changes (edits and deletes go through the
// outbox, so they work offline).

export interface DocumentView {
  id: string;
  customerExternalId: string;
  displayName: string;
  fileName: string;
  fileType: string;
  fileMime: string;
  fileSize: number;
  /** internal, external, or what the service said. */
  source: string;
  fileUrl: string;
  createdAt: string | null;
  tags: string[];
}

/** Every filter of the service's document search, answered from the cache. */
export const DocumentFilter = z
  .object({
    customerExternalId: Id.optional(),
    /** Part of the display name, any case. */
    displayName: z.string().min(1).max(512).optional(),
    /** Part of the file name, any case. */
    fileName: z.string().min(1).max(255).optional(),
    /** Any of these file types (extensions), any case. */
    fileTypes: z.array(z.string().min(1).max(32)).max(32).optional(),
    createdFrom: Day.optional(),
    createdTo: Day.optional(),
    /** Any of these tags. */
    tags: z.array(TagCode).max(32).optional(),
  })
  .strict();
export type DocumentFilterInput = z.input<typeof DocumentFilter>;

export const DocumentSearchInput = z
  .object({
    filter: DocumentFilter.default({}),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();

/** A change to this document waiting in the outbox. */
export interface PendingChange {
  outboxId: string;
  kind: 'update' | 'delete';
  state: OutboxItemState;
  lastError: string | null;
}

/** A cached document as the list shows it: with a pending edit's new values, marked pending. */
export interface DocumentRowView extends DocumentView {
  pending: PendingChange | null;
}

/** A document filed from this computer that the service has not confirmed yet. */
export interface PendingUploadView {
  outboxId: string;
  customerExternalId: string;
  displayName: string;
  fileName: string;
  /** Bytes of the file, or the external reference's stated size. */
  fileSize: number;
  tags: string[];
  external: boolean;
  state: OutboxItemState;
  lastError: string | null;
  createdAt: string;
}

export interface DocumentSearchPage {
  total: number;
  offset: number;
  rows: DocumentRowView[];
  /** Pending uploads matching the filter's customer (all of them without one), newest first. */
  pendingUploads: PendingUploadView[];
}

export interface DocumentFacets {
  /** Tags already seen on cached documents, most used first: the interface has no list of tags. */
  tags: Array<{ value: string; count: number }>;
  fileTypes: Array<{ value: string; count: number }>;
}

export const DocumentUpdateInput = z
  .object({
    id: Id,
    displayName: z.string().trim().min(1).max(512).optional(),
    tagCodes: z.array(TagCode).max(50).optional(),
  })
  .strict()
  .refine((input) => input.displayName !== undefined || input.tagCodes !== undefined, {
    message: 'Change the display name, the tags, or both.',
  });

export const documentsMethods = {
  search: method<DocumentSearchPage>()(DocumentSearchInput),
  facets: method<DocumentFacets>()(z.undefined()),
  /** Queued in the outbox and sent at once when the service can be reached. */
  update: method<OutboxItemView>()(DocumentUpdateInput),
  remove: method<OutboxItemView>()(z.object({ id: Id }).strict()),
};
