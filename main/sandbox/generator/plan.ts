// Tenant sizes. The watchlist has the same size at every scale: real lists do not grow with the
// institution's book, and live screening (which knows only the seed) must screen against the list
// the tenant was generated with. So the alert rate per customer is the same at every scale.
import type { Scale, TenantPlan } from './index';
import { DEFAULT_WATCHLIST_PROFILES } from './screening/watchlist-index';

const CUSTOMERS: Readonly<Record<Exclude<Scale, number>, number>> = {
  small: 300,
  medium: 3_000,
  large: 20_000,
};

export function planForScale(scale: Scale): TenantPlan {
  const customers = typeof scale === 'number' ? Math.max(0, Math.round(scale)) : CUSTOMERS[scale];
  return {
    customers,
    watchlistProfiles: DEFAULT_WATCHLIST_PROFILES,
    threads: customers,
    documentsPerCustomer: customers >= 10_000 ? 2 : 2.5,
  };
}
