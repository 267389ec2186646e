// Transaction monitoring (KYT): weighted rules, each scoring 0..100 when it fires; the transaction
// score is the weighted share of the rules' scores, capped at 100. States: accepted (< 40),
// review (40..69), blocked (>= 70).
import type { KytRule } from '../../model';
import { HIGH_RISK_COUNTRIES } from '../geo';
import type { KytEvaluation, KytInputParticipant } from '../index';

/** Synthetic conversion rates to EUR (fixed, so scores are reproducible). */
export const RATES_TO_EUR: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 0.92,
  GBP: 1.17,
  CHF: 1.04,
  JPY: 0.0061,
  CNY: 0.127,
  RUB: 0.0102,
  AED: 0.25,
  TRY: 0.028,
  PLN: 0.23,
  SEK: 0.088,
  NOK: 0.086,
  DKK: 0.134,
  CZK: 0.04,
  HUF: 0.0025,
  INR: 0.011,
  BRL: 0.18,
  MXN: 0.054,
  SGD: 0.68,
  HKD: 0.118,
  KRW: 0.00068,
  NGN: 0.0006,
  ILS: 0.25,
  SAR: 0.245,
  BTC: 58_000,
  ETH: 3_000,
  USDT: 0.92,
};

export function toEur(amount: number, currency: string): number {
  return amount * (RATES_TO_EUR[currency.toUpperCase()] ?? 1);
}

export const AMOUNT_THRESHOLD_EUR = 10_000;

interface RuleDefinition {
  code: string;
  weight: number;
  /** 0 when the rule does not fire, otherwise its strength 0..100. */
  evaluate: (input: KytInput) => number;
}

export interface KytInput {
  amount: number;
  currency: string;
  date: string;
  from: KytInputParticipant;
  to: KytInputParticipant;
  recent: Array<{ amount: number; date: string }>;
}

function countries(participant: KytInputParticipant): string[] {
  return [
    participant.domicile_code,
    participant.device?.country,
    participant.payment_institution?.country,
    participant.payment_method?.country,
  ]
    .filter((code): code is string => typeof code === 'string' && code.length > 0)
    .map((code) => code.toUpperCase());
}

const CARD_METHODS = new Set(['card', 'credit_card', 'debit_card', 'cc']);

function within24h(input: KytInput): Array<{ amount: number; date: string }> {
  const at = Date.parse(input.date);
  if (!Number.isFinite(at)) return input.recent;
  return input.recent.filter((item) => {
    const t = Date.parse(item.date);
    return Number.isFinite(t) && t <= at && at - t <= 24 * 3600_000;
  });
}

export const KYT_RULES: readonly RuleDefinition[] = [
  {
    code: 'AMOUNT_THRESHOLD',
    weight: 30,
    evaluate: (input) => {
      const eur = toEur(input.amount, input.currency);
      if (eur <= AMOUNT_THRESHOLD_EUR) return 0;
      return Math.min(100, 50 + 50 * Math.log10(eur / AMOUNT_THRESHOLD_EUR));
    },
  },
  {
    code: 'HIGH_RISK_COUNTRY',
    weight: 40,
    evaluate: (input) =>
      [...countries(input.from), ...countries(input.to)].some((code) =>
        HIGH_RISK_COUNTRIES.includes(code),
      )
        ? 100
        : 0,
  },
  {
    code: 'IP_COUNTRY_MISMATCH',
    weight: 15,
    evaluate: ({ from }) => {
      const device = from.device?.country?.toUpperCase();
      const home = from.domicile_code?.toUpperCase();
      return device && home && device !== home ? 100 : 0;
    },
  },
  {
    code: 'NO_2FA',
    weight: 10,
    evaluate: ({ from }) => (from.device && from.device['2fa'] === false ? 100 : 0),
  },
  {
    code: 'NO_3DS',
    weight: 10,
    evaluate: ({ from }) => {
      const card = CARD_METHODS.has((from.payment_method?.type ?? '').toLowerCase());
      return card && from.device?.['3ds'] === false ? 100 : 0;
    },
  },
  {
    code: 'SHORT_SESSION',
    weight: 10,
    evaluate: ({ from }) => {
      const seconds = from.device?.session_duration;
      return typeof seconds === 'number' && seconds >= 0 && seconds < 30 ? 100 - seconds * 2 : 0;
    },
  },
  {
    code: 'VELOCITY',
    weight: 25,
    evaluate: (input) => {
      const day = within24h(input);
      const total =
        day.reduce((sum, item) => sum + toEur(item.amount, input.currency), 0) +
        toEur(input.amount, input.currency);
      if (day.length >= 5) return Math.min(100, 60 + (day.length - 5) * 10);
      return total > 15_000 && day.length >= 2 ? 70 : 0;
    },
  },
  {
    code: 'ROUND_AMOUNT',
    weight: 8,
    evaluate: ({ amount }) => (amount >= 1000 && amount % 1000 === 0 ? 100 : 0),
  },
  {
    code: 'STRUCTURING',
    weight: 25,
    evaluate: (input) => {
      const near = (value: number) =>
        value >= 0.85 * AMOUNT_THRESHOLD_EUR && value <= AMOUNT_THRESHOLD_EUR;
      const day = within24h(input).filter((item) => near(toEur(item.amount, input.currency)));
      return near(toEur(input.amount, input.currency)) && day.length >= 1
        ? 80 + Math.min(20, day.length * 5)
        : 0;
    },
  },
];

const TOTAL_WEIGHT_FOR_FULL_SCORE = 60;

export function evaluateTransaction(input: KytInput): KytEvaluation {
  const rules: KytRule[] = KYT_RULES.map((rule) => {
    const strength = Math.round(rule.evaluate(input));
    return {
      active: strength > 0,
      code: rule.code,
      score: strength,
      use_weight: true,
      weight: rule.weight,
    };
  });
  const weighted = rules.reduce(
    (sum, rule) => sum + (rule.active ? (rule.weight * rule.score) / 100 : 0),
    0,
  );
  const score = Math.min(100, Math.round((weighted / TOTAL_WEIGHT_FOR_FULL_SCORE) * 100));
  const state =
    score >= 70
      ? { code: 'blocked', label: 'Blocked' }
      : score >= 40
        ? { code: 'review', label: 'Under review' }
        : { code: 'accepted', label: 'Accepted' };
  return { score, rules, state };
}
