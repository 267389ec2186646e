import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NoteTarget } from '../../../preload/contract';
import { alertLastRevision } from '../../../main/cache/alert-view';
import type { CacheDb } from '../../../main/cache/open-cache';
import type { createCacheWriter } from '../../../main/cache/repositories';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { pinOf } from '../../../main/workbench/proposal-staleness';
import { createWorkbench, type Workbench } from '../../../main/workbench/workbench';
import { alert, openTestCache } from '../cache/review-records';
import { makeTempDir } from '../../support/temp-dir';

// Notes, drafts and proposed decisions in a real local store, next to a cache the sync wrote
// alerts into: each change kept with its journal entry, each proposal pinned to the alert's last
// revision as cached and stale once the cache holds a newer one.

const START = Date.parse('2026-05-04T08:00:00Z');
const SYNCED = Date.parse('2024-04-01T00:00:00Z');
const ANA = 'Ana Ruiz';
const BO = 'Bo Chen';
const C1: NoteTarget = { kind: 'customer', id: 'C-1' };
const A1: NoteTarget = { kind: 'alert', id: 'A1' };

/** The AppError `work` throws (its code), or a failure when it throws none. */
function appError(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('no AppError was thrown');
}

describe('the workbench', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let cache: CacheDb;
  let writer: ReturnType<typeof createCacheWriter>;
  let bench: Workbench;
  let clock = START;
  // One clock for the store and the workbench, a second apart each time it is read.
  const now = () => (clock += 1000);

  beforeEach(() => {
    temp = makeTempDir('casedesk-workbench-');
    clock = START;
    const opening = openLocalStore(join(temp.path, 'local.db'), silentLogger, now);
    if (opening.state !== 'open') throw new Error(opening.reason);
    local = opening.store;
    ({ db: cache, writer } = openTestCache());
    bench = createWorkbench({ local, cache, logger: silentLogger, now });
  });
  afterEach(() => {
    local.close();
    cache.close();
    temp.remove();
  });

  const journalOf = (subject: string) =>
    local.journal.of(subject).map(({ actor, action, body }) => ({ actor, action, body }));

  describe('notes', () => {
    it('adds a note with its journal entry, and lists it', () => {
      const note = bench.addNote(C1, 'Called, see alert:A1. No answer.', ANA);
      expect(note).toMatchObject({
        target: C1,
        text: 'Called, see alert:A1. No answer.',
        links: [{ kind: 'alert', id: 'A1' }],
        author: ANA,
        edits: 0,
      });
      expect(note.createdAt).toBe(note.updatedAt);
      expect(bench.notes(C1)).toEqual([note]);
      expect(bench.notes({ kind: 'customer', id: 'C-2' })).toEqual([]);
      expect(journalOf('customer:C-1')).toEqual([
        {
          actor: ANA,
          action: 'note.added',
          body: { note: note.id, text: 'Called, see alert:A1. No answer.' },
        },
      ]);
    });

    it('edits a note: the text replaced, the edit counted, each text kept in the journal', () => {
      const note = bench.addNote(C1, 'Called, no answer', ANA);
      const first = bench.editNote(note.id, 'Called, left a message', ANA);
      const second = bench.editNote(note.id, 'Called back: passport on its way', BO);
      expect(first).toMatchObject({ id: note.id, edits: 1, text: 'Called, left a message' });
      expect(second).toMatchObject({
        id: note.id,
        edits: 2,
        text: 'Called back: passport on its way',
        // The author is who wrote it first; who edited it is in the journal.
        author: ANA,
        createdAt: note.createdAt,
      });
      expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
      expect(bench.notes(C1)).toEqual([second]);
      expect(journalOf('customer:C-1')).toEqual([
        { actor: ANA, action: 'note.added', body: { note: note.id, text: 'Called, no answer' } },
        {
          actor: ANA,
          action: 'note.edited',
          body: { note: note.id, text: 'Called, left a message', edit: 1 },
        },
        {
          actor: BO,
          action: 'note.edited',
          body: { note: note.id, text: 'Called back: passport on its way', edit: 2 },
        },
      ]);
      // The same text again is no edit.
      expect(bench.editNote(note.id, 'Called back: passport on its way', BO)).toEqual(second);
      expect(local.journal.head().seq).toBe(3);
      expect(local.journal.verify()).toMatchObject({ state: 'intact', entries: 3 });
    });

    it('refuses an empty note and an edit that empties one; nothing is kept or journaled', () => {
      for (const text of ['', ' ', '\n\t  \n'])
        expect(appError(() => bench.addNote(C1, text, ANA)).code).toBe('invalid_input');
      const note = bench.addNote(C1, 'Kept', ANA);
      expect(appError(() => bench.editNote(note.id, '   ', ANA)).code).toBe('invalid_input');
      expect(bench.notes(C1).map((kept) => kept.text)).toEqual(['Kept']);
      expect(local.journal.head().seq).toBe(1);
    });

    it('an edit of a note not kept is not_found', () => {
      expect(appError(() => bench.editNote('no-such-note', 'text', ANA)).code).toBe('not_found');
      expect(local.journal.head().seq).toBe(0);
    });

    it('keeps text with markup, bidi controls, emoji and lone surrogates exactly as written', () => {
      const texts = [
        '<script>alert(1)</script><img src=x onerror="alert(2)">',
        'Invoice \u202Egnp.exe\u202C from \u2067عربي\u2069 \u200F',
        '&amp;&lt;b&gt; "quoted" \'single\' \\ back',
        '🏳️‍🌈 e\u0301 \u0000\uFEFF',
        'half \uD83D and \uDE00 halves',
        '  leading and trailing spaces and\r\nline ends  ',
      ];
      const notes = texts.map((text) => bench.addNote(A1, text, ANA));
      expect(notes.map((note) => note.text)).toEqual(texts);
      expect(bench.notes(A1).map((note) => note.text)).toEqual(texts);
      expect(
        local.journal.of('alert:A1').map((entry) => (entry.body as { text: string }).text),
      ).toEqual(texts);
      expect(local.journal.verify()).toMatchObject({ state: 'intact', entries: texts.length });
    });

    it('lists 10,000 notes on one customer in the order they were written', () => {
      const ids: string[] = [];
      // One commit for all of them: the test is of the list, not of 10,000 flushes to disk.
      local.db.transaction(() => {
        for (let n = 0; n < 10_000; n += 1)
          ids.push(bench.addNote(C1, `Note ${n}: checked the file`, n % 2 ? ANA : BO).id);
      })();
      const listed = bench.notes(C1);
      expect(listed).toHaveLength(10_000);
      expect(listed.map((note) => note.id)).toEqual(ids);
      expect(listed[9_999]?.text).toBe('Note 9999: checked the file');
      expect(bench.counts()).toMatchObject({ notes: 10_000, alertsWithNotes: 0 });
      expect(local.journal.verify()).toMatchObject({ state: 'intact', entries: 10_000 });
    });
  });

  describe('drafts', () => {
    it('are saved, read back and cleared; an empty draft is none', () => {
      expect(bench.draft('new:customer:C-1')).toBeNull();
      const saved = bench.saveDraft('new:customer:C-1', 'Half a thought \u202E<b>');
      expect(saved).toMatchObject({ key: 'new:customer:C-1', text: 'Half a thought \u202E<b>' });
      expect(bench.draft('new:customer:C-1')).toEqual(saved);
      const later = bench.saveDraft('new:customer:C-1', 'Half a thought, then more \uD800');
      expect(bench.draft('new:customer:C-1')).toEqual(later);
      bench.saveDraft('new:customer:C-1', '');
      expect(bench.draft('new:customer:C-1')).toBeNull();
      bench.saveDraft('edit:n1', 'Another');
      bench.discardDraft('edit:n1');
      expect(bench.draft('edit:n1')).toBeNull();
      // Drafts are not journaled: nothing was decided yet.
      expect(local.journal.head().seq).toBe(0);
    });

    it('an added note clears its target’s new-note draft, an edit its own, a proposal the alert’s', () => {
      writer.putAlerts([alert('A1', 'C-1')], SYNCED);
      bench.saveDraft('new:customer:C-1', 'Called, no answer');
      bench.saveDraft('new:customer:C-2', 'Not this one');
      bench.saveDraft('new:alert:C-1', 'Nor this one');
      const note = bench.addNote(C1, 'Called, no answer', ANA);
      expect(bench.draft('new:customer:C-1')).toBeNull();
      expect(bench.draft('new:customer:C-2')?.text).toBe('Not this one');
      expect(bench.draft('new:alert:C-1')?.text).toBe('Nor this one');

      bench.saveDraft(`edit:${note.id}`, 'Called, left a message');
      bench.editNote(note.id, 'Called, left a message', ANA);
      expect(bench.draft(`edit:${note.id}`)).toBeNull();

      bench.saveDraft('proposal:A1', 'Namesake, other date of birth');
      bench.propose({ alertId: 'A1', state: 7, reason: 'Namesake', evidence: [] }, ANA);
      expect(bench.draft('proposal:A1')).toBeNull();
    });
  });

  describe('proposals', () => {
    const cached = (revision: Parameters<typeof alert>[2] = {}) =>
      writer.putAlerts([alert('A1', 'C-1', revision)], SYNCED);
    const propose = (reason: string, state: 2 | 3 | 4 | 5 | 6 | 7 = 7) =>
      bench.propose(
        {
          alertId: 'A1',
          state,
          reason,
          evidence: [{ kind: 'document', id: 'd1', label: 'passport.pdf' }],
        },
        ANA,
      );

    it('pins a proposal to the cache’s last revision of the alert, and journals it', () => {
      cached({ revision_number: 1 });
      cached({ revision_number: 3, state: 3, score: 64, customer_revision_id: 'cr-2' });
      const last = alertLastRevision(cache, 'A1')?.last;
      if (!last) throw new Error('not cached');
      const proposal = propose('Namesake: other date of birth');
      expect(proposal).toMatchObject({
        alertId: 'A1',
        customerExternalId: 'C-1',
        state: 7,
        reason: 'Namesake: other date of birth',
        evidence: [{ kind: 'document', id: 'd1', label: 'passport.pdf' }],
        author: ANA,
        status: 'open',
        withdrawal: null,
        stale: null,
      });
      expect(proposal.pinned).toEqual(pinOf(last));
      expect(proposal.pinned).toMatchObject({
        id: 'A1-r3',
        revisionNumber: 3,
        state: 3,
        score: 64,
        customerRevisionId: 'cr-2',
      });
      expect(bench.proposals('A1')).toEqual([proposal]);
      expect(journalOf('alert:A1')).toEqual([
        {
          actor: ANA,
          action: 'proposal.made',
          body: {
            proposal: proposal.id,
            state: 7,
            reason: 'Namesake: other date of birth',
            evidence: [{ kind: 'document', id: 'd1', label: 'passport.pdf' }],
            pinned: proposal.pinned,
          },
        },
      ]);
    });

    it('a second proposal supersedes the open one: at most one is open, newest first', () => {
      cached();
      const first = propose('Namesake', 7);
      const second = propose('Needs a closer look', 3);
      const listed = bench.proposals('A1');
      expect(listed.map((proposal) => [proposal.id, proposal.status])).toEqual([
        [second.id, 'open'],
        [first.id, 'superseded'],
      ]);
      expect(journalOf('alert:A1').map((entry) => entry.action)).toEqual([
        'proposal.made',
        'proposal.made',
      ]);
      // A superseded one cannot be withdrawn.
      expect(appError(() => bench.withdraw(first.id, 'Changed my mind', ANA)).code).toBe(
        'conflict',
      );
    });

    it('withdraws the open proposal, once, with its reason journaled', () => {
      cached();
      const proposal = propose('Namesake');
      const withdrawn = bench.withdraw(proposal.id, 'Wrong customer', BO);
      expect(withdrawn).toMatchObject({
        id: proposal.id,
        status: 'withdrawn',
        withdrawal: 'Wrong customer',
        stale: null,
      });
      expect(bench.proposals('A1')).toEqual([withdrawn]);
      expect(journalOf('alert:A1').at(-1)).toEqual({
        actor: BO,
        action: 'proposal.withdrawn',
        body: { proposal: proposal.id, reason: 'Wrong customer' },
      });
      expect(appError(() => bench.withdraw(proposal.id, 'Again', BO)).code).toBe('conflict');
      expect(appError(() => bench.withdraw('no-such-proposal', 'Why', BO)).code).toBe('not_found');
      expect(local.journal.head().seq).toBe(2);
    });

    it('refuses a proposal on an alert the cache does not hold: not_found, nothing kept', () => {
      const error = appError(() => propose('Namesake'));
      expect(error.code).toBe('not_found');
      expect(error.message).toMatch(/not in the offline cache/);
      expect(bench.proposals('A1')).toEqual([]);
      expect(local.journal.head().seq).toBe(0);
    });

    it('is stale once the cache holds a newer revision, with what changed listed', () => {
      cached({ revision_number: 1, state: 3 });
      const first = propose('Namesake');
      const open = propose('Namesake, checked twice');
      cached({
        revision_number: 2,
        state: 3,
        score: 82,
        top_category: 'SIP',
        customer_revision_id: 'cr-2',
      });
      const [now, superseded] = bench.proposals('A1');
      expect(now?.id).toBe(open.id);
      expect(now?.stale).toEqual({
        changes: [
          { field: 'Revision', before: '1', after: '2' },
          { field: 'Customer revision', before: 'cr-1', after: 'cr-2' },
          { field: 'Score', before: '70', after: '82' },
          { field: 'Top category', before: 'PEP', after: 'SIP' },
        ],
      });
      // Only the open one is compared: a superseded one is history.
      expect(superseded).toMatchObject({ id: first.id, status: 'superseded', stale: null });
      expect(bench.counts()).toMatchObject({ proposed: 1, stale: 1 });
    });

    it('is stale when the alert is back at New (state 2), its revision the same', () => {
      cached({ revision_number: 4, state: 3 });
      propose('Namesake');
      cached({ revision_number: 4, state: 2 });
      expect(bench.proposals('A1')[0]?.stale).toEqual({
        changes: [{ field: 'State', before: '3', after: '2' }],
      });
    });

    it('is not stale for a change the pin does not follow (the comment), nor once withdrawn', () => {
      cached({ revision_number: 4, state: 3 });
      const proposal = propose('Namesake');
      cached({ revision_number: 4, state: 3, comment: 'A comment edited on the service' });
      expect(bench.proposals('A1')[0]?.stale).toBeNull();
      cached({ revision_number: 5, state: 3 });
      expect(bench.proposals('A1')[0]?.stale).not.toBeNull();
      expect(bench.withdraw(proposal.id, 'Superseded by events', ANA).stale).toBeNull();
    });
  });

  it('counts notes, alerts with notes, open proposals and the stale ones', () => {
    writer.putAlerts([alert('A1', 'C-1'), alert('A2', 'C-1'), alert('A3', 'C-2')], SYNCED);
    expect(bench.counts()).toEqual({ alertsWithNotes: 0, notes: 0, proposed: 0, stale: 0 });
    bench.addNote(A1, 'One', ANA);
    bench.addNote(A1, 'Two', ANA);
    bench.addNote({ kind: 'alert', id: 'A2' }, 'Three', ANA);
    bench.addNote(C1, 'On the customer', ANA);
    bench.addNote({ kind: 'thread', id: 't9' }, 'On a thread', ANA);
    const propose = (alertId: string) =>
      bench.propose({ alertId, state: 7, reason: 'Namesake', evidence: [] }, ANA);
    propose('A1');
    propose('A1');
    propose('A2');
    const withdrawn = propose('A3');
    bench.withdraw(withdrawn.id, 'Not this one', ANA);
    expect(bench.counts()).toEqual({ alertsWithNotes: 2, notes: 5, proposed: 2, stale: 0 });
    writer.putAlerts([alert('A2', 'C-1', { revision_number: 2 })], SYNCED);
    expect(bench.counts()).toEqual({ alertsWithNotes: 2, notes: 5, proposed: 2, stale: 1 });
  });

  it('finds notes by the start of their words, newest first, edits followed', () => {
    const passport = bench.addNote(C1, 'Passport copy received from the customer', ANA);
    const other = bench.addNote(A1, 'Passenger list checked, no match', BO);
    bench.addNote({ kind: 'thread', id: 't9' }, 'Nothing to report', BO);
    expect(bench.search('pass', 10).map((hit) => hit.id)).toEqual([other.id, passport.id]);
    expect(bench.search('PASSP rec', 10)).toEqual([
      { id: passport.id, target: C1, excerpt: 'Passport copy received from the customer' },
    ]);
    // A word's start, not its middle.
    expect(bench.search('port', 10)).toEqual([]);
    expect(bench.search('pass', 1).map((hit) => hit.id)).toEqual([other.id]);
    expect(bench.search('  ', 10)).toEqual([]);
    bench.editNote(passport.id, 'Identity card received', ANA);
    expect(bench.search('passp', 10)).toEqual([]);
    expect(bench.search('identity', 10).map((hit) => hit.id)).toEqual([passport.id]);
  });
});
