import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashToRoute, routeToHash, type Route } from '../../../renderer/src/lib/routes';

// The KYT places in the address: Back, Forward and a reload keep the place, and a damaged
// address opens the list rather than half a place.

const id = fc
  .string({ minLength: 1, maxLength: 40 })
  .filter((text) => !['new', 'compare'].includes(text));
const route: fc.Arbitrary<Route> = fc.oneof(
  fc.constant<Route>({ screen: 'kyt' }),
  fc.constant<Route>({ screen: 'kyt', tab: 'batches' }),
  fc
    .record(
      {
        label: id,
        status: fc.constantFrom('in-doubt' as const, 'scored' as const),
        scoreMin: fc.integer({ min: 0, max: 100 }),
        from: fc.constant('2026-11-01'),
        customerExternalId: id,
        offset: fc.integer({ min: 1, max: 10_000 }),
      },
      { requiredKeys: ['label'] },
    )
    .map((filter): Route => ({ screen: 'kyt', filter })),
  fc.constant<Route>({ screen: 'kyt-new' }),
  id.map((from): Route => ({ screen: 'kyt-new', prefill: { from } })),
  id.map((to): Route => ({ screen: 'kyt-new', prefill: { to } })),
  id.map((duplicate): Route => ({ screen: 'kyt-new', prefill: { duplicate } })),
  id.map((submission): Route => ({ screen: 'kyt-submission', id: submission })),
  fc.tuple(id, id).map(([a, b]): Route => ({ screen: 'kyt-compare', a, b })),
  id.map((externalId): Route => ({ screen: 'customer', externalId, tab: 'transactions' })),
);

describe('KYT places in the address', () => {
  it('every place survives the trip through the hash', () => {
    fc.assert(
      fc.property(route, (original) => {
        expect(hashToRoute(routeToHash(original))).toEqual(original);
      }),
    );
  });

  it('have the addresses the issue names', () => {
    expect(routeToHash({ screen: 'kyt' })).toBe('#/kyt');
    expect(routeToHash({ screen: 'kyt-new' })).toBe('#/kyt/new');
    expect(routeToHash({ screen: 'kyt-new', prefill: { from: 'C 1/2' } })).toBe(
      '#/kyt/new?from=C+1%2F2',
    );
    expect(routeToHash({ screen: 'kyt-new', prefill: { to: 'C-7' } })).toBe('#/kyt/new?to=C-7');
    expect(routeToHash({ screen: 'kyt-submission', id: 'S 1/2' })).toBe('#/kyt/S%201%2F2');
    expect(routeToHash({ screen: 'kyt-compare', a: 'A', b: 'B' })).toBe('#/kyt/compare/A/B');
    expect(routeToHash({ screen: 'customer', externalId: 'C1', tab: 'transactions' })).toBe(
      '#/customer/C1/transactions',
    );
    expect(hashToRoute('#/kyt/new?from=C-1')).toEqual({
      screen: 'kyt-new',
      prefill: { from: 'C-1' },
    });
    expect(hashToRoute('#/kyt?tab=batches')).toEqual({ screen: 'kyt', tab: 'batches' });
  });

  it('a damaged one opens the list or an empty form, never throws', () => {
    expect(hashToRoute('#/kyt/compare/A')).toEqual({ screen: 'kyt' });
    expect(hashToRoute('#/kyt/%E0%A4%A')).toEqual({ screen: 'kyt' });
    expect(hashToRoute('#/kyt?filter={broken')).toEqual({ screen: 'kyt' });
    expect(hashToRoute('#/kyt?tab=elsewhere')).toEqual({ screen: 'kyt' });
    expect(hashToRoute('#/kyt/new?from=')).toEqual({ screen: 'kyt-new' });
    expect(hashToRoute('#/kyt/new?colour=red')).toEqual({ screen: 'kyt-new' });
    fc.assert(
      fc.property(fc.string(), (rest) => {
        hashToRoute(`#/kyt/${rest}`);
        hashToRoute(`#/kyt/new?${rest}`);
      }),
    );
  });
});
