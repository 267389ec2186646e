import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvLineReader,
  numberCell,
  objectLineReader,
} from '../../../../main/kyt/batch/line-convert';

const columns = [
  'amt',
  'ccy',
  'when',
  'ref',
  'groups',
  'custom',
  'sender',
  'sender 2fa',
  'sender country',
  'session',
  'receiver',
];
const read = csvLineReader(
  {
    amount: 'amt',
    currency: 'ccy',
    date: 'when',
    external_id: 'ref',
    review_groups: 'groups',
    fields: 'custom',
    'from.full_name': 'sender',
    'from.device.2fa': 'sender 2fa',
    'from.device.country': 'sender country',
    'from.device.session_duration': 'session',
    'to.full_name': 'receiver',
  },
  columns,
);
const row = (cells: Record<string, string>) => columns.map((column) => cells[column] ?? '');

describe('a CSV line into a transaction', () => {
  it('converts each cell by its field type, empty cells left out', () => {
    expect(
      read(
        row({
          amt: ' 1 234.50 ',
          ccy: 'eur',
          when: '2026-11-27 14:30:00+01:00',
          ref: ' T-1 ',
          groups: 'fraud; ;aml',
          custom: '{"risk_code":"A1"}',
          sender: 'Anna Weber',
          'sender 2fa': 'Yes',
          'sender country': 'de',
          session: '12',
        }),
      ),
    ).toEqual({
      transaction: {
        amount: 1234.5,
        currency: 'EUR',
        date: '2026-11-27T14:30:00+01:00',
        external_id: 'T-1',
        review_groups: ['fraud', 'aml'],
        fields: { risk_code: 'A1' },
        from: {
          full_name: 'Anna Weber',
          device: { '2fa': true, country: 'DE', session_duration: 12 },
        },
        to: {},
      },
      error: null,
      externalId: 'T-1',
    });
  });

  it('names the field and the column of each problem, in the words of the field', () => {
    expect(read(row({ amt: 'twelve', ccy: 'EUR' })).error).toBe(
      'Amount (column “amt”): The amount is a number, such as 1250.50.',
    );
    expect(read(row({ amt: '12', ccy: 'EURO', 'sender country': 'Germany' })).error).toBe(
      'Currency (column “ccy”): The currency is a three-letter code (ISO 4217), such as EUR. ' +
        'Sender device country (column “sender country”): A country code has two letters (ISO 3166), such as FR.',
    );
  });

  it('says an amount or currency without a value is missing, by its column', () => {
    expect(read(row({ ccy: 'EUR', ref: 'T-9' }))).toEqual({
      transaction: null,
      error: 'Amount (column “amt”): The amount is a number, such as 1250.50.',
      externalId: 'T-9',
    });
  });

  it('refuses an amount with a comma rather than guess which it is', () => {
    expect(read(row({ amt: '1,234', ccy: 'EUR' })).error).toBe(
      'Amount (column “amt”): “1,234” could be 1234 or 1.234: write it with a dot for decimals and no thousands separator, such as 1250.50.',
    );
    expect(read(row({ amt: '1 234,50', ccy: 'EUR' })).error).toBe(
      'Amount (column “amt”): “1 234,50” has a comma: write the number with a dot for decimals and no thousands separator, such as 1250.50.',
    );
  });

  it('refuses a yes-or-no it cannot read, JSON that is not, and custom fields that are no object', () => {
    expect(read(row({ amt: '1', ccy: 'EUR', 'sender 2fa': 'maybe' })).error).toBe(
      'Sender device 2FA (column “sender 2fa”): “maybe” is not a yes or no: write true or false, yes or no, 1 or 0.',
    );
    expect(read(row({ amt: '1', ccy: 'EUR', custom: '{risk' })).error).toBe(
      'Custom fields (column “custom”): “{risk” is not JSON text, such as {"risk_code": "A1"}.',
    );
    expect(read(row({ amt: '1', ccy: 'EUR', custom: '[1]' })).error).toBe(
      'Custom fields (column “custom”): custom fields are one JSON object, such as {"risk_code": "A1"}.',
    );
  });

  it('refuses a date without its offset', () => {
    expect(read(row({ amt: '1', ccy: 'EUR', when: '2026-11-27' })).error).toBe(
      'Date (column “when”): A date and time with its offset, such as 2026-11-27T14:30:00+01:00.',
    );
  });

  it('reads every plain decimal as the number it is', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = String(value);
        expect(numberCell(text)).toEqual({ value: Number(text) });
      }),
    );
  });

  it('never reads a number with a comma', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999_999 }),
        (a, b) => {
          expect(numberCell(`${a},${b}`)).toHaveProperty('problem');
        },
      ),
    );
  });
});

describe('an NDJSON line into a transaction', () => {
  it('takes the body as the interface does', () => {
    expect(
      objectLineReader({ amount: 5, currency: 'usd', from: { full_name: 'A' }, to: {} }),
    ).toEqual({
      transaction: { amount: 5, currency: 'USD', from: { full_name: 'A' }, to: {} },
      error: null,
      externalId: null,
    });
  });

  it('names each problem by its field and path, and fields the interface does not know', () => {
    const converted = objectLineReader({
      amount: '12',
      currency: 'EUR',
      external_id: 'T-3',
      iban: 'x',
      from: { device: { country: 'France' } },
      to: {},
    });
    expect(converted.externalId).toBe('T-3');
    expect(converted.error).toBe(
      'Amount (amount): The amount is a number, such as 1250.50. ' +
        'Sender device country (from.device.country): A country code has two letters (ISO 3166), such as FR. ' +
        'The transaction: “iban” is not a field of the interface.',
    );
  });

  it('says a missing participant is missing', () => {
    expect(objectLineReader({ amount: 1, currency: 'EUR', to: {} }).error).toBe(
      'Sender: missing: give it as an object, {} when nothing is known of it.',
    );
  });
});
