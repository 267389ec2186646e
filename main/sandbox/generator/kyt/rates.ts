// The sandbox's currency table: synthetic, fixed rates to EUR, so converted amounts and the
// amount rules give the same answer every time. A currency outside this table is refused (400).

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

/** The table's code for a currency as sent (codes are matched case-insensitively), or null. */
export function knownCurrency(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return Object.hasOwn(RATES_TO_EUR, upper) ? upper : null;
}

/** The EUR value of an amount in a currency of the table (unknown codes count at par). */
export function toEur(amount: number, currency: string): number {
  return amount * (RATES_TO_EUR[currency.toUpperCase()] ?? 1);
}

/** Converted amounts are given to the cent. */
export function toEurCents(amount: number, currency: string): number {
  return Math.round(toEur(amount, currency) * 100) / 100;
}
