import { describe, expect, it } from 'vitest';
import type { DocumentView } from '../../../preload/contract';
import type { OutboxItem, OutboxPayload } from '../../../main/outbox/outbox-store';
import {
  pendingDocumentChanges,
  pendingUploads,
  withPendingChange,
} from '../../../main/outbox/pending-documents';
import { outboxSummary } from '../../../main/outbox/outbox-view';

let seq = 0;
const item = (
  payload: OutboxPayload,
  state: OutboxItem['state'] = 'queued',
  lastError: string | null = null,
): OutboxItem => {
  seq += 1;
  return {
    id: `item-${seq}`,
    seq,
    payload,
    state,
    attempts: 0,
    lastError,
    result: null,
    bodyStarted: false,
    createdAt: new Date(1_700_000_000_000 + seq * 1000).toISOString(),
    updatedAt: '',
  };
};
const upload = (customer: string, name: string): OutboxPayload => ({
  kind: 'document.upload',
  customer_external_id: customer,
  display_name: name,
  file_name: `${name}.pdf`,
  tag_codes: ['kyc'],
  source: { type: 'file', path: `/outbox-files/${name}`, size: 10, sha256: 'f' },
});
const document: DocumentView = {
  id: 'doc-1',
  customerExternalId: 'C1',
  displayName: 'Passport',
  fileName: 'passport.pdf',
  fileType: 'pdf',
  fileMime: 'application/pdf',
  fileSize: 10,
  source: 'internal',
  fileUrl: '',
  createdAt: null,
  tags: ['id'],
};

describe('pending writes in the documents list', () => {
  it('shows the edits’ values, the last one winning, marked pending', () => {
    const first = item({ kind: 'document.update', id: 'doc-1', display_name: 'Passport (old)' });
    const second = item(
      { kind: 'document.update', id: 'doc-1', tag_codes: ['id', 'expired'] },
      'failed',
      'HTTP 422',
    );
    const changes = pendingDocumentChanges([first, second]);
    expect(withPendingChange(document, changes)).toEqual({
      ...document,
      displayName: 'Passport (old)',
      tags: ['id', 'expired'],
      pending: { outboxId: second.id, kind: 'update', state: 'failed', lastError: 'HTTP 422' },
    });
    expect(withPendingChange({ ...document, id: 'doc-2' }, changes).pending).toBeNull();
  });

  it('marks a pending deletion, whatever edits came before or after', () => {
    const edit = item({ kind: 'document.update', id: 'doc-1', display_name: 'Renamed' });
    const deletion = item({ kind: 'document.delete', id: 'doc-1' }, 'sending');
    const later = item({ kind: 'document.update', id: 'doc-1', tag_codes: ['x'] });
    expect(
      withPendingChange(document, pendingDocumentChanges([edit, deletion, later])),
    ).toMatchObject({
      displayName: 'Renamed',
      tags: ['x'],
      pending: { outboxId: deletion.id, kind: 'delete', state: 'sending' },
    });
  });

  it('ignores writes already delivered', () => {
    const done = item({ kind: 'document.delete', id: 'doc-1' }, 'done');
    expect(pendingDocumentChanges([done]).size).toBe(0);
    expect(pendingUploads([item(upload('C1', 'sent'), 'done')])).toEqual([]);
  });

  it('lists pending uploads of one customer, or of all, newest first', () => {
    const a = item(upload('C1', 'a'));
    const b = item(upload('C2', 'b'), 'failed', 'HTTP 404');
    const c = item(upload('C1', 'c'), 'sending');
    expect(pendingUploads([a, b, c], 'C1').map((view) => view.outboxId)).toEqual([c.id, a.id]);
    expect(pendingUploads([a, b, c]).map((view) => view.outboxId)).toEqual([c.id, b.id, a.id]);
    expect(pendingUploads([b])[0]).toEqual({
      outboxId: b.id,
      customerExternalId: 'C2',
      displayName: 'b',
      fileName: 'b.pdf',
      fileSize: 10,
      tags: ['kyc'],
      external: false,
      state: 'failed',
      lastError: 'HTTP 404',
      createdAt: b.createdAt,
    });
  });

  it('names documents in the outbox as the investigator knows them', () => {
    expect(
      outboxSummary(item({ kind: 'document.update', id: 'd', label: 'Passport', tag_codes: [] })),
    ).toBe('Give “Passport” no tags');
    expect(
      outboxSummary(
        item({ kind: 'document.update', id: 'd', label: 'Passport', display_name: 'ID card' }),
      ),
    ).toBe('Rename “Passport” to “ID card”');
    expect(outboxSummary(item({ kind: 'document.delete', id: 'd', label: 'Passport' }))).toBe(
      'Delete “Passport”',
    );
    // Written by an earlier CaseDesk, without the name.
    expect(outboxSummary(item({ kind: 'document.delete', id: 'd' }))).toBe('Delete document d');
    expect(outboxSummary(item(upload('C1', 'Lease')))).toBe('Upload “Lease” (Lease.pdf) to C1');
  });
});
