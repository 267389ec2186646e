import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DownloadState, DownloadView } from '../../../preload/contract';
import {
  inTray,
  latestFor,
  mergeDownload,
  progressShare,
  traySummary,
} from '../../../renderer/src/features/downloads/download-list';
import {
  opensInBrowser,
  WARNING_TEXT,
} from '../../../renderer/src/features/downloads/download-text';

const view = (patch: Partial<DownloadView> & { id: string }): DownloadView => ({
  target: { kind: 'document', id: 'doc-1' },
  name: 'passport.pdf',
  state: 'running',
  warnings: [],
  received: 0,
  total: 100,
  path: null,
  externalUrl: null,
  error: null,
  startedAt: '2026-01-01T10:00:00.000Z',
  ...patch,
});

describe('the downloads tray list', () => {
  it('replaces a download by its id and keeps the newest first', () => {
    const older = view({ id: 'a', startedAt: '2026-01-01T10:00:00.000Z' });
    const newer = view({ id: 'b', startedAt: '2026-01-01T11:00:00.000Z' });
    let list = mergeDownload([], older);
    list = mergeDownload(list, newer);
    list = mergeDownload(list, { ...older, state: 'saved', received: 100 });
    expect(list.map((entry) => [entry.id, entry.state])).toEqual([
      ['b', 'running'],
      ['a', 'saved'],
    ]);
  });

  it('never holds the same download twice, whatever order the events come in', () => {
    const states: DownloadState[] = ['running', 'saved', 'failed', 'cancelled'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.constantFrom('a', 'b', 'c'),
            state: fc.constantFrom(...states),
            minute: fc.integer({ min: 0, max: 59 }),
          }),
        ),
        (events) => {
          let list: DownloadView[] = [];
          for (const event of events)
            list = mergeDownload(
              list,
              view({
                id: event.id,
                state: event.state,
                startedAt: `2026-01-01T10:${String(event.minute).padStart(2, '0')}:00.000Z`,
              }),
            );
          const ids = list.map((entry) => entry.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const [index, entry] of list.entries())
            if (index > 0) expect(list[index - 1]!.startedAt >= entry.startedAt).toBe(true);
        },
      ),
    );
  });

  it('lists only downloads that were started, not questions still open', () => {
    expect(inTray(view({ id: 'a', state: 'needs_confirmation' }))).toBe(false);
    expect(inTray(view({ id: 'a', state: 'needs_folder' }))).toBe(false);
    expect(inTray(view({ id: 'a', state: 'external' }))).toBe(false);
    expect(inTray(view({ id: 'a', state: 'saved' }))).toBe(true);
    expect(inTray(view({ id: 'a', state: 'failed' }))).toBe(true);
  });

  it('gives progress as a share, or none when the size is unknown', () => {
    expect(progressShare({ received: 25, total: 100 })).toBe(0.25);
    expect(progressShare({ received: 250, total: 100 })).toBe(1);
    expect(progressShare({ received: 25, total: null })).toBeNull();
    expect(progressShare({ received: 0, total: 0 })).toBeNull();
  });

  it('sums the running downloads for the top bar, indeterminate when one size is unknown', () => {
    const list = [
      view({ id: 'a', received: 50, total: 100 }),
      view({ id: 'b', received: 50, total: 300 }),
      view({ id: 'c', state: 'failed' }),
      view({ id: 'd', state: 'saved' }),
    ];
    expect(traySummary(list)).toEqual({ running: 2, share: 0.25, failed: 1 });
    expect(traySummary([...list, view({ id: 'e', total: null })]).share).toBeNull();
    expect(traySummary([])).toEqual({ running: 0, share: null, failed: 0 });
  });

  it('finds the newest started download of a record', () => {
    const target = { kind: 'attachment' as const, id: 'att-1' };
    const list = [
      view({ id: 'x', target: { kind: 'document', id: 'att-1' } }),
      view({ id: 'y', target, state: 'saved' }),
      view({ id: 'z', target, state: 'failed' }),
    ];
    expect(latestFor(list, target)?.id).toBe('y');
    expect(latestFor(list, { kind: 'attachment', id: 'other' })).toBeUndefined();
  });
});

describe('what the download questions say', () => {
  it('explains every warning plainly', () => {
    expect(WARNING_TEXT.dangerous.title).toBe('The service marked this attachment as dangerous');
    expect(WARNING_TEXT.unverified.title).toBe('This attachment has not been checked for malware');
    expect(WARNING_TEXT.executable.title).toBe(
      'This is a program or script: it can run code on this computer',
    );
  });

  it('offers to open only https addresses without credentials; others can only be copied', () => {
    expect(opensInBrowser('https://files.example.com/a.pdf')).toBe(true);
    expect(opensInBrowser('http://files.example.com/a.pdf')).toBe(false);
    expect(opensInBrowser('https://user:secret@files.example.com/a.pdf')).toBe(false);
    expect(opensInBrowser('javascript:alert(1)')).toBe(false);
    expect(opensInBrowser('file:///etc/passwd')).toBe(false);
    expect(opensInBrowser('not a url')).toBe(false);
    expect(opensInBrowser('')).toBe(false);
  });
});
