import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KytSubmissionSummary } from '../../../preload/contract';
import { searchTextOf } from '../../../main/kyt/kyt-record';
import { foldedWords } from '../../../main/press/subject-key';

// Ctrl+K finds a submission by the words search folds from what is typed: its search text holds
// exactly the folded words of its ids, names, label, state, currency and amount, once each.

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('Zoë Marsh', 'ÉCOLE', 'C-1', 'kyt_9', '  ', 'Straße 12', 'İstanbul', 'a\u0301b'),
);
const optional = fc.option(text, { nil: null });

const summary = fc.record({
  id: text,
  serviceId: optional,
  externalId: text,
  fromName: optional,
  fromExternalId: optional,
  toName: optional,
  toExternalId: optional,
  customers: fc.array(text, { maxLength: 3 }),
  label: optional,
  state: fc.option(fc.record({ text, code: optional }), { nil: null }),
  currency: text,
  amount: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1250.5, 0.1, -3)),
});

describe('a KYT submission’s search text', () => {
  it('holds the folded words of every field searched, each once, in the order they come', () => {
    fc.assert(
      fc.property(summary, (fields) => {
        const amount = Number.isFinite(fields.amount)
          ? [String(fields.amount), fields.amount.toFixed(2)]
          : [];
        const texts = [
          fields.id,
          fields.serviceId ?? '',
          fields.externalId,
          fields.fromName ?? '',
          fields.fromExternalId ?? '',
          fields.toName ?? '',
          fields.toExternalId ?? '',
          ...fields.customers,
          fields.label ?? '',
          fields.state?.text ?? '',
          fields.state?.code ?? '',
          fields.currency,
          ...amount,
        ];
        const expected = [...new Set(texts.flatMap(foldedWords))];
        expect(searchTextOf(fields as unknown as KytSubmissionSummary)).toBe(
          ` ${expected.join(' ')} `,
        );
      }),
      { numRuns: 500 },
    );
  });
});
