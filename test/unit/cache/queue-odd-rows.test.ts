import { describe, expect, it } from 'vitest';
import { QueueWindowInput } from '../../../preload/contract';
import { queueWindow } from '../../../main/cache/queue-window';
import { alert, cacheCustomer, customer, openTestCache } from './review-records';

const NOW = Date.parse('2024-05-01T00:00:00Z');

describe('queue rows of odd records', () => {
  it('name a cached customer whose names are all empty by its external id; one not cached stays empty', () => {
    const { db, writer } = openTestCache();
    const nameless = customer('CUST-EMPTY', {
      first_name: '',
      middle_name: '',
      last_name: '',
      company_name: '',
      trading_name: '',
    });
    cacheCustomer(writer, nameless, NOW);
    writer.putAlerts([alert('A1', 'CUST-EMPTY'), alert('A2', 'CUST-ABSENT')], NOW);
    const rows = queueWindow(db, QueueWindowInput.parse({ limit: 10 })).rows;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get('A1')?.customerName).toBe('CUST-EMPTY');
    expect(byId.get('A2')?.customerName).toBe('');
  });

  it('give no date, never 1970, for an alert whose dates the writer could not read', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts([alert('A1', 'C1')], NOW);
    db.prepare("UPDATE alerts SET created_ms = 0, updated_ms = 0 WHERE id = 'A1'").run();
    const [row] = queueWindow(db, QueueWindowInput.parse({ limit: 10 })).rows;
    expect(row?.createdAt).toBe('');
    expect(row?.updatedAt).toBe('');
  });
});
