import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashToRoute, routeToHash, type Route } from '../../../renderer/src/lib/routes';

const text = fc.string({ minLength: 1, maxLength: 40 });
const route: fc.Arbitrary<Route> = fc.oneof(
  fc.constant<Route>({ screen: 'dashboard' }),
  fc.constant<Route>({ screen: 'threads' }),
  fc.constant<Route>({ screen: 'connection' }),
  text.map((profileId): Route => ({ screen: 'connection', profileId, field: 'token' })),
  text.map((id): Route => ({ screen: 'alert', id })),
  text.map((id): Route => ({ screen: 'thread', id })),
  fc.constant<Route>({ screen: 'press' }),
  fc
    .record(
      {
        subject: text,
        category: text,
        severity: fc.constantFrom('low', 'medium', 'high' as const),
        keptFrom: fc.constant('2026-01-01'),
        keptTo: fc.constant('2026-12-31'),
        customerExternalId: text,
      },
      { requiredKeys: ['subject'] },
    )
    .map((filter): Route => ({ screen: 'press', filter })),
  text.map((id): Route => ({ screen: 'press-report', id })),
  fc.tuple(text, text).map(([a, b]): Route => ({ screen: 'press-compare', a, b })),
  fc
    .record({
      externalId: text,
      tab: fc.constantFrom(
        'alerts',
        'timeline',
        'documents',
        'threads',
        'press',
        'transactions',
        'relations',
        'notes' as const,
      ),
    })
    .map(({ externalId, tab }): Route => ({ screen: 'customer', externalId, tab })),
  fc
    .record(
      {
        filter: fc.record(
          {
            states: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
            categories: fc.array(fc.constantFrom('pep', 'sip', 'rca_sip'), { minLength: 1 }),
            scoreFrom: fc.integer({ min: 0, max: 100 }),
            reviewGroups: fc.array(text, { minLength: 1, maxLength: 3 }),
          },
          { requiredKeys: ['states'] },
        ),
        sort: fc.record({
          column: fc.constantFrom('score', 'customerName', 'updatedAt' as const),
          direction: fc.constantFrom('asc', 'desc' as const),
        }),
      },
      { requiredKeys: [] },
    )
    .map((parts): Route => ({ screen: 'queue', ...parts })),
);

describe('routes in the address', () => {
  it('every place survives the trip through the hash (Back, Forward, reload)', () => {
    fc.assert(
      fc.property(route, (original) => {
        expect(hashToRoute(routeToHash(original))).toEqual(original);
      }),
    );
  });

  it('ids with slashes, spaces and percent signs stay whole', () => {
    const original: Route = { screen: 'customer', externalId: 'CUST/01 %2F ü' };
    expect(routeToHash(original)).not.toContain('CUST/01');
    expect(hashToRoute(routeToHash(original))).toEqual(original);
  });

  it('press places have the addresses the issue names', () => {
    expect(routeToHash({ screen: 'press' })).toBe('#/press');
    expect(routeToHash({ screen: 'press-report', id: 'R 1/2' })).toBe('#/press/report/R%201%2F2');
    expect(routeToHash({ screen: 'press-compare', a: 'R1', b: 'R2' })).toBe(
      '#/press/compare/R1/R2',
    );
    expect(hashToRoute('#/press/report/R7')).toEqual({ screen: 'press-report', id: 'R7' });
    expect(hashToRoute('#/press/compare/R1/R2')).toEqual({
      screen: 'press-compare',
      a: 'R1',
      b: 'R2',
    });
  });

  it('a damaged press address opens the press list, never a half place', () => {
    expect(hashToRoute('#/press/report/')).toEqual({ screen: 'press' });
    expect(hashToRoute('#/press/compare/R1')).toEqual({ screen: 'press' });
    expect(hashToRoute('#/press/compare/R1/%E0%A4%A')).toEqual({ screen: 'press' });
    expect(hashToRoute('#/press?filter={broken')).toEqual({ screen: 'press' });
  });

  it('a hand-edited or damaged address opens somewhere sensible, never throws', () => {
    expect(hashToRoute('#/nowhere')).toBeNull();
    expect(hashToRoute('#/alert/')).toBeNull();
    expect(hashToRoute('#/alert/%E0%A4%A')).toBeNull();
    expect(hashToRoute('#/queue?filter={broken')).toEqual({ screen: 'queue' });
    expect(hashToRoute('#/queue?filter=[1,2]')).toEqual({ screen: 'queue' });
    expect(hashToRoute('#/queue?sort=score:sideways')).toEqual({ screen: 'queue' });
    expect(hashToRoute('#/customer/C1/unknown-tab')).toEqual({
      screen: 'customer',
      externalId: 'C1',
    });
    fc.assert(
      fc.property(fc.string(), (hash) => {
        hashToRoute(`#/${hash}`);
        hashToRoute(hash);
      }),
    );
  });
});
