import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertRevisionView, ProposalPin } from '../../../preload/contract';
import { pinOf, staleness } from '../../../main/workbench/proposal-staleness';

// Whether a proposed decision still describes the alert as cached: pure, on revisions as the
// alert view reads them from the cache.

const PIN: ProposalPin = {
  id: 'A1-r3',
  revisionNumber: 3,
  state: 3,
  score: 64,
  topCategory: 'pep',
  comment: 'Asked for a passport copy',
  agentId: '5',
  createdAt: '2024-03-05T09:30:00Z',
  customerRevisionId: 'cr-2',
  profileDate: 1_709_337_600,
};

/** The cache's revision now: the pinned one with `changed` applied. */
const now = (changed: Partial<AlertRevisionView> = {}): AlertRevisionView => ({
  ...PIN,
  changes: [],
  ...changed,
});

describe('staleness', () => {
  it('is null while the cached revision is the pinned one', () => {
    expect(staleness(PIN, now())).toBeNull();
    // What a revision changed is not part of the pin, and never compared.
    expect(staleness(PIN, now({ changes: [{ field: 'State', before: '2', after: '3' }] }))).toBe(
      null,
    );
  });

  it('a newer revision: stale, with every pinned value that moved', () => {
    expect(
      staleness(
        PIN,
        now({ id: 'A1-r4', revisionNumber: 4, state: 7, score: 80, topCategory: 'rca_pep' }),
      ),
    ).toEqual({
      changes: [
        { field: 'Revision', before: '3', after: '4' },
        { field: 'State', before: '3', after: '7' },
        { field: 'Score', before: '64', after: '80' },
        { field: 'Top category', before: 'PEP', after: 'RCA_PEP' },
      ],
    });
  });

  it('another revision in its place (same number, another id): stale', () => {
    expect(staleness(PIN, now({ id: 'A1-r3b' }))).toEqual({ changes: [] });
    // An id the service did not send (read as '') is no sign either way.
    expect(staleness({ ...PIN, id: '' }, now({ id: 'A1-r3b' }))).toBeNull();
    expect(staleness(PIN, now({ id: '' }))).toBeNull();
  });

  it('another customer revision or profile date: stale', () => {
    expect(staleness(PIN, now({ customerRevisionId: 'cr-3' }))).toEqual({
      changes: [{ field: 'Customer revision', before: 'cr-2', after: 'cr-3' }],
    });
    expect(staleness(PIN, now({ profileDate: 1_709_424_000 }))).toEqual({
      changes: [{ field: 'Profile date', before: '1709337600', after: '1709424000' }],
    });
    expect(staleness(PIN, now({ profileDate: null }))).toEqual({
      changes: [{ field: 'Profile date', before: '1709337600', after: '' }],
    });
    expect(staleness({ ...PIN, profileDate: null }, now({ profileDate: null }))).toBeNull();
  });

  it('back at New (state 2): stale, even in the same revision', () => {
    expect(staleness(PIN, now({ state: 2 }))).toEqual({
      changes: [{ field: 'State', before: '3', after: '2' }],
    });
    // Proposed while New, still New: nothing moved.
    expect(staleness({ ...PIN, state: 2 }, now({ state: 2 }))).toBeNull();
  });

  it('score, category, state, comment or agent alone are no reason: a revision carries them', () => {
    expect(staleness(PIN, now({ score: 99 }))).toBeNull();
    expect(staleness(PIN, now({ topCategory: 'sip' }))).toBeNull();
    expect(staleness(PIN, now({ state: 7 }))).toBeNull();
    expect(staleness(PIN, now({ comment: 'Edited', agentId: '9' }))).toBeNull();
    expect(staleness(PIN, now({ createdAt: null }))).toBeNull();
  });

  it('compares categories in any case, as the screens show them', () => {
    expect(staleness(PIN, now({ revisionNumber: 4, topCategory: 'PEP' }))?.changes).toEqual([
      { field: 'Revision', before: '3', after: '4' },
    ]);
  });
});

describe('pinOf', () => {
  it('keeps everything of a revision but what it changed', () => {
    const revision = now({ changes: [{ field: 'Score', before: '70', after: '64' }] });
    expect(pinOf(revision)).toEqual(PIN);
    expect(pinOf(revision)).not.toHaveProperty('changes');
  });
});

/** Revisions as the cache reads them: numbers from JSON (never NaN), text of any kind. */
const revision: fc.Arbitrary<AlertRevisionView> = fc.record({
  id: fc.oneof(fc.constant(''), fc.string({ maxLength: 12 })),
  revisionNumber: fc.integer({ min: 0, max: 1_000 }),
  state: fc.integer({ min: 1, max: 8 }),
  score: fc.oneof(fc.integer({ min: -5, max: 150 }), fc.double({ noNaN: true })),
  topCategory: fc.string({ maxLength: 10 }),
  comment: fc.string({ unit: 'binary', maxLength: 20 }),
  agentId: fc.string({ maxLength: 5 }),
  createdAt: fc.option(fc.string({ maxLength: 24 })),
  customerRevisionId: fc.string({ maxLength: 8 }),
  profileDate: fc.option(fc.oneof(fc.integer(), fc.double({ noNaN: true }))),
  changes: fc.array(fc.record({ field: fc.string(), before: fc.string(), after: fc.string() }), {
    maxLength: 3,
  }),
});

describe('staleness, for any revision', () => {
  it('a pin compared with itself is never stale', () => {
    fc.assert(
      fc.property(revision, (cached) => {
        expect(staleness(pinOf(cached), cached)).toBeNull();
      }),
      { numRuns: 1_000 },
    );
  });

  it('when stale, every change listed is a pinned value that moved, named once', () => {
    fc.assert(
      fc.property(revision, revision, (pinned, cached) => {
        const stale = staleness(pinOf(pinned), cached);
        if (!stale) return;
        const fields = stale.changes.map((change) => change.field);
        expect(new Set(fields).size).toBe(fields.length);
        for (const change of stale.changes) expect(change.before).not.toBe(change.after);
      }),
      { numRuns: 1_000 },
    );
  });

  it('a newer revision number is always stale', () => {
    fc.assert(
      fc.property(revision, fc.integer({ min: 1, max: 50 }), (pinned, step) => {
        const cached = { ...pinned, revisionNumber: pinned.revisionNumber + step };
        expect(staleness(pinOf(pinned), cached)?.changes).toContainEqual({
          field: 'Revision',
          before: String(pinned.revisionNumber),
          after: String(cached.revisionNumber),
        });
      }),
    );
  });
});
