import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { madeBefore, newestMadeFirst } from '../../../main/press/made-order';

// Reports are listed and compared by when the service made them; where its date cannot be read,
// by when CaseDesk kept them. Some dates readable and some not, the order is still one order.

const report = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd'),
  createdAt: fc.oneof(
    fc.constant(null),
    fc.constant('not a date'),
    fc
      .integer({ min: 0, max: 20 })
      .map((day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString()),
  ),
  keptAtMs: fc.integer({ min: 0, max: 20 }).map((day) => Date.UTC(2026, 0, 1 + day)),
});

describe('the order reports were made in', () => {
  it('is transitive when some made dates can be read and others cannot', () => {
    fc.assert(
      fc.property(report, report, report, (a, b, c) => {
        if (madeBefore(a, b) && madeBefore(b, c)) expect(madeBefore(a, c)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('lists newest first by made time where readable, else kept time', () => {
    const readable = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
    const listed = newestMadeFirst([
      { id: 'made-10', createdAt: readable(10), keptAtMs: Date.UTC(2026, 0, 1) },
      { id: 'kept-5', createdAt: 'odd', keptAtMs: Date.UTC(2026, 0, 5) },
      { id: 'made-3', createdAt: readable(3), keptAtMs: Date.UTC(2026, 0, 30) },
    ]);
    expect(listed.map((summary) => summary.id)).toEqual(['made-10', 'kept-5', 'made-3']);
  });
});
