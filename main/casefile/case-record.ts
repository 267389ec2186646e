import type {
  AlertView,
  CustomerIdentity,
  CustomerRisk,
  KeptRelation,
  KytSubmissionDetail,
  NoteView,
  PressDiff,
  PressReportDetail,
  ProposalView,
  QueueRow,
  RelationView,
  ThreadRow,
  TimelineEventView,
} from '../../preload/contract';

// Everything a case file says, gathered once (gather-record.ts) and then written twice: as the
// bundle's JSON files (bundle-files.ts) and as the dossier's sections (dossier-html.ts). Nothing
// in it depends on when or by whom it is exported: the same cache and local store give the same
// record, so the same bundle, byte for byte.

export type CaseSubject = { kind: 'alert'; id: string } | { kind: 'customer'; id: string };

/** `alert:42`, `customer:C-1`: as the journal names it. */
export const subjectName = (subject: CaseSubject): string => `${subject.kind}:${subject.id}`;

/** An alert as the case file keeps it: the alert screen's view less what is listed elsewhere. */
export type CaseAlert = Omit<AlertView, 'customer' | 'otherAlerts'>;

export interface CaseCustomer {
  identity: CustomerIdentity;
  /** Indicators and EDD; null until a sync fetched the customer's detail. */
  risk: CustomerRisk | null;
  stats: { alerts: number | null; lastScanDate: string | null } | null;
}

/**
 * Where a document's bytes are: `included` in the bundle (the download's saved file, unchanged),
 * `missing` (downloaded, no longer where it was saved), `changed` (the saved file's bytes are not
 * what was downloaded), `not-downloaded` (never on this computer: no hash is known).
 */
export type CopyState = 'included' | 'missing' | 'changed' | 'not-downloaded';

export interface CaseDocument {
  id: string;
  /** `cached`: listed by the service at the last sync; `deleted`: no longer (kept as last known). */
  status: 'cached' | 'deleted';
  customerExternalId: string;
  displayName: string;
  fileName: string;
  fileType: string;
  fileMime: string;
  fileSize: number | null;
  source: string;
  createdAt: string | null;
  tags: string[];
  /** SHA-256 of the bytes downloaded (hex); null when they never were on this computer. */
  sha256: string | null;
  bytes: number | null;
  downloadedAt: string | null;
  copy: CopyState;
  /** The bundle's entry holding the bytes, when they are included. */
  entry: string | null;
  /** Where the case file knows a deleted document from (a download, a proposal's evidence). */
  knownFrom: string[];
}

export interface CaseMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  createdAt: string | null;
  /** The message's text (its HTML read as text), cut to an excerpt. */
  excerpt: string;
  truncated: boolean;
  attachments: Array<{ id: string; fileName: string; fileSize: number; sha256: string | null }>;
}

export interface CaseThread {
  thread: ThreadRow;
  messages: CaseMessage[];
}

/** A journal entry as the bundle carries it: enough to check it against `journal verify`. */
export interface CaseJournalEntry {
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string;
  body: unknown;
  prevHash: string;
  hash: string;
}

export interface CaseNarrative {
  who: string[];
  what: string[];
  when: string[];
  where: string[];
  why: string[];
  how: string[];
}

export interface CaseRecord {
  subject: CaseSubject;
  /** The service the profile reads (its base URL). */
  service: string;
  customerExternalId: string;
  customer: CaseCustomer | null;
  /** The alert exported, or every cached alert of the customer, with their revisions. */
  alerts: CaseAlert[];
  /** For an alert's case file: the customer's other alerts, as the queue lists them. */
  otherAlerts: QueueRow[];
  timeline: TimelineEventView[];
  /** The service stopped the timeline at a round count: the list may be only its first part. */
  timelineMayBeCut: number | null;
  documents: CaseDocument[];
  threads: CaseThread[];
  press: { reports: PressReportDetail[]; comparisons: PressDiff[] };
  kyt: Array<Omit<KytSubmissionDetail, 'outboxItemId'>>;
  relations: {
    cached: { asParent: RelationView[]; asChild: RelationView[] };
    kept: KeptRelation[];
  };
  notes: Array<Omit<NoteView, 'segments'>>;
  proposals: ProposalView[];
  /** Second reviews of the proposals, as the journal recorded them (`review.*` entries). */
  reviews: CaseJournalEntry[];
  /** The journal's entries on the case's records, oldest first (earlier exports left out). */
  journal: CaseJournalEntry[];
  narrative: CaseNarrative;
  /** The latest time the record itself holds: what the case file describes "as of". */
  asOf: string | null;
  /** Parts that could not be read, in words (the local store unavailable, …). */
  gaps: string[];
}
