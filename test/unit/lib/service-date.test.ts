import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServiceDate } from '../../../main/lib/service-date';

const at = (iso: string): number => Date.parse(iso);

describe('parseServiceDate', () => {
  it('reads RFC 3339 with an offset, with Z, and without an offset as UTC', () => {
    expect(parseServiceDate('2026-03-01T10:15:30Z')).toBe(at('2026-03-01T10:15:30Z'));
    expect(parseServiceDate('2026-03-01T10:15:30+02:00')).toBe(at('2026-03-01T08:15:30Z'));
    expect(parseServiceDate('2026-03-01T10:15:30-0530')).toBe(at('2026-03-01T15:45:30Z'));
    expect(parseServiceDate('2026-03-01T10:15:30.123456Z')).toBe(at('2026-03-01T10:15:30.123Z'));
    // No offset means UTC, whatever the computer's time zone.
    expect(parseServiceDate('2026-03-01T10:15:30')).toBe(at('2026-03-01T10:15:30Z'));
    expect(parseServiceDate('2026-03-01 10:15:30')).toBe(at('2026-03-01T10:15:30Z'));
    expect(parseServiceDate('2026-03-01T10:15')).toBe(at('2026-03-01T10:15:00Z'));
  });

  it('reads a bare date as midnight UTC', () => {
    expect(parseServiceDate('2026-03-01')).toBe(at('2026-03-01T00:00:00Z'));
  });

  it('reads epoch seconds and milliseconds, as numbers or numeric strings', () => {
    const ms = at('2026-03-01T10:15:30Z');
    expect(parseServiceDate(ms / 1000)).toBe(ms);
    expect(parseServiceDate(ms)).toBe(ms);
    expect(parseServiceDate(String(ms / 1000))).toBe(ms);
    expect(parseServiceDate(` ${ms} `)).toBe(ms);
    expect(parseServiceDate('1772360130.5')).toBe(1772360130500);
    expect(parseServiceDate(0)).toBe(0);
  });

  it('answers null for empty, unreadable and out-of-range values', () => {
    for (const value of [
      undefined,
      null,
      '',
      '   ',
      'yesterday',
      'NaN',
      '2026-13-01',
      '2026-02-30',
      '2026-02-29T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:15:30+25:00',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e300,
      '1e400',
      true,
      {},
      [],
    ]) {
      expect(parseServiceDate(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('reads leap days and leap seconds', () => {
    expect(parseServiceDate('2024-02-29')).toBe(at('2024-02-29T00:00:00Z'));
    expect(parseServiceDate('2016-12-31T23:59:60Z')).toBe(at('2016-12-31T23:59:59.999Z'));
  });

  it('agrees with ISO strings for any instant, and never throws', () => {
    fc.assert(
      fc.property(
        // Epoch milliseconds before 1e11 (March 1973) read as seconds: the documented cut.
        fc.date({
          min: new Date(1e11),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(parseServiceDate(date.toISOString())).toBe(date.getTime());
          expect(parseServiceDate(date.getTime())).toBe(date.getTime());
        },
      ),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const out = parseServiceDate(value);
        expect(out === null || Number.isFinite(out)).toBe(true);
      }),
    );
  });
});
