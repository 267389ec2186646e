import { z } from 'zod';
import { method } from './define';

// The review screens' reads. Every one is answered from the offline cache, never from the
// service, so the screens behave the same with the network unplugged.

/** Any JSON value, as the service sent it (kept for fields whose inner shape the spec leaves open). */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A calendar day, YYYY-MM-DD, read as a whole UTC day (from: its start; to: its end). */
const Day = z.iso.date();
const Id = z.string().min(1).max(256);

// ---------------------------------------------------------------------------------------------
// Alert queue

export const AlertState = z.number().int().min(1).max(7);

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
  })
  .strict();
export type QueueFilterInput = z.input<typeof QueueFilter>;

export const QueueColumn = z.enum([
  'customerName',
  'customerExternalId',
  'category',
  'score',
  'state',
  'createdAt',
  'updatedAt',
  'reviewGroups',
]);
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
  /** Empty until the customer reaches the cache. */
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
  categories: string[];
  reviewGroups: string[];
  agents: string[];
}

export const queueMethods = {
  window: method<QueueWindow>()(QueueWindowInput),
  facets: method<QueueFacets>()(z.undefined()),
};

// ---------------------------------------------------------------------------------------------
// Saved views of the queue, kept per profile by main.

export const SavedViewInput = z
  .object({
    id: z.string().uuid().optional(),
    name: z.string().trim().min(1, 'Give the view a name.').max(80),
    filter: QueueFilter,
    sort: QueueSort,
  })
  .strict();

export interface SavedView {
  id: string;
  name: string;
  filter: QueueFilterInput;
  sort: QueueSortInput;
  updatedAt: string;
}

export const viewsMethods = {
  list: method<SavedView[]>()(z.undefined()),
  save: method<SavedView>()(SavedViewInput),
  remove: method<SavedView[]>()(z.object({ id: z.string().uuid() }).strict()),
};

// ---------------------------------------------------------------------------------------------
// One alert

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface AlertRevisionView {
  id: string;
  revisionNumber: number;
  state: number;
  score: number;
  topCategory: string;
  comment: string;
  agentId: string;
  createdAt: string | null;
  customerRevisionId: string;
  profileDate: number | null;
  /** What differs from the revision before it; empty for the first one seen. */
  changes: FieldChange[];
}

export interface AlertView {
  id: string;
  createdAt: string | null;
  customerExternalId: string;
  profileNumber: string;
  last: AlertRevisionView;
  /** Every revision the cache has seen, oldest first; the last one is `last`. */
  revisions: AlertRevisionView[];
  /** The customer as cached; null until it reaches the cache. */
  customer: CustomerIdentity | null;
  /** The same customer's other alerts, most recently updated first. */
  otherAlerts: QueueRow[];
  /** The alert as the service sent it. */
  raw: JsonValue;
}

export const alertsMethods = {
  get: method<AlertView | null>()(z.object({ id: Id }).strict()),
};

// ---------------------------------------------------------------------------------------------
// Customer 360

export interface CustomerIdentity {
  externalId: string;
  id: string;
  name: string;
  accountType: string;
  /** The read shape, every field as the service sent it. */
  fields: Record<string, JsonValue>;
  nameVariations: string[];
  reviewGroups: string[];
}

export interface IndicatorView {
  key: string;
  id: number | null;
  name: string;
  value: JsonValue;
  fieldType: JsonValue;
}

export interface EddView {
  state: JsonValue;
  nextReviewDate: string | null;
  agentName: string;
  comment: string;
  createdAt: string | null;
  revisionNumber: number | null;
  disabled: boolean;
}

export interface CustomerRisk {
  overallRisk: JsonValue;
  /** pep, san(ctions), press risk and the may-be indicators, by the detail's field name. */
  screening: IndicatorView[];
  /** vid_success, vid_failed, vid_in_progress, vid_outdated. */
  identityVerification: IndicatorView[];
  /** Every other indicator of the detail (se, str, tm, chat categories). */
  other: IndicatorView[];
  customFields: IndicatorView[];
  edd: EddView | null;
}

export interface RelationView {
  relationExternalId: string;
  relationType: number | null;
  /** The customer at the other end. */
  otherExternalId: string;
  otherName: string;
}

export interface TimelineEventView {
  id: string;
  eventType: string;
  title: string;
  description: string;
  createdAt: string | null;
  url: string;
}

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

export interface PressReportView {
  id: string;
  createdAt: string;
  generalSummary: string;
  riskSummary: string;
  categories: Array<{
    category: string;
    severity: string;
    degreeOfCertainty: string;
    reason: string;
  }>;
}

export interface Customer360 {
  identity: CustomerIdentity;
  /** Null until the customer's detail has been fetched by a sync. */
  risk: CustomerRisk | null;
  stats: { alerts: number | null; lastScanDate: string | null } | null;
  detailSyncedAt: string | null;
  relations: { asParent: RelationView[]; asChild: RelationView[] };
  timeline: TimelineEventView[];
  documents: DocumentView[];
  threads: ThreadRow[];
  alerts: QueueRow[];
  pressReports: PressReportView[];
}

export const customersMethods = {
  get: method<Customer360 | null>()(z.object({ externalId: Id }).strict()),
};

// ---------------------------------------------------------------------------------------------
// Threads

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

// ---------------------------------------------------------------------------------------------
// Dashboard

export interface CountBucket {
  /** A state number, a category, or a day (YYYY-MM-DD) / week start, per chart. */
  key: string;
  count: number;
}

export interface RangeBucket {
  from: number;
  /** Exclusive; null for the open-ended last bucket. */
  to: number | null;
  count: number;
}

export interface DashboardSummary {
  total: number;
  byState: CountBucket[];
  byCategory: CountBucket[];
  /** Scores in tens: 0–9, 10–19 … 90–100. */
  scores: RangeBucket[];
  /** Per day, or per week (keyed by its Monday) when the cache spans more than 120 days. */
  granularity: 'day' | 'week';
  created: CountBucket[];
  updated: CountBucket[];
  /** Open alerts (states 1–4) by days since creation. */
  openAge: RangeBucket[];
}

export const dashboardMethods = {
  summary: method<DashboardSummary>()(z.undefined()),
};
