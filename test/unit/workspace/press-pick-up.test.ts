import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../main/cache/open-cache';
import { silentLogger } from '../../../main/lib/logger';
import type { PressService } from '../../../main/press/press-service';
import { pickUpFromCache } from '../../../main/workspace/press-pick-up';

// A sync picks up at most 25 customers' reports: customers whose reports cannot be read now must
// not take those places at every sync, so older customers are reached too.

describe('picking up the reports cached timelines name', () => {
  it('turns to the next customers at the next sync, and skips reports the service does not know', async () => {
    const db = new Database(':memory:');
    migrate(db);
    const insert = db.prepare(
      'INSERT INTO timeline_events (id, customer_external_id, created_ms, event_type, raw) VALUES (?, ?, ?, ?, ?)',
    );
    for (let n = 0; n < 30; n += 1)
      insert.run(
        `e${n}`,
        `C${n}`,
        1_000_000 - n,
        'press_report_generated',
        JSON.stringify({ Url: `/api/v1/press/reportbody/R${n}` }),
      );
    const asked: string[] = [];
    const press = {
      // Nothing can be read now: every pick-up keeps nothing.
      pickUp: vi.fn((customer: string) => {
        asked.push(customer);
        return Promise.resolve(0);
      }),
      has: () => false,
      wants: (id: string) => id !== 'R0',
    } as unknown as PressService;
    await pickUpFromCache(press, db, silentLogger);
    expect(asked).toHaveLength(25);
    expect(asked).not.toContain('C0');
    asked.length = 0;
    await pickUpFromCache(press, db, silentLogger);
    // The four left out first, then from the newest again.
    expect(asked.slice(0, 4)).toEqual(['C26', 'C27', 'C28', 'C29']);
    expect(asked).toHaveLength(25);
    db.close();
  });
});
