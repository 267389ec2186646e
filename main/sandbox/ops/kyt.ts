import { z } from 'zod';
import type { evaluateKyt, KytInputParticipant } from '../generator';
import { parseBody } from '../http/body';
import { json, type Reply } from '../http/router';
import { statementCache, type OpContext } from './common';
import type { TimelineWriter } from './timeline';

const Device = z
  .object({
    '2fa': z.boolean().nullish(),
    '3ds': z.boolean().nullish(),
    country: z.string().nullish(),
    fingerprint: z.string().nullish(),
    geolocation: z.string().nullish(),
    ip: z.string().nullish(),
    language: z.string().nullish(),
    session_duration: z.number().nullish(),
    session_id: z.string().nullish(),
    user_agent: z.string().nullish(),
  })
  .nullish();

const Participant = z.object({
  account_type: z.string().nullish(),
  device: Device,
  domicile_code: z.string().nullish(),
  external_id: z.string().nullish(),
  full_name: z.string().nullish(),
  payment_institution: z
    .object({
      code: z.string().nullish(),
      country: z.string().nullish(),
      external_id: z.string().nullish(),
      internal_customer_id: z.string().nullish(),
      name: z.string().nullish(),
      real_external_id: z.string().nullish(),
    })
    .nullish(),
  payment_method: z
    .object({
      code: z.string().nullish(),
      country: z.string().nullish(),
      type: z.string().nullish(),
    })
    .nullish(),
});

// Required fields are not shown in the spec; a transaction without an amount, currency or
// parties cannot be scored, so those are required here (see the sandbox README).
const TransactionBody = z.object({
  amount: z.number().finite().nonnegative(),
  comment: z.string().nullish(),
  context: z.string().nullish(),
  crypto: z.object({ blockchain: z.string(), tx_hash: z.string() }).nullish(),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'an ISO 4217 code such as EUR'),
  date: z.string().nullish(),
  external_id: z.string().min(1).max(128),
  fields: z.unknown().optional(),
  from: Participant,
  to: Participant,
  label: z.string().nullish(),
  review_groups: z.array(z.string()).nullish(),
});

type ParticipantInput = z.infer<typeof Participant>;

const defined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The rules read only these parts of a participant; nulls from the wire count as absent. */
function forRules(participant: ParticipantInput): KytInputParticipant {
  const device = participant.device;
  return {
    external_id: defined(participant.external_id),
    full_name: defined(participant.full_name),
    domicile_code: defined(participant.domicile_code),
    account_type: defined(participant.account_type),
    device: device
      ? {
          ip: defined(device.ip),
          country: defined(device.country),
          '2fa': defined(device['2fa']),
          '3ds': defined(device['3ds']),
          session_duration: defined(device.session_duration),
          fingerprint: defined(device.fingerprint),
        }
      : undefined,
    payment_institution: participant.payment_institution
      ? {
          country: defined(participant.payment_institution.country),
          code: defined(participant.payment_institution.code),
        }
      : undefined,
    payment_method: participant.payment_method
      ? {
          type: defined(participant.payment_method.type),
          country: defined(participant.payment_method.country),
        }
      : undefined,
  };
}

// Reference rates to EUR for the converted amount; a sandbox needs plausible, stable figures.
const EUR_RATES: Record<string, number> = {
  EUR: 1,
  USD: 0.92,
  GBP: 1.17,
  CHF: 1.05,
  JPY: 0.0062,
  CNY: 0.13,
  RUB: 0.01,
  AED: 0.25,
  BRL: 0.17,
  INR: 0.011,
  NGN: 0.0006,
  TRY: 0.028,
};

const RECENT_WINDOW_MS = 24 * 3600 * 1000;

export function createKytOps(
  context: OpContext,
  timeline: TimelineWriter,
  evaluate: typeof evaluateKyt,
) {
  const prepare = statementCache(context.db);

  return {
    /** POST /api/v1/kyt/transaction */
    create(body: unknown): Reply {
      const input = parseBody(TransactionBody, body);
      const at = context.now();
      const date =
        input.date && Number.isFinite(Date.parse(input.date)) ? new Date(input.date) : at;
      const senderKey = input.from.external_id ?? input.from.full_name ?? 'anonymous';
      const rows = prepare(
        'SELECT amount, date_ms FROM kyt_transactions WHERE sender_key = ? AND date_ms >= ? AND date_ms <= ?',
      ).all(senderKey, date.getTime() - RECENT_WINDOW_MS, date.getTime()) as Array<{
        amount: number;
        date_ms: number;
      }>;
      const recent = rows.map((row) => ({
        amount: row.amount,
        date: new Date(row.date_ms).toISOString(),
      }));
      const currency = input.currency.toUpperCase();
      const evaluation = evaluate({
        amount: input.amount,
        currency,
        date: date.toISOString(),
        from: forRules(input.from),
        to: forRules(input.to),
        recent,
      });
      const customers = [input.from.external_id, input.to.external_id].filter(
        (id): id is string =>
          typeof id === 'string' &&
          prepare('SELECT 1 FROM customers WHERE external_id = ?').get(id) !== undefined,
      );
      const rate = EUR_RATES[currency] ?? 1;
      const transaction = {
        ...input,
        currency,
        date: input.date ?? date.toISOString(),
        id: context.newId('kyt'),
        client_id: 1,
        converted_amount: Math.round(input.amount * rate * 100) / 100,
        converted_currency: 'EUR',
        converted_date: at.toISOString(),
        customers,
        rules: evaluation.rules,
        score: evaluation.score,
        search_vector: [
          input.external_id,
          input.from.full_name,
          input.to.full_name,
          input.label,
        ].filter((value): value is string => typeof value === 'string' && value.length > 0),
        state: evaluation.state,
      };
      context.db.transaction(() => {
        prepare(
          'INSERT INTO kyt_transactions (id, sender_key, amount, date_ms, json) VALUES (?, ?, ?, ?, ?)',
        ).run(
          transaction.id,
          senderKey,
          transaction.converted_amount,
          date.getTime(),
          JSON.stringify(transaction),
        );
        for (const customer of customers) {
          timeline.write(
            customer,
            'kyt_transaction',
            `Transaction ${input.external_id}`,
            `${input.amount} ${currency}: score ${evaluation.score}, ${evaluation.state.label}`,
            at,
          );
        }
      })();
      return json(transaction);
    },
  };
}
