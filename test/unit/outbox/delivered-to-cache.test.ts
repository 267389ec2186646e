import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { reapplyDeliveredSince } from '../../../main/outbox/delivered-to-cache';
import { openOutbox, type Outbox } from '../../../main/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';
import { customer, detail, document, openTestCache } from '../cache/review-records';

describe('writes delivered while a sync ran', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let outbox: Outbox;
  let clock: number;
  beforeEach(() => {
    temp = makeTempDir();
    clock = Date.parse('2026-11-21T10:00:00Z');
    outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger, () => clock);
  });
  afterEach(() => {
    outbox.close();
    temp.remove();
  });

  it('stand after the sync wrote what it had fetched before them; earlier ones are left to the sync', () => {
    const { db, writer } = openTestCache();
    const person = customer('C1');
    const cached = () =>
      (
        db.prepare('SELECT id, display_name FROM documents ORDER BY id').all() as Array<{
          id: string;
          display_name: string;
        }>
      ).map((row) => `${row.id}:${row.display_name}`);
    const upload = (name: string) => ({
      kind: 'document.upload' as const,
      customer_external_id: 'C1',
      display_name: name,
      file_name: `${name}.pdf`,
      tag_codes: [],
      source: { type: 'file' as const, path: '/kept', size: 1, sha256: '' },
    });

    // Delivered before the sync began: the service has since deleted it, and the sync says so.
    const earlier = outbox.enqueue(upload('Old'));
    outbox.markDone(earlier.id, document('D0', 'C1', { display_name: 'Old' }));
    clock += 60_000;
    const syncBegan = clock;
    // Delivered while the sync ran: filed, renamed, deleted.
    clock += 1_000;
    const filed = outbox.enqueue(upload('Passport'));
    outbox.markDone(filed.id, document('D1', 'C1', { display_name: 'Passport' }));
    const renamed = outbox.enqueue({ kind: 'document.update', id: 'D2', display_name: 'Renamed' });
    outbox.markDone(renamed.id, null);
    const deleted = outbox.enqueue({ kind: 'document.delete', id: 'D3' });
    outbox.markDone(deleted.id, null);

    // The sync writes the customer's documents as it fetched them, before those writes.
    writer.putCustomerDetail({
      customer: person,
      detail: detail(person),
      stats: null,
      events: [],
      documents: [
        document('D2', 'C1', { display_name: 'Statement' }),
        document('D3', 'C1', { display_name: 'Utility bill' }),
      ],
      nowMs: clock,
    });
    expect(cached()).toEqual(['D2:Statement', 'D3:Utility bill']);

    expect(reapplyDeliveredSince(writer, outbox, syncBegan)).toBe(3);
    expect(cached()).toEqual(['D1:Passport', 'D2:Renamed']);
  });
});
