// The sandbox tenant's KYT rule set. Each rule scores 0..100 (an integer; 0 when it does not fire).
// How the scores combine into the transaction's score is in kyt.ts; the sandbox README lists the
// rules, their weights and what makes each fire.
import { HIGH_RISK_COUNTRIES, OFFSHORE_COUNTRIES } from '../geo';
import { toEur } from './rates';

export interface KytInputParticipant {
  external_id?: string;
  full_name?: string;
  domicile_code?: string;
  account_type?: string;
  device?: {
    ip?: string;
    country?: string;
    '2fa'?: boolean;
    '3ds'?: boolean;
    session_duration?: number;
    fingerprint?: string;
  };
  payment_institution?: { country?: string; code?: string };
  payment_method?: { type?: string; country?: string };
}

/** One of the sender's earlier transactions: its EUR value and its date. */
export interface KytHistoryItem {
  amountEur: number;
  date: string;
}

export interface KytInput {
  amount: number;
  /** A code of the rate table. */
  currency: string;
  /** ISO date-time of the transaction. */
  date: string;
  from: KytInputParticipant;
  to: KytInputParticipant;
  /** Whether a crypto transfer (blockchain, transaction hash) was given. */
  crypto: boolean;
  /**
   * The sender's earlier transactions in the 24 hours up to `date`, newest first. The rules give
   * the same answer from the latest VELOCITY_LOOKBACK of them, so a caller may pass only those.
   */
  recent: KytHistoryItem[];
  /**
   * The sender's earlier transactions in those 24 hours that were just under the amount threshold,
   * newest first; the latest STRUCTURING_LOOKBACK of them are enough.
   */
  nearThreshold: KytHistoryItem[];
}

export interface KytRuleDefinition {
  code: string;
  /** Switched on in the tenant's rule set; an inactive rule is scored and returned, and ignored. */
  active: boolean;
  /** Weighted rules share a weighted mean; unweighted ones count by their own score. */
  useWeight: boolean;
  /** The tenant's weight; only read when `useWeight`. */
  weight: number;
  /** What the rule looks for, as the README says it. */
  description: string;
  evaluate: (input: KytInput) => number;
}

export const AMOUNT_THRESHOLD_EUR = 10_000;
/** The EUR value at which AMOUNT_RISK reaches 100. */
export const AMOUNT_RISK_FULL_EUR = 50_000;
/** "Just under the threshold": from this share of it up to the threshold itself. */
export const NEAR_THRESHOLD_SHARE = 0.85;
const DAY_MS = 24 * 3600_000;

/** Enough earlier transactions for VELOCITY to reach its highest score. */
export const VELOCITY_LOOKBACK = 10;
/** Enough earlier near-threshold transactions for STRUCTURING to reach its highest score. */
export const STRUCTURING_LOOKBACK = 4;

/**
 * Synthetic "comprehensively sanctioned" jurisdictions (a subset of the high-risk list): any
 * participant tied to one is blocked outright. The sandbox's own list, not an official one.
 */
export const SANCTIONED_COUNTRIES: readonly string[] = ['KP', 'IR', 'SY', 'CU'];

const CARD_METHODS = new Set(['card', 'credit_card', 'debit_card', 'cc']);

export function isNearThreshold(amountEur: number): boolean {
  return (
    amountEur >= NEAR_THRESHOLD_SHARE * AMOUNT_THRESHOLD_EUR && amountEur < AMOUNT_THRESHOLD_EUR
  );
}

/** Every country code a participant carries: domicile, device, institution, payment method. */
function countriesOf(participant: KytInputParticipant): string[] {
  return [
    participant.domicile_code,
    participant.device?.country,
    participant.payment_institution?.country,
    participant.payment_method?.country,
  ]
    .filter((code): code is string => typeof code === 'string' && code.length > 0)
    .map((code) => code.toUpperCase());
}

const bothParties = (input: KytInput) => [...countriesOf(input.from), ...countriesOf(input.to)];
const anyIn = (codes: string[], list: readonly string[]) => codes.some((c) => list.includes(c));
const eurOf = (input: KytInput) => toEur(input.amount, input.currency);

/** Items dated within the 24 hours up to the transaction (a caller may have passed others). */
function sameDay(input: KytInput, items: KytHistoryItem[]): KytHistoryItem[] {
  const at = Date.parse(input.date);
  return items.filter((item) => {
    const t = Date.parse(item.date);
    return Number.isFinite(t) && t <= at && at - t <= DAY_MS;
  });
}

export const KYT_RULES: readonly KytRuleDefinition[] = [
  {
    code: 'AMOUNT_RISK',
    active: true,
    useWeight: true,
    weight: 25,
    description: `EUR value against ${AMOUNT_RISK_FULL_EUR} EUR: 100 × value / ${AMOUNT_RISK_FULL_EUR}, at most 100`,
    evaluate: (input) => Math.min(100, (100 * eurOf(input)) / AMOUNT_RISK_FULL_EUR),
  },
  {
    code: 'COUNTRY_RISK',
    active: true,
    useWeight: true,
    weight: 25,
    description: 'any country of either party: 100 if high-risk, 50 if an offshore centre',
    evaluate: (input) => {
      const codes = bothParties(input);
      if (anyIn(codes, HIGH_RISK_COUNTRIES) || anyIn(codes, SANCTIONED_COUNTRIES)) return 100;
      return anyIn(codes, OFFSHORE_COUNTRIES) ? 50 : 0;
    },
  },
  {
    code: 'IP_COUNTRY_MISMATCH',
    active: true,
    useWeight: true,
    weight: 20,
    description: "sender's device country differs from its domicile: 100",
    evaluate: ({ from }) => {
      const device = from.device?.country?.toUpperCase();
      const home = from.domicile_code?.toUpperCase();
      return device && home && device !== home ? 100 : 0;
    },
  },
  {
    code: 'NO_2FA',
    active: true,
    useWeight: true,
    weight: 10,
    description: "sender's device without two-factor authentication (2fa false): 100",
    evaluate: ({ from }) => (from.device?.['2fa'] === false ? 100 : 0),
  },
  {
    code: 'NO_3DS',
    active: true,
    useWeight: true,
    weight: 5,
    description: 'sender pays by card (card, credit_card, debit_card, cc) with 3ds false: 100',
    evaluate: ({ from }) => {
      const card = CARD_METHODS.has((from.payment_method?.type ?? '').toLowerCase());
      return card && from.device?.['3ds'] === false ? 100 : 0;
    },
  },
  {
    code: 'SHORT_SESSION',
    active: true,
    useWeight: true,
    weight: 5,
    description: "sender's session under 30 s: 100 − 2 × seconds",
    evaluate: ({ from }) => {
      const seconds = from.device?.session_duration;
      return typeof seconds === 'number' && seconds >= 0 && seconds < 30 ? 100 - seconds * 2 : 0;
    },
  },
  {
    code: 'VELOCITY',
    active: true,
    useWeight: true,
    weight: 10,
    description:
      "sender's earlier transactions in the 24 h before: n >= 5 gives 60 + 10 × (n − 5), at most 100; else 70 when n >= 2 and the day's EUR total (with this one) exceeds 15,000",
    evaluate: (input) => {
      const day = sameDay(input, input.recent);
      if (day.length >= 5) return Math.min(100, 60 + (day.length - 5) * 10);
      const total = day.reduce((sum, item) => sum + item.amountEur, eurOf(input));
      return total > 15_000 && day.length >= 2 ? 70 : 0;
    },
  },
  {
    code: 'LARGE_AMOUNT',
    active: true,
    useWeight: false,
    weight: 30,
    description: `EUR value of ${AMOUNT_THRESHOLD_EUR} or more: 40 + 20 × log10(value / ${AMOUNT_THRESHOLD_EUR}), at most 60`,
    evaluate: (input) => {
      const eur = eurOf(input);
      return eur >= AMOUNT_THRESHOLD_EUR
        ? Math.min(60, 40 + 20 * Math.log10(eur / AMOUNT_THRESHOLD_EUR))
        : 0;
    },
  },
  {
    code: 'HIGH_RISK_COUNTRY',
    active: true,
    useWeight: false,
    weight: 40,
    description: 'any country of either party on the high-risk list: 50',
    evaluate: (input) => (anyIn(bothParties(input), HIGH_RISK_COUNTRIES) ? 50 : 0),
  },
  {
    code: 'SANCTIONED_COUNTRY',
    active: true,
    useWeight: false,
    weight: 100,
    description: 'any country of either party on the sanctioned list: 100',
    evaluate: (input) => (anyIn(bothParties(input), SANCTIONED_COUNTRIES) ? 100 : 0),
  },
  {
    code: 'STRUCTURING',
    active: true,
    useWeight: false,
    weight: 25,
    description:
      'just under the threshold (85–100 % of it) after n >= 1 such transactions by the sender in the 24 h before: 80 + 5 × n, at most 100',
    evaluate: (input) => {
      if (!isNearThreshold(eurOf(input))) return 0;
      const day = sameDay(input, input.nearThreshold).filter((item) =>
        isNearThreshold(item.amountEur),
      );
      return day.length >= 1 ? 80 + Math.min(20, day.length * 5) : 0;
    },
  },
  {
    code: 'ROUND_AMOUNT',
    active: false,
    useWeight: true,
    weight: 10,
    description: 'amount of 1,000 or more in whole thousands: 100 (switched off)',
    evaluate: ({ amount }) => (amount >= 1000 && amount % 1000 === 0 ? 100 : 0),
  },
  {
    code: 'CRYPTO_TRANSFER',
    active: false,
    useWeight: false,
    weight: 20,
    description: 'a crypto transfer (blockchain, transaction hash) given: 45 (switched off)',
    evaluate: ({ crypto }) => (crypto ? 45 : 0),
  },
];
