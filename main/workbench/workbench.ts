import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  EvidenceLink,
  noteLinks,
  noteSegments,
  NoteTarget,
  ProposedState,
  type DraftView,
  type QueueWork,
  type NotePage,
  type NoteView,
  type ProposalView,
  type WorkbenchCounts,
} from '../../preload/contract';
import { alertLastRevision } from '../cache/alert-view';
import type { CacheDb } from '../cache/open-cache';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import type { LocalStore } from '../local/local-store';
import { foldedWords } from '../press/subject-key';
import { pinOf, staleness } from './proposal-staleness';
import { readKept } from '../local/read-kept';

// Notes and proposed decisions, kept in the profile's local store (kinds `note`, `note.draft`,
// `proposal`), each change written together with its journal entry in one transaction: a note
// is never kept without the entry that records it, nor the entry without the note.

export const NOTE = 'note';
export const DRAFT = 'note.draft';
export const PROPOSAL = 'proposal';

/** A target or an alert as a journal and the local store name it: `alert:42`. */
export const subjectOf = (target: { kind: string; id: string }) => `${target.kind}:${target.id}`;

const Time = z.number().int().nonnegative();

const StoredNote = z.object({
  v: z.literal(1),
  id: z.string(),
  target: NoteTarget,
  text: z.string(),
  author: z.string(),
  createdMs: Time,
  updatedMs: Time,
  edits: z.number().int().nonnegative(),
});
type StoredNote = z.infer<typeof StoredNote>;

const StoredDraft = z.object({ text: z.string(), savedMs: Time });

const Pin = z.object({
  id: z.string(),
  revisionNumber: z.number(),
  state: z.number(),
  score: z.number(),
  topCategory: z.string(),
  comment: z.string(),
  agentId: z.string(),
  createdAt: z.string().nullable(),
  customerRevisionId: z.string(),
  profileDate: z.number().nullable(),
});

const StoredProposal = z.object({
  v: z.literal(1),
  id: z.string(),
  alertId: z.string(),
  customerExternalId: z.string(),
  state: ProposedState,
  reason: z.string(),
  evidence: z.array(EvidenceLink),
  pinned: Pin,
  author: z.string(),
  createdMs: Time,
  status: z.enum(['open', 'withdrawn', 'superseded']),
  withdrawal: z.string().nullable(),
});
type StoredProposal = z.infer<typeof StoredProposal>;

export interface ProposalInput {
  alertId: string;
  state: ProposedState;
  reason: string;
  evidence: EvidenceLink[];
}

export interface NoteHit {
  id: string;
  target: NoteTarget;
  excerpt: string;
}

export interface Workbench {
  /** Every note on a record, oldest first (a case file holds them all). */
  notes(target: NoteTarget): NoteView[];
  /**
   * A page of a record's notes, newest first, reading only that page: the newest `limit`, or the
   * `limit` written before the note `before`.
   */
  notePage(target: NoteTarget, page: { before?: string; limit: number }): NotePage;
  addNote(target: NoteTarget, text: string, author: string): NoteView;
  editNote(id: string, text: string, author: string): NoteView;
  draft(key: string): DraftView | null;
  saveDraft(key: string, text: string): DraftView;
  discardDraft(key: string): void;
  proposals(alertId: string): ProposalView[];
  propose(input: ProposalInput, author: string): ProposalView;
  withdraw(id: string, reason: string, author: string): ProposalView;
  counts(): WorkbenchCounts;
  /**
   * The alerts the queue's work filter keeps: with a note, an open proposal, a stale one (those
   * awaiting a second review are the review's to name).
   */
  alertIdsWith(work: Exclude<QueueWork, 'awaiting-review'>): string[];
  /** Notes whose text holds every word searched (at a word's start), newest first. */
  search(text: string, limit: number): NoteHit[];
}

const EXCERPT = 160;
const excerptOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
};

const iso = (ms: number) => new Date(ms).toISOString();

const noteView = (note: StoredNote): NoteView => ({
  id: note.id,
  target: note.target,
  text: note.text,
  links: noteLinks(note.text),
  segments: noteSegments(note.text),
  author: note.author,
  createdAt: iso(note.createdMs),
  updatedAt: iso(note.updatedMs),
  edits: note.edits,
});

const noteIndex = (note: StoredNote) => ({
  subject: subjectOf(note.target),
  digest: { v: 1, target: note.target, excerpt: excerptOf(note.text) },
  searchText: ` ${[...new Set(foldedWords(note.text))].join(' ')} `,
});

const proposalIndex = (proposal: StoredProposal) => ({
  subject: subjectOf({ kind: 'alert', id: proposal.alertId }),
  digest: { v: 1, alertId: proposal.alertId, status: proposal.status },
  searchText: ` ${[...new Set(foldedWords(proposal.reason))].join(' ')} `,
});

/** The journal's record of a proposal: everything it says and what it was pinned to. */
const proposalEntry = (proposal: StoredProposal) => ({
  proposal: proposal.id,
  state: proposal.state,
  reason: proposal.reason,
  evidence: proposal.evidence,
  pinned: proposal.pinned,
});

export function createWorkbench(deps: {
  local: LocalStore;
  cache: CacheDb;
  logger: Logger;
  now?: () => number;
}): Workbench {
  const { local, cache, logger } = deps;
  const now = deps.now ?? Date.now;
  const write = <T>(work: () => T): T => local.db.transaction(work)();

  const readNote = (id: string): StoredNote => {
    const record = local.get(NOTE, id);
    if (!record) throw new AppError('not_found', 'This note is not kept in this profile.');
    return StoredNote.parse(record.body);
  };
  const readable = <T>(schema: z.ZodType<T>, body: unknown, what: string): T | null =>
    readKept(logger, schema, body, what);
  const lastRevision = (alertId: string) => alertLastRevision(cache, alertId);
  const proposalView = (
    proposal: StoredProposal,
    current: ReturnType<typeof lastRevision> | undefined,
  ): ProposalView => {
    const cached = current === undefined ? lastRevision(proposal.alertId) : current;
    return {
      id: proposal.id,
      alertId: proposal.alertId,
      customerExternalId: proposal.customerExternalId,
      state: proposal.state,
      reason: proposal.reason,
      evidence: proposal.evidence,
      pinned: proposal.pinned,
      author: proposal.author,
      createdAt: iso(proposal.createdMs),
      status: proposal.status,
      withdrawal: proposal.withdrawal,
      stale: proposal.status === 'open' && cached ? staleness(proposal.pinned, cached.last) : null,
    };
  };
  const storedProposals = (alertId: string) =>
    local
      .listOf(PROPOSAL, subjectOf({ kind: 'alert', id: alertId }))
      .map((record) => readable(StoredProposal, record.body, 'proposal'))
      .filter((proposal): proposal is StoredProposal => proposal !== null);

  /** Every open proposal (one per alert at most), read from its digest's list. */
  const openProposals = (): StoredProposal[] =>
    local
      .digests(PROPOSAL)
      .filter((digest) => (digest.digest as { status?: unknown } | null)?.status === 'open')
      .flatMap((digest) => {
        const body = local.get(PROPOSAL, digest.id)?.body;
        const proposal = body === undefined ? null : readable(StoredProposal, body, 'proposal');
        return proposal?.status === 'open' ? [proposal] : [];
      });

  return {
    notes(target) {
      return local
        .listOf(NOTE, subjectOf(target))
        .map((record) => readable(StoredNote, record.body, 'note'))
        .filter((note): note is StoredNote => note !== null)
        .map(noteView);
    },
    notePage(target, { before, limit }) {
      const subject = subjectOf(target);
      // One more than the page, to say whether older notes follow it.
      const records = local.pageOf(NOTE, subject, { before, limit: limit + 1 });
      if (!records)
        throw new AppError(
          'not_found',
          'The note these notes were to follow is not kept on this record any more; read the notes again.',
        );
      const notes = records
        .slice(0, limit)
        .map((record) => readable(StoredNote, record.body, 'note'))
        .filter((note): note is StoredNote => note !== null)
        .map(noteView);
      return { notes, total: local.countOf(NOTE, subject), more: records.length > limit };
    },
    addNote(target, text, author) {
      if (text.trim() === '') throw new AppError('invalid_input', 'A note needs some text.');
      const at = now();
      const note: StoredNote = {
        v: 1,
        id: randomUUID(),
        target,
        text,
        author,
        createdMs: at,
        updatedMs: at,
        edits: 0,
      };
      write(() => {
        // The store orders notes by its own time: the note's, so screen and store agree.
        local.add(NOTE, note.id, note, noteIndex(note), at);
        local.journal.append({
          actor: author,
          action: 'note.added',
          subject: subjectOf(target),
          body: { note: note.id, text },
        });
        local.remove(DRAFT, `new:${subjectOf(target)}`);
      });
      return noteView(note);
    },
    editNote(id, text, author) {
      if (text.trim() === '') throw new AppError('invalid_input', 'A note needs some text.');
      return write(() => {
        const before = readNote(id);
        if (before.text === text) return noteView(before);
        const note: StoredNote = { ...before, text, updatedMs: now(), edits: before.edits + 1 };
        local.replace(NOTE, id, note, noteIndex(note));
        local.journal.append({
          actor: author,
          action: 'note.edited',
          subject: subjectOf(note.target),
          body: { note: id, text, edit: note.edits },
        });
        local.remove(DRAFT, `edit:${id}`);
        return noteView(note);
      });
    },
    draft(key) {
      const record = local.get(DRAFT, key);
      const draft = record ? readable(StoredDraft, record.body, 'draft') : null;
      return draft ? { key, text: draft.text, savedAt: iso(draft.savedMs) } : null;
    },
    saveDraft(key, text) {
      const savedMs = now();
      // An empty draft is no draft: nothing to offer back after a crash.
      if (text === '') local.remove(DRAFT, key);
      else local.putText(DRAFT, key, JSON.stringify({ text, savedMs }));
      return { key, text, savedAt: iso(savedMs) };
    },
    discardDraft(key) {
      local.remove(DRAFT, key);
    },
    proposals(alertId) {
      const current = lastRevision(alertId);
      return storedProposals(alertId)
        .reverse()
        .map((proposal) => proposalView(proposal, current));
    },
    propose(input, author) {
      const current = lastRevision(input.alertId);
      if (!current)
        throw new AppError(
          'not_found',
          'This alert is not in the offline cache, so there is nothing to pin a proposal to. Sync, then propose again.',
        );
      const proposal: StoredProposal = {
        v: 1,
        id: randomUUID(),
        alertId: input.alertId,
        customerExternalId: current.customerExternalId,
        state: input.state,
        reason: input.reason,
        evidence: input.evidence,
        pinned: pinOf(current.last),
        author,
        createdMs: now(),
        status: 'open',
        withdrawal: null,
      };
      write(() => {
        for (const open of storedProposals(input.alertId).filter((p) => p.status === 'open')) {
          const superseded: StoredProposal = { ...open, status: 'superseded' };
          local.replace(PROPOSAL, open.id, superseded, proposalIndex(superseded));
        }
        local.add(PROPOSAL, proposal.id, proposal, proposalIndex(proposal));
        local.journal.append({
          actor: author,
          action: 'proposal.made',
          subject: subjectOf({ kind: 'alert', id: input.alertId }),
          body: proposalEntry(proposal),
        });
        local.remove(DRAFT, `proposal:${input.alertId}`);
      });
      return proposalView(proposal, current);
    },
    withdraw(id, reason, author) {
      return write(() => {
        const record = local.get(PROPOSAL, id);
        if (!record) throw new AppError('not_found', 'This proposal is not kept in this profile.');
        const before = StoredProposal.parse(record.body);
        if (before.status !== 'open')
          throw new AppError(
            'conflict',
            `This proposal was already ${before.status}; only the open one can be withdrawn.`,
          );
        const proposal: StoredProposal = { ...before, status: 'withdrawn', withdrawal: reason };
        local.replace(PROPOSAL, id, proposal, proposalIndex(proposal));
        local.journal.append({
          actor: author,
          action: 'proposal.withdrawn',
          subject: subjectOf({ kind: 'alert', id: proposal.alertId }),
          body: { proposal: id, reason },
        });
        return proposalView(proposal, undefined);
      });
    },
    counts() {
      const notes = local.db
        .prepare(
          `SELECT count(*) AS notes, count(DISTINCT CASE WHEN subject LIKE 'alert:%' THEN subject END) AS alerts
             FROM local_records WHERE kind = ?`,
        )
        .get(NOTE) as { notes: number; alerts: number };
      const open = openProposals();
      const stale = open.filter((proposal) => proposalView(proposal, undefined).stale).length;
      return {
        alertsWithNotes: notes.alerts,
        notes: notes.notes,
        proposed: open.length,
        stale,
      };
    },
    alertIdsWith(work) {
      if (work === 'noted')
        return local.db
          .prepare(
            `SELECT DISTINCT substr(subject, 7) FROM local_records
               WHERE kind = ? AND subject LIKE 'alert:%'`,
          )
          .pluck()
          .all(NOTE) as string[];
      const open = openProposals();
      return (
        work === 'proposed'
          ? open
          : open.filter((proposal) => proposalView(proposal, undefined).stale)
      ).map((proposal) => proposal.alertId);
    },
    search(text, limit) {
      const words = [...new Set(foldedWords(text))];
      if (words.length === 0 || limit <= 0) return [];
      return local.searchDigests(NOTE, words, limit).flatMap((digest) => {
        const read = z.object({ target: NoteTarget, excerpt: z.string() }).safeParse(digest.digest);
        return read.success
          ? [{ id: digest.id, target: read.data.target, excerpt: read.data.excerpt }]
          : [];
      });
    },
  };
}
