import { describe, expect, it } from 'vitest';
import { generateTenant, planFor } from '../../../main/sandbox/generator';

/** Who each customer is: what must not depend on when the tenant was generated. */
function identities(now: string): string[] {
  const out: string[] = [];
  for (const item of generateTenant({ seed: 7, plan: planFor(40), now: new Date(now) })) {
    if (item.kind !== 'customer') continue;
    const c = item.customer;
    out.push(
      JSON.stringify([
        c.external_id,
        c.account_type.code,
        c.first_name,
        c.middle_name,
        c.last_name,
        c.company_name,
        c.trading_name,
        c.nationality_codes,
        c.domicile_codes,
        c.name_variations,
      ]),
    );
  }
  return out;
}

describe('generated tenant and the clock', () => {
  it('gives a seed the same customers whatever the time of day or date of `now`', () => {
    // Onboarding times move into office hours only at some hours of `now`; the customers behind
    // them must stay the same people (screening tests copy them and expect the same matches).
    const morning = identities('2026-11-21T09:40:00Z');
    expect(morning).toHaveLength(40);
    expect(identities('2026-11-21T00:30:00Z')).toEqual(morning);
    expect(identities('2026-11-21T23:50:00Z')).toEqual(morning);
    expect(identities('2027-03-06T15:05:00Z')).toEqual(morning);
  });
});
