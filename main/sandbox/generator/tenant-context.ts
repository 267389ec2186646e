// Everything a tenant's generators share: the seed's root stream, the anchor date, the watchlist.
import { DAY, YEAR } from './dates';
import { Rng } from './rng';
import type { TenantPlan } from './index';
import { type WatchlistIndex, watchlistIndex } from './screening/watchlist-index';

export interface TenantContext {
  seed: number;
  plan: TenantPlan;
  nowMs: number;
  /** The tenant's history starts here. */
  startMs: number;
  clientId: number;
  root: Rng;
  watchlist: WatchlistIndex;
  /** The institution's own mail domain. */
  mailDomain: string;
}

export const HISTORY_YEARS = 3;

/** The institution's own mail domain (reserved .example domain). */
export const MAIL_DOMAIN = 'sandbox-bank.example';

export function clientIdFor(seed: number): number {
  return 1000 + (Math.abs(Math.trunc(seed)) % 9000);
}

export function tenantContext(seed: number, plan: TenantPlan, now: Date): TenantContext {
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  return {
    seed,
    plan,
    nowMs,
    startMs: nowMs - HISTORY_YEARS * YEAR + 2 * DAY,
    clientId: clientIdFor(seed),
    root: Rng.fromSeed(seed),
    watchlist: watchlistIndex(seed, plan.watchlistProfiles),
    mailDomain: MAIL_DOMAIN,
  };
}
