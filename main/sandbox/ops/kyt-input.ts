// The body of POST /kyt/transaction as the sandbox reads it. Which fields are required is not shown
// by the spec; a transaction cannot be scored without an amount, a currency and its two parties,
// and CaseDesk always sends an external id, so those are required (see the sandbox README). Every
// refusal names the field and says what to send instead.
import { z } from 'zod';
import { knownCurrency, RATES_TO_EUR } from '../generator';

/** Larger amounts would overflow once converted (BTC is worth 58,000 EUR in the rate table). */
export const MAX_KYT_AMOUNT = 1e15;

const CURRENCIES = Object.keys(RATES_TO_EUR).join(', ');

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string'
    ? `the text ${JSON.stringify(value.slice(0, 40))}`
    : `a ${typeof value}`;
}

/** "required: …" when absent or null, else "… (got …)". */
const needs = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? `required: ${what}`
    : `must be ${what}, not ${kindOf(issue.input)}`;

const text = z.string().nullish();
const flag = z.boolean().nullish();

const Device = z
  .object({
    '2fa': flag,
    '3ds': flag,
    country: text,
    fingerprint: text,
    geolocation: text,
    ip: text,
    language: text,
    session_duration: z.number().nullish(),
    session_id: text,
    user_agent: text,
  })
  .nullish();

const PaymentInstitution = z
  .object({
    code: text,
    country: text,
    external_id: text,
    internal_customer_id: text,
    name: text,
    // Accepted and ignored: the service computes it (spec, PaymentInstitution).
    real_external_id: text,
  })
  .nullish();

const PaymentMethod = z.object({ code: text, country: text, type: text }).nullish();

const participant = (role: string) =>
  z.object(
    {
      account_type: text,
      device: Device,
      domicile_code: text,
      external_id: text,
      full_name: text,
      payment_institution: PaymentInstitution,
      payment_method: PaymentMethod,
    },
    { error: needs(`the ${role}, a Participant object ({} when nothing is known)`) },
  );

export const KytTransactionBody = z.object(
  {
    amount: z
      .number({ error: needs('the amount, a number such as 120.5') })
      .min(0, 'must not be negative')
      .max(MAX_KYT_AMOUNT, `must be at most ${MAX_KYT_AMOUNT}`),
    comment: text,
    context: text,
    crypto: z.object({ blockchain: text, tx_hash: text }).nullish(),
    currency: z
      .string({ error: needs('the currency, a code such as EUR') })
      .transform((value, context) => {
        const code = knownCurrency(value);
        if (code) return code;
        context.addIssue({
          code: 'custom',
          message: `unknown currency ${JSON.stringify(value)}: use one of ${CURRENCIES}`,
        });
        return z.NEVER;
      }),
    date: z.iso
      .datetime({
        offset: true,
        error: needs('an ISO 8601 date-time with a UTC offset, such as 2025-01-31T09:00:00+01:00'),
      })
      .nullish(),
    external_id: z
      .string({ error: needs("the transaction's external id, a text of 1 to 128 characters") })
      .min(1, "must not be empty: the transaction's id in the sending system")
      .max(128, 'must be at most 128 characters'),
    fields: z.unknown().optional(),
    from: participant('sender'),
    to: participant('receiver'),
    label: text,
    review_groups: z.array(z.string()).nullish(),
  },
  { error: needs('a KYT transaction, a JSON object') },
);

export type KytTransactionInput = z.output<typeof KytTransactionBody>;
export type KytParticipantInput = KytTransactionInput['from'];

/** PUT /__sandbox/kyt/scoring */
export const KytScoringChange = z.strictObject({ opaque: z.boolean() });
