import { z } from 'zod';
import { method } from './define';
import { Id } from './common';
import type { AlertRevisionView, FieldChange } from './alerts';

// The investigator's own work on a case: notes on an alert, a customer, a thread or a document,
// and proposed decisions on an alert. The interface has no call to change an alert's state, so
// all of it is kept in CaseDesk (the profile's local store), never on the service, and every
// step is an entry of the profile's journal (journal.ts).

export const NOTE_TARGET_KINDS = ['alert', 'customer', 'thread', 'document'] as const;
export const NoteTargetKind = z.enum(NOTE_TARGET_KINDS);
export type NoteTargetKind = z.infer<typeof NoteTargetKind>;

/** What a note is about: one record of the cache. */
export const NoteTarget = z.object({ kind: NoteTargetKind, id: Id }).strict();
export type NoteTarget = z.infer<typeof NoteTarget>;

/** A note's text: plain text, shown as text; `alert:ID`-style words link to other records. */
export const NoteText = z
  .string()
  .max(20_000, 'A note holds at most 20,000 characters; split it into two notes.');

/** Records a note or a proposal may point at. */
export const LINK_KINDS = [
  'alert',
  'customer',
  'thread',
  'message',
  'document',
  'press',
  'kyt',
] as const;
export const LinkKind = z.enum(LINK_KINDS);
export type LinkKind = z.infer<typeof LinkKind>;

/** A reference to another record, as it is written in a note (`customer:C-1`). */
export const RecordLink = z.object({ kind: LinkKind, id: Id }).strict();
export type RecordLink = z.infer<typeof RecordLink>;

export interface NoteView {
  id: string;
  target: NoteTarget;
  text: string;
  /** The links found in the text, once each, in the order they appear. */
  links: RecordLink[];
  /** The text cut into plain pieces and links (noteSegments), for the screens to show. */
  segments: NoteSegment[];
  author: string;
  createdAt: string;
  updatedAt: string;
  /** How many times it was edited (each edit is a journal entry; earlier texts stay there). */
  edits: number;
}

/** Notes read at a time when the page does not say (a customer may carry ten thousand). */
export const NOTE_PAGE = 50;

/**
 * A page of one record's notes, newest first: the newest `limit`, or with `before` (a note's id,
 * the last one shown) the `limit` written before it. A note keeps its place when it is edited.
 */
export const NotePageInput = z
  .object({
    target: NoteTarget,
    before: Id.optional(),
    limit: z.number().int().min(1).max(500).default(NOTE_PAGE),
  })
  .strict();
export type NotePageInput = z.input<typeof NotePageInput>;

export interface NotePage {
  /** Newest first, each at its latest text. */
  notes: NoteView[];
  /** Every note on the record, whatever the page. */
  total: number;
  /** Older notes follow this page: ask again with `before` the last one's id. */
  more: boolean;
}

/** What was typed and not saved yet, kept as it is typed so a crash loses nothing. */
export interface DraftView {
  key: string;
  text: string;
  savedAt: string;
}

/** A draft's key: a new note on a target (`new:alert:ID`) or an edit of a note (`edit:NOTE`). */
export const DraftKey = z
  .string()
  .min(1)
  .max(300)
  .regex(/^(new:(alert|customer|thread|document):.+|edit:.+|proposal:.+)$/, 'Not a draft key.');

/**
 * The alert states a decision may propose (spec: States and transitions); 1 (Unknown) is the
 * service's own and is never proposed.
 */
export const PROPOSABLE_STATES = [2, 3, 4, 5, 6, 7] as const;
export const ProposedState = z.union(PROPOSABLE_STATES.map((state) => z.literal(state)));
export type ProposedState = z.infer<typeof ProposedState>;

export const EVIDENCE_KINDS = ['document', 'message', 'press', 'kyt', 'alert'] as const;
export const EvidenceKind = z.enum(EVIDENCE_KINDS);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

export const EvidenceLink = z
  .object({
    kind: EvidenceKind,
    id: Id,
    /** What the investigator saw it as (a file name, a subject): kept for the record. */
    label: z.string().max(300).default(''),
  })
  .strict();
export type EvidenceLink = z.infer<typeof EvidenceLink>;

/** What a proposal was made on: the alert's last revision as the cache held it then. */
export type ProposalPin = Omit<AlertRevisionView, 'changes'>;

export type ProposalStatus = 'open' | 'withdrawn' | 'superseded';

export interface ProposalView {
  id: string;
  alertId: string;
  customerExternalId: string;
  state: ProposedState;
  reason: string;
  evidence: EvidenceLink[];
  pinned: ProposalPin;
  author: string;
  createdAt: string;
  status: ProposalStatus;
  /** Why it was withdrawn, when it was. */
  withdrawal: string | null;
  /**
   * The alert moved on since the proposal was made (a newer revision, another customer revision
   * or profile date, or back to New): what changed, pinned value before the cache's now. Null
   * while it still describes what is cached, or when the alert is no longer cached.
   */
  stale: { changes: FieldChange[] } | null;
}

/** Where the investigator's work on one alert stands, for the queue and the dashboard. */
export interface WorkbenchCounts {
  alertsWithNotes: number;
  proposed: number;
  stale: number;
  notes: number;
}

/** What a case file is of: one alert (with its customer), or a customer and all their alerts. */
export const CaseFileSubject = z.union([
  z.object({ alertId: Id }).strict(),
  z.object({ customerExternalId: Id }).strict(),
]);
export type CaseFileSubject = z.infer<typeof CaseFileSubject>;

/** A case file written into a new folder of the investigator's download folder. */
export interface CaseFileExportView {
  /** The folder made for it inside the download folder, by name (the window learns no path). */
  folderName: string;
  /** The files in it, by name: the bundle (.zip), then the dossier (.pdf) when it was printed. */
  files: string[];
  pdf: boolean;
  /** Why there is no PDF, in words; null when there is one. */
  pdfProblem: string | null;
  /** SHA-256 of the bundle: the same record gives the same bundle, byte for byte. */
  bundleSha256: string;
  manifestSha256: string;
  /** The journal entry recording the export; null when it could not be recorded. */
  journalSeq: number | null;
}

export const workbenchMethods = {
  /** A page of one record's notes, newest first, and how many there are in all. */
  notes: method<NotePage>()(NotePageInput),
  addNote: method<NoteView>()(z.object({ target: NoteTarget, text: NoteText }).strict()),
  /** Replaces a note's text; the earlier text stays in the journal. */
  editNote: method<NoteView>()(z.object({ id: Id, text: NoteText }).strict()),
  draft: method<DraftView | null>()(z.object({ key: DraftKey }).strict()),
  saveDraft: method<DraftView>()(z.object({ key: DraftKey, text: NoteText }).strict()),
  discardDraft: method<void>()(z.object({ key: DraftKey }).strict()),
  /** An alert's proposals, newest first: at most one is open. */
  proposals: method<ProposalView[]>()(z.object({ alertId: Id }).strict()),
  /** Proposes a decision on the alert as cached now; an open one before it is superseded. */
  propose: method<ProposalView>()(
    z
      .object({
        alertId: Id,
        state: ProposedState,
        reason: z
          .string()
          .trim()
          .min(1, 'Say why: a proposal needs a reason.')
          .max(10_000, 'A reason holds at most 10,000 characters.'),
        evidence: z.array(EvidenceLink).max(200).default([]),
      })
      .strict(),
  ),
  withdraw: method<ProposalView>()(
    z
      .object({
        id: Id,
        reason: z.string().trim().min(1, 'Say why it is withdrawn.').max(2_000),
      })
      .strict(),
  ),
  counts: method<WorkbenchCounts>()(z.undefined()),
  /** Who the journal names as the author of notes and proposals. */
  analyst: method<{ name: string }>()(z.undefined()),
  setAnalyst: method<{ name: string }>()(
    z.object({ name: z.string().trim().min(1, 'Give a name.').max(120) }).strict(),
  ),
  /**
   * Exports the case file of an alert or a customer from the offline cache and the local store:
   * a PDF dossier and a machine-readable bundle, recorded in the journal.
   */
  exportCaseFile: method<CaseFileExportView>()(CaseFileSubject),
};

/** A piece of a note's text: plain text, or a link to another record as it was written. */
export type NoteSegment = { text: string; link: RecordLink | null };

// `customer:C-1`, `alert:42`: a kind, a colon, an id running to the next space. Punctuation that
// ends a sentence is not part of the id (`alert:...` is no link), nor are invisible controls (a
// direction mark typed after an id in right-to-left text, a zero-width space pasted with it): no
// id holds one. Matched from a word's start only (`xalert:1` is text).
const ID_END = `\\s<>()\\[\\]{}"'\\p{Cc}\\p{Cf}`;
const LINK = new RegExp(
  `(?<![\\p{L}\\p{N}_])(${LINK_KINDS.join('|')}):([^${ID_END}]*?[^${ID_END}.,;:!?])(?=[.,;:!?]*(?:[${ID_END}]|$))`,
  'gu',
);

/** A note's text cut into plain pieces and links, in order; joined again they give the text. */
export function noteSegments(text: string): NoteSegment[] {
  const segments: NoteSegment[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const id = match[2]!;
    if (id.length > 256) continue;
    if (match.index > at) segments.push({ text: text.slice(at, match.index), link: null });
    segments.push({ text: match[0], link: { kind: match[1] as LinkKind, id } });
    at = match.index + match[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), link: null });
  return segments;
}

/** The links of a note's text, once each, in the order they first appear. */
export function noteLinks(text: string): RecordLink[] {
  const seen = new Set<string>();
  const links: RecordLink[] = [];
  for (const { link } of noteSegments(text)) {
    if (!link) continue;
    const key = `${link.kind}:${link.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(link);
  }
  return links;
}
