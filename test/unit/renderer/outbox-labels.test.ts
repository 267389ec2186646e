import { describe, expect, it } from 'vitest';
import type { OutboxItemView } from '../../../preload/contract';
import { documentDelete } from '../../../main/outbox/kinds/document-delete';
import { documentUpload } from '../../../main/outbox/kinds/document-upload';
import {
  canDiscard,
  canRetry,
  countItems,
  countsText,
  outboxSections,
  STATE_PILL,
} from '../../../renderer/src/features/outbox/outbox-labels';

const item = (patch: Partial<OutboxItemView> & { id: string }): OutboxItemView => ({
  kind: 'document.upload',
  label: 'Document upload',
  summary: `Upload ${patch.id}`,
  discardLoss: 'The document will not be filed.',
  state: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...patch,
});

describe('the outbox screen', () => {
  it('shows unsent changes in sending order, then the sent ones, last sent first', () => {
    const items = [
      item({ id: '1', state: 'done', updatedAt: '2026-01-01T10:01:00.000Z' }),
      item({ id: '2', state: 'failed' }),
      item({ id: '3', state: 'done', updatedAt: '2026-01-01T10:05:00.000Z' }),
      item({ id: '4', state: 'sending' }),
      item({ id: '5', state: 'queued' }),
    ];
    const { unsent, sent } = outboxSections(items);
    expect(unsent.map((entry) => entry.id)).toEqual(['2', '4', '5']);
    expect(sent.map((entry) => entry.id)).toEqual(['3', '1']);
  });

  it('names each state as the investigator reads it', () => {
    expect(STATE_PILL.queued.label).toBe('Waiting');
    expect(STATE_PILL.sending.label).toBe('Sending');
    expect(STATE_PILL.failed.label).toBe('Failed');
    expect(STATE_PILL.done.label).toBe('Sent');
  });

  it('offers retry only on failed changes, and discard on any change not sent', () => {
    expect(canRetry({ state: 'failed' })).toBe(true);
    expect(canRetry({ state: 'queued' })).toBe(false);
    expect(canDiscard({ state: 'queued' })).toBe(true);
    expect(canDiscard({ state: 'failed' })).toBe(true);
    // In doubt, it may be given up (main refuses while its request is going out).
    expect(canDiscard({ state: 'sending' })).toBe(true);
    expect(canDiscard({ state: 'done' })).toBe(false);
  });

  it('says what discarding loses', () => {
    // Each kind's words come from its file in main, with the item.
    expect(documentUpload.discardLoss).toMatch(/^The document will not be filed/);
    expect(documentDelete.discardLoss).toMatch(/stays on the service/);
  });

  it('counts what waits and what failed, as the rail badge shows it', () => {
    const counts = countItems([
      item({ id: '1', state: 'queued' }),
      item({ id: '2', state: 'sending' }),
      item({ id: '3', state: 'failed' }),
      item({ id: '4', state: 'done' }),
    ]);
    expect(counts).toEqual({ pending: 2, failed: 1 });
    expect(countsText(counts)).toBe('2 waiting, 1 failed');
    expect(countsText({ pending: 0, failed: 3 })).toBe('3 failed');
    expect(countsText({ pending: 0, failed: 0 })).toBe('');
  });
});
