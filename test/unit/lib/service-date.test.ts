import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServiceDate } from '../../../main/lib/service-date';

const AT = Date.UTC(2024, 2, 5, 14, 30, 15, 250);

describe('parseServiceDate reads every date form the service may send', () => {
  it.each([
    ['RFC 3339 with Z', '2024-03-05T14:30:15.250Z', AT],
    ['RFC 3339 with an offset', '2024-03-05T16:30:15.250+02:00', AT],
    ['an offset without colon', '2024-03-05T09:30:15.250-0500', AT],
    ['no offset: UTC', '2024-03-05T14:30:15.250', AT],
    ['a space instead of T', '2024-03-05 14:30:15.250', AT],
    ['micro-seconds', '2024-03-05T14:30:15.250999Z', AT],
    ['a bare date', '2024-03-05', Date.UTC(2024, 2, 5)],
    ['epoch seconds', 1709649015, Date.UTC(2024, 2, 5, 14, 30, 15)],
    ['epoch milliseconds', AT, AT],
    ['epoch seconds as text', '1709649015', Date.UTC(2024, 2, 5, 14, 30, 15)],
    ['epoch milliseconds as text', String(AT), AT],
    ['fractional epoch seconds', 1709649015.25, Date.UTC(2024, 2, 5, 14, 30, 15, 250)],
  ])('%s', (_, value, expected) => {
    expect(parseServiceDate(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['words', 'yesterday'],
    ['31 February', '2024-02-31'],
    ['month 13', '2024-13-01T00:00:00Z'],
    ['null', null],
    ['missing', undefined],
    ['an object', { at: 1 }],
    ['not a number', Number.NaN],
  ])('%s is unreadable: null, never 1970 or now', (_, value) => {
    expect(parseServiceDate(value)).toBeNull();
  });

  it('agrees with Date.parse on every ISO string with an offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        (date) => parseServiceDate(date.toISOString()) === date.getTime(),
      ),
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.anything()), (value) => {
        const parsed = parseServiceDate(value);
        return parsed === null || Number.isFinite(parsed);
      }),
    );
  });
});
