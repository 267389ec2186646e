import {
  isNearThreshold,
  stateForScore,
  STRUCTURING_LOOKBACK,
  toEurCents,
  VELOCITY_LOOKBACK,
  type evaluateKyt,
  type KytHistoryItem,
} from '../generator';
import { parseBody } from '../http/body';
import { json, type Reply } from '../http/router';
import type { KytTransaction } from '../model';
import { statementCache, type OpContext } from './common';
import { participantAnswer, ruleFacts } from './kyt-answer';
import { KytScoringChange, KytTransactionBody, type KytTransactionInput } from './kyt-input';
import { createKytLinks, type LinkedCustomer } from './kyt-links';
import type { TimelineWriter } from './timeline';

const DAY_MS = 24 * 3600_000;

/**
 * What an opaque score adds on top of the rules (PUT /__sandbox/kyt/scoring): a part of the score
 * no rule accounts for, so a client's explanation has to say so rather than invent one.
 */
export const OPAQUE_EXTRA = 7;

/** The velocity rules' reads (sender key, day start, day end, limit): bounded index walks. */
export const HISTORY_SQL = {
  recent: `SELECT amount_eur, date_ms FROM kyt_transactions
    WHERE sender_key = ? AND date_ms >= ? AND date_ms <= ? ORDER BY date_ms DESC LIMIT ?`,
  nearThreshold: `SELECT amount_eur, date_ms FROM kyt_transactions
    WHERE sender_key = ? AND near_threshold = 1 AND date_ms >= ? AND date_ms <= ?
    ORDER BY date_ms DESC LIMIT ?`,
} as const;

export interface KytScoring {
  opaque: boolean;
}

export function createKytOps(
  context: OpContext,
  timeline: TimelineWriter,
  evaluate: typeof evaluateKyt,
) {
  const prepare = statementCache(context.db);
  const links = createKytLinks(prepare);
  let scoring: KytScoring = { opaque: false };

  /**
   * The sender's latest earlier transactions in the day up to `dateMs`: never more than the rules
   * read, each through its index, so the 10,000th transaction costs what the first did.
   */
  function history(senderKey: string, dateMs: number) {
    const read = (sql: string, limit: number): KytHistoryItem[] =>
      (
        prepare(sql).all(senderKey, dateMs - DAY_MS, dateMs, limit) as Array<{
          amount_eur: number;
          date_ms: number;
        }>
      ).map((row) => ({ amountEur: row.amount_eur, date: new Date(row.date_ms).toISOString() }));
    return {
      recent: read(HISTORY_SQL.recent, VELOCITY_LOOKBACK),
      nearThreshold: read(HISTORY_SQL.nearThreshold, STRUCTURING_LOOKBACK),
    };
  }

  /** Whose history velocity reads: the sender's real id, else its customer, else its name. */
  function senderKeyOf(input: KytTransactionInput, linked: LinkedCustomer[]): string {
    if (input.from.external_id) return `id:${links.realExternalId(input.from.external_id)}`;
    if (linked[0]) return `id:${linked[0].externalId}`;
    return input.from.full_name ? `name:${input.from.full_name}` : 'anonymous';
  }

  function linkedCustomers(input: KytTransactionInput) {
    const from = links.customersOf(input.from);
    const all = new Map<string, LinkedCustomer>();
    for (const customer of [...from, ...links.customersOf(input.to)])
      all.set(customer.id, customer);
    return { from, all: [...all.values()] };
  }

  return {
    /** POST /api/v1/kyt/transaction */
    create(body: unknown): Reply {
      const input = parseBody(KytTransactionBody, body);
      const at = context.now();
      const dateMs = input.date ? Date.parse(input.date) : at.getTime();
      const linked = linkedCustomers(input);
      const senderKey = senderKeyOf(input, linked.from);
      const evaluation = evaluate({
        amount: input.amount,
        currency: input.currency,
        date: new Date(dateMs).toISOString(),
        from: ruleFacts(input.from),
        to: ruleFacts(input.to),
        crypto: input.crypto !== null && input.crypto !== undefined,
        ...history(senderKey, dateMs),
      });
      const score = scoring.opaque
        ? Math.min(100, evaluation.score + OPAQUE_EXTRA)
        : evaluation.score;
      const amountEur = toEurCents(input.amount, input.currency);
      const transaction: KytTransaction = {
        amount: input.amount,
        comment: input.comment ?? null,
        context: input.context ?? null,
        crypto: input.crypto
          ? { blockchain: input.crypto.blockchain ?? null, tx_hash: input.crypto.tx_hash ?? null }
          : null,
        currency: input.currency,
        date: input.date ?? null,
        external_id: input.external_id,
        fields: input.fields ?? null,
        from: participantAnswer(input.from, links.realExternalId),
        to: participantAnswer(input.to, links.realExternalId),
        label: input.label ?? null,
        review_groups: input.review_groups ?? null,
        id: context.newId('kyt'),
        client_id: 1,
        converted_amount: amountEur,
        converted_currency: 'EUR',
        converted_date: at.toISOString(),
        customers: linked.all.map((customer) => customer.id),
        rules: evaluation.rules,
        score,
        search_vector: searchVector(input),
        state: stateForScore(score),
      };
      context.db.transaction(() => {
        prepare(
          `INSERT INTO kyt_transactions (id, sender_key, amount_eur, near_threshold, date_ms, json)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(
          transaction.id,
          senderKey,
          amountEur,
          isNearThreshold(amountEur) ? 1 : 0,
          dateMs,
          JSON.stringify(transaction),
        );
        for (const customer of linked.all) {
          timeline.write(
            customer.externalId,
            'kyt_transaction',
            `Transaction ${input.external_id}`,
            `${input.amount} ${input.currency}: score ${score}, ${transaction.state.label}`,
            at,
          );
        }
      })();
      return json(transaction);
    },

    /** GET /__sandbox/kyt/scoring */
    scoring: (): Reply => json(scoring),

    /** PUT /__sandbox/kyt/scoring `{"opaque": boolean}` */
    setScoring(body: unknown): Reply {
      scoring = parseBody(KytScoringChange, body);
      return json(scoring);
    },
  };
}

/** The texts a search on the service would match: ids, names and the label, each once. */
function searchVector(input: KytTransactionInput): string[] {
  const values = [
    input.external_id,
    input.label,
    input.from.external_id,
    input.from.full_name,
    input.to.external_id,
    input.to.full_name,
  ].filter((value): value is string => typeof value === 'string' && value.length > 0);
  return [...new Set(values)];
}
