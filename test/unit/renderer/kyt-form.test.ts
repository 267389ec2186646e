import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KYT_FIELDS,
  KytDateTime,
  KytTransactionInput,
  type KytTransactionRequest,
} from '../../../preload/contract/kyt';
import { KYT_FORM_FIELDS } from '../../../renderer/src/features/kyt/kyt-fields';
import {
  MESSAGES,
  customRow,
  emptyForm,
  formFromTransaction,
  localDateTime,
  placeBridgeErrors,
  transactionFromForm,
  withParticipant,
  type KytForm,
} from '../../../renderer/src/features/kyt/kyt-form';

// The new-transaction form: every field of the interface, checked before sending as the contract
// checks it, so what the form lets through main accepts, and a mistake is named beside its field.

const form = (values: Record<string, string>, patch: Partial<KytForm> = {}): KytForm => ({
  values: { amount: '100', currency: 'EUR', ...values },
  reviewGroups: [],
  custom: [],
  ...patch,
});

const errorsOf = (values: Record<string, string>, patch: Partial<KytForm> = {}) => {
  const result = transactionFromForm(form(values, patch));
  return result.ok ? {} : result.errors;
};

describe('the fields of the form', () => {
  it('are every field of the interface, as the contract lists them', () => {
    expect(KYT_FORM_FIELDS.map(({ path, label, type }) => ({ path, label, type }))).toEqual(
      KYT_FIELDS.map(({ path, label, type }) => ({ path, label, type })),
    );
  });
});

describe('checks before sending', () => {
  it('need an amount and a currency, and say so beside them', () => {
    const result = transactionFromForm({ values: {}, reviewGroups: [], custom: [] });
    expect(result).toEqual({
      ok: false,
      errors: { amount: MESSAGES.amountMissing, currency: MESSAGES.currencyMissing },
    });
  });

  it('take an amount written as a number, and say how to write a decimal comma', () => {
    expect(errorsOf({ amount: '12,50' })).toEqual({ amount: MESSAGES.amountComma });
    expect(errorsOf({ amount: 'twelve' })).toEqual({ amount: MESSAGES.amount });
    expect(errorsOf({ amount: '1e999' })).toEqual({ amount: MESSAGES.amount });
    expect(errorsOf({ amount: 'Infinity' })).toEqual({ amount: MESSAGES.amount });
    expect(errorsOf({ amount: '0x10' })).toEqual({ amount: MESSAGES.amount });
    const spaced = transactionFromForm(form({ amount: ' 12 500.75 ' }));
    expect(spaced.ok && spaced.transaction.amount).toBe(12500.75);
  });

  it('take a three-letter currency in any case, sent in capitals', () => {
    expect(errorsOf({ currency: 'EURO' })).toEqual({ currency: MESSAGES.currency });
    expect(errorsOf({ currency: '€' })).toEqual({ currency: MESSAGES.currency });
    const result = transactionFromForm(form({ currency: ' usd ' }));
    expect(result.ok && result.transaction.currency).toBe('USD');
  });

  it('take a date only with its offset, and only one that exists', () => {
    expect(errorsOf({ date: '2026-11-27 14:30' })).toEqual({ date: MESSAGES.date });
    expect(errorsOf({ date: '2026-11-27T14:30:00' })).toEqual({ date: MESSAGES.date });
    expect(errorsOf({ date: '2026-13-45T14:30:00Z' })).toEqual({ date: MESSAGES.dateMissing });
    expect(errorsOf({ date: '2026-11-27T14:30:00+01:00' })).toEqual({});
    expect(errorsOf({ date: '2026-11-27T14:30Z' })).toEqual({});
  });

  it('take two-letter country codes, sent in capitals, and name the field of a bad one', () => {
    expect(errorsOf({ 'from.device.country': 'FRA', 'to.domicile_code': 'f' })).toEqual({
      'from.device.country': MESSAGES.country,
      'to.domicile_code': MESSAGES.country,
    });
    const result = transactionFromForm(form({ 'to.payment_method.country': 'ir' }));
    expect(result.ok && result.transaction.to.payment_method).toEqual({ country: 'IR' });
  });

  it('take a session duration of zero seconds or more', () => {
    expect(errorsOf({ 'from.device.session_duration': '-3' })).toEqual({
      'from.device.session_duration': MESSAGES.negativeSeconds,
    });
    expect(errorsOf({ 'to.device.session_duration': 'long' })).toEqual({
      'to.device.session_duration': MESSAGES.seconds,
    });
  });

  it('send crypto only with both its blockchain and its hash', () => {
    expect(errorsOf({ 'crypto.blockchain': 'bitcoin' })).toEqual({
      'crypto.tx_hash': MESSAGES.cryptoBoth,
    });
    const result = transactionFromForm(
      form({ 'crypto.blockchain': 'bitcoin', 'crypto.tx_hash': 'ab12' }),
    );
    expect(result.ok && result.transaction.crypto).toEqual({
      blockchain: 'bitcoin',
      tx_hash: 'ab12',
    });
  });

  it('hold texts to the interface’s lengths, saying how much was typed', () => {
    expect(errorsOf({ label: 'x'.repeat(513) }).label).toMatch(
      /At most 512 characters \(513 typed\)/,
    );
    expect(errorsOf({ 'from.device.ip': '1'.repeat(65) })['from.device.ip']).toMatch(/At most 64/);
    expect(errorsOf({}, { reviewGroups: ['g'.repeat(129)] })).toEqual({
      review_groups: MESSAGES.reviewGroup,
    });
  });

  it('name a custom field’s problem beside its row: no name, a name twice, a value of the wrong kind', () => {
    const rows = [
      customRow({ key: '', value: 'web' }),
      customRow({ key: 'channel', value: 'web' }),
      customRow({ key: 'channel', value: '3' }),
      customRow({ key: 'level', value: 'high', kind: 'number' }),
      customRow({ key: 'tags', value: '[1,', kind: 'json' }),
      customRow({ key: '', value: '' }),
    ];
    const errors = errorsOf({}, { custom: rows });
    expect(errors).toEqual({
      [`fields.${rows[0]?.id}.key`]: MESSAGES.customKey,
      [`fields.${rows[2]?.id}.key`]: MESSAGES.customKeyTwice,
      [`fields.${rows[3]?.id}.value`]: MESSAGES.customNumber,
      [`fields.${rows[4]?.id}.value`]: MESSAGES.customJson,
    });
  });

  it('send custom fields as text, number or JSON as chosen', () => {
    const result = transactionFromForm(
      form(
        {},
        {
          custom: [
            customRow({ key: 'account', value: '00123' }),
            customRow({ key: 'level', value: '2', kind: 'number' }),
            customRow({ key: 'risk', value: '{"a":[1,true]}', kind: 'json' }),
          ],
        },
      ),
    );
    expect(result.ok && result.transaction.fields).toEqual({
      account: '00123',
      level: 2,
      risk: { a: [1, true] },
    });
  });

  it('leave empty fields out, and send both participants even when empty', () => {
    const result = transactionFromForm(form({ label: '   ', 'from.device.2fa': '' }));
    expect(result).toEqual({
      ok: true,
      transaction: { amount: 100, currency: 'EUR', from: {}, to: {} },
    });
  });
});

/* ----- against the contract itself ----- */

const FIELD_TEXT = fc.oneof(
  fc.constantFrom('', ' ', 'FR', 'fr', 'FRA', '12', '12.5', '-1', '1,5', 'EUR', 'yes', 'no', 'x'),
  fc.constantFrom('2026-11-27T14:30:00+01:00', '2026-02-30T10:00:00Z', '2026-11-27', 'now'),
  fc.string({ maxLength: 12 }),
);

const anyForm: fc.Arbitrary<KytForm> = fc
  .record({
    values: fc.dictionary(fc.constantFrom(...KYT_FORM_FIELDS.map((def) => def.path)), FIELD_TEXT),
    reviewGroups: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
    custom: fc.array(
      fc.record({
        key: fc.string({ maxLength: 6 }),
        value: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('1', '{"a":1}', '[')),
        kind: fc.constantFrom('text' as const, 'number' as const, 'json' as const),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ values, reviewGroups, custom }) => ({
    values,
    reviewGroups,
    custom: custom.map((row) => customRow(row)),
  }));

describe('the form against the contract', () => {
  it('whatever is typed, a form it lets through the contract accepts', () => {
    fc.assert(
      fc.property(anyForm, (typed) => {
        const result = transactionFromForm(typed);
        if (result.ok) expect(KytTransactionInput.safeParse(result.transaction).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('whatever is typed, each problem is named beside a field the form shows', () => {
    fc.assert(
      fc.property(anyForm, (typed) => {
        const result = transactionFromForm(typed);
        if (result.ok) return;
        for (const path of Object.keys(result.errors))
          expect(
            KYT_FORM_FIELDS.some((def) => def.path === path) ||
              /^fields\.\d+\.(key|value)$/.test(path),
          ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,10}[A-Za-z0-9]$/);
  const country = fc.stringMatching(/^[A-Z]{2}$/);
  const participant = fc.record(
    {
      full_name: word,
      external_id: word,
      account_type: word,
      domicile_code: country,
      device: fc.record(
        {
          '2fa': fc.boolean(),
          '3ds': fc.boolean(),
          country,
          ip: word,
          session_duration: fc.integer({ min: 0, max: 86_400 }),
          user_agent: word,
        },
        { requiredKeys: [] },
      ),
      payment_institution: fc.record(
        { code: word, country, external_id: word, internal_customer_id: word, name: word },
        { requiredKeys: [] },
      ),
      payment_method: fc.record({ code: word, country, type: word }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  );
  const transaction: fc.Arbitrary<KytTransactionRequest> = fc.record(
    {
      amount: fc.oneof(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.double({ min: 0.01, max: 1e7, noNaN: true }),
      ),
      currency: fc.stringMatching(/^[A-Z]{3}$/),
      date: fc.constantFrom('2026-11-27T14:30:00+01:00', '2026-01-01T00:00:00Z'),
      label: word,
      comment: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== ''),
      review_groups: fc.uniqueArray(word, { minLength: 1, maxLength: 3 }),
      fields: fc.dictionary(
        word,
        fc.oneof(word, fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer())),
        { minKeys: 1, maxKeys: 3 },
      ),
      crypto: fc.record({ blockchain: word, tx_hash: word }),
      from: participant,
      to: participant,
    },
    { requiredKeys: ['amount', 'currency', 'from', 'to'] },
  );

  /** An empty device, institution or method carries nothing: the form has no place to keep one. */
  const withoutEmptyParts = (body: Record<string, unknown>) => {
    const prune = (value: unknown): unknown => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      return Object.fromEntries(
        Object.entries(value)
          .map(([key, inner]) => [key, prune(inner)] as const)
          .filter(
            ([, inner]) =>
              typeof inner !== 'object' ||
              inner === null ||
              Array.isArray(inner) ||
              Object.keys(inner).length > 0,
          ),
      );
    };
    const fields = body.fields;
    return {
      ...(prune(body) as object),
      from: prune(body.from),
      to: prune(body.to),
      ...(fields ? { fields } : {}),
    };
  };

  it('a kept request, duplicated into the form and sent again, is the same request (a what-if starts equal)', () => {
    fc.assert(
      fc.property(transaction, (request) => {
        const again = transactionFromForm(formFromTransaction(request));
        expect(again).toEqual({
          ok: true,
          transaction: withoutEmptyParts(KytTransactionInput.parse(request)),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a duplicate leaves the transaction id out, so the service can tell the two apart', () => {
    const duplicated = formFromTransaction({
      amount: 1,
      currency: 'EUR',
      external_id: 'cd-original',
      from: {},
      to: {},
    });
    expect(duplicated.values.external_id).toBeUndefined();
  });
});

describe('the date the form starts with', () => {
  it('is now, to the second, in the local offset, and the contract takes it', () => {
    const now = new Date('2026-11-27T13:30:15.250Z');
    const typed = localDateTime(now);
    expect(KytDateTime.safeParse(typed).success).toBe(true);
    expect(Date.parse(typed)).toBe(Date.parse('2026-11-27T13:30:15Z'));
    expect(emptyForm(now).values.date).toBe(typed);
  });
});

describe('a picked participant', () => {
  it('replaces everything of its side and nothing of the other', () => {
    const before = form({
      'from.full_name': 'Old Name',
      'from.device.ip': '10.0.0.1',
      'to.full_name': 'Receiver',
    });
    const after = withParticipant(before, 'from', {
      full_name: 'Anna Lind',
      external_id: 'C-1',
      device: { '2fa': false },
    });
    expect(after.values).toEqual({
      amount: '100',
      currency: 'EUR',
      'to.full_name': 'Receiver',
      'from.full_name': 'Anna Lind',
      'from.external_id': 'C-1',
      'from.device.2fa': 'no',
    });
  });
});

describe("main's messages on a refused submission", () => {
  it('go beside the fields they name, with or without the input’s wrapper', () => {
    expect(
      placeBridgeErrors({
        'transaction.from.device.country': 'Two letters.',
        amount: 'A number.',
        review_groups: 'Too many.',
        'fields.channel': 'Unknown custom field.',
        'to.payment_method.colour': 'Not a field.',
        transaction: 'The body was refused.',
      }),
    ).toEqual({
      byField: {
        'from.device.country': 'Two letters.',
        amount: 'A number.',
        review_groups: 'Too many.',
        fields: 'Unknown custom field.',
      },
      elsewhere: ['Receiver (payment_method.colour): Not a field.', 'The body was refused.'],
    });
  });
});
