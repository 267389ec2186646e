import { z } from 'zod';
import { method } from './define';
import { Day, Id } from './common';

// The alert queue: a window of the filtered, sorted cached alerts at any offset.
// Answered from the offline cache, never from the service, so the screen behaves the same with
// the network unplugged.

export const AlertState = z.number().int().min(1).max(7);

/** The queue's filters on the investigator's own work (see QueueFilter.work). */
export const QUEUE_WORK = ['noted', 'proposed', 'stale', 'awaiting-review'] as const;
export type QueueWork = (typeof QUEUE_WORK)[number];

/** Every filter of the service's alert search that the cache can answer. */
export const QueueFilter = z
  .object({
    states: z.array(AlertState).max(7).optional(),
    categories: z.array(z.string().min(1).max(32)).max(16).optional(),
    scoreFrom: z.number().int().min(0).max(100).optional(),
    scoreTo: z.number().int().min(0).max(100).optional(),
    createdFrom: Day.optional(),
    createdTo: Day.optional(),
    updatedFrom: Day.optional(),
    updatedTo: Day.optional(),
    /** Alerts whose customer is in any of these review groups. */
    reviewGroups: z.array(z.string().min(1).max(128)).max(32).optional(),
    onlyWithoutReviewGroups: z.boolean().optional(),
    /** The agent of the last revision. */
    assignedTo: z.string().min(1).max(64).optional(),
    onlyWithoutAssignment: z.boolean().optional(),
    customerExternalId: Id.optional(),
    /**
     * The alert search's `name`: words the customer's name (or a variation of it) holds, each
     * matched as the start of a word, as global search matches them.
     */
    name: z.string().trim().min(1).max(200).optional(),
    /**
     * The investigator's own work, kept in CaseDesk (not a filter of the service's search):
     * alerts with a note, with an open proposed decision, with one gone stale, or awaiting a
     * second review (sent and not answered yet, or received here and not answered yet).
     */
    work: z.enum(QUEUE_WORK).optional(),
  })
  .strict();
export type QueueFilterInput = z.input<typeof QueueFilter>;

/** The queue's columns, in the order the table shows them: the one list main and the screen use. */
export const QUEUE_COLUMNS = [
  'id',
  'customerName',
  'customerExternalId',
  'category',
  'score',
  'state',
  'work',
  'createdAt',
  'updatedAt',
  'agentId',
  'reviewGroups',
] as const;
export const QueueColumn = z.enum(QUEUE_COLUMNS);
/** The list's type: the renderer, which imports only types, holds a copy the compiler keeps equal. */
export type QueueColumnList = typeof QUEUE_COLUMNS;
export type QueueColumnName = z.infer<typeof QueueColumn>;

export const QueueSort = z
  .object({ column: QueueColumn, direction: z.enum(['asc', 'desc']) })
  .strict();
export type QueueSortInput = z.infer<typeof QueueSort>;

/**
 * A window of the filtered, sorted queue at any offset (a virtualized table asks for the rows it
 * shows). With `focusId`, the reply says where that alert now sits, so a selection survives a
 * sync that reordered the queue.
 */
export const QueueWindowInput = z
  .object({
    filter: QueueFilter.default({}),
    sort: QueueSort.default({ column: 'updatedAt', direction: 'desc' }),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
    focusId: Id.optional(),
  })
  .strict();

export interface QueueRow {
  id: string;
  customerExternalId: string;
  /** Empty until the customer reaches the cache; its external id when every name it has is empty. */
  customerName: string;
  /** Lower case, as the alert search filter takes it (pep, sip, rca_sip…). */
  category: string;
  score: number;
  state: number;
  createdAt: string;
  updatedAt: string;
  reviewGroups: string[];
  /** Agent of the last revision; empty when unassigned. */
  agentId: string;
  revisionNumber: number;
  /**
   * The investigator's own work on the alert, kept in CaseDesk: the most pressing of a proposal
   * gone stale, one awaiting a second review, one proposed, a note; null when none.
   */
  work: QueueWork | null;
}

export interface QueueWindow {
  total: number;
  offset: number;
  rows: QueueRow[];
  /** Matches per state under every filter but the state one (the state chips' counts). */
  stateCounts: Record<string, number>;
  /** Index of `focusId` in the whole filtered queue; null when it is not in it. */
  focusIndex: number | null;
}

export interface QueueFacets {
  /** The service's categories (ALERT_CATEGORIES), then those seen in the cache beyond them. */
  categories: string[];
  reviewGroups: string[];
  agents: string[];
}

export const queueMethods = {
  window: method<QueueWindow>()(QueueWindowInput),
  facets: method<QueueFacets>()(z.undefined()),
};
