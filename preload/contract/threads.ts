import { z } from 'zod';
import { method } from './define';
import { Day, Id } from './common';

// Message threads and their messages.
// Answered from the offline cache, never from the service, so the screen behaves the same with
// the network unplugged.

/** Every filter of the service's thread search that the cache can answer. */
export const ThreadFilter = z
  .object({
    status: z.number().int().optional(),
    tags: z.array(z.string().min(1).max(128)).max(32).optional(),
    reviewGroups: z.array(z.string().min(1).max(128)).max(32).optional(),
    /** A customer's external id or part of its name. */
    customer: z.string().min(1).max(256).optional(),
    contact: z.string().min(1).max(256).optional(),
    /** Words in a cached message's subject or body. */
    content: z.string().min(1).max(200).optional(),
    createdFrom: Day.optional(),
    createdTo: Day.optional(),
    updatedFrom: Day.optional(),
    updatedTo: Day.optional(),
  })
  .strict();
export type ThreadFilterInput = z.input<typeof ThreadFilter>;

export const ThreadListInput = z
  .object({
    filter: ThreadFilter.default({}),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();

export interface ThreadRow {
  id: string;
  subject: string;
  status: number | null;
  /** The status object's label where the service gives one; empty otherwise. */
  statusLabel: string;
  contacts: string[];
  tags: string[];
  reviewGroups: string[];
  customers: Array<{ externalId: string; name: string }>;
  messageCount: number;
  lastFrom: string;
  attachmentCount: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface ThreadPage {
  total: number;
  offset: number;
  rows: ThreadRow[];
}

export type AttachmentSafety = 'safe' | 'dangerous' | 'unverified';

export interface AttachmentView {
  id: string;
  fileName: string;
  fileMime: string;
  fileType: string;
  fileSize: number;
  /** From file_not_dangerous: true safe, false dangerous, null or absent not verified. */
  safety: AttachmentSafety;
}

export interface MessageView {
  id: string;
  from: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  createdAt: string | null;
  priority: number | null;
  /** The body exactly as received: untrusted HTML, sanitized by the screen before display. */
  html: string;
  attachments: AttachmentView[];
}

export interface ThreadView {
  thread: ThreadRow;
  /** Every message of the thread the cache has seen, oldest first. */
  messages: MessageView[];
  /** Attachments of the thread not tied to a cached message. */
  attachments: AttachmentView[];
  reminder: { delay: number | null; nextDate: string | null; numberLeft: number | null } | null;
}

export interface ThreadFacets {
  statuses: Array<{ code: number; label: string }>;
  tags: string[];
  reviewGroups: string[];
}

export const threadsMethods = {
  list: method<ThreadPage>()(ThreadListInput),
  get: method<ThreadView | null>()(z.object({ id: Id }).strict()),
  facets: method<ThreadFacets>()(z.undefined()),
};
