import { describe, expect, it } from 'vitest';
import { ALERT_CATEGORIES, categoryChoices, SyncScope } from '../../../preload/contract';
import {
  ALERT_CATEGORIES as SCREEN_CATEGORIES,
  categoryLabel,
} from '../../../renderer/src/lib/alert-states';

describe('the alert categories', () => {
  it("are the service's search values, then those the cache has seen beyond them, once each", () => {
    expect(categoryChoices([])).toEqual([...ALERT_CATEGORIES]);
    expect(categoryChoices(['san', 'pep', 'SAN', 'rca_sip', 'adverse'])).toEqual([
      'pep',
      'rca',
      'sip',
      'sie',
      'rca_pep',
      'rca_sip',
      'rca_sie',
      'adverse',
      'san',
    ]);
  });

  it('have one label each, as the service writes them, on every screen', () => {
    expect(SCREEN_CATEGORIES).toEqual(ALERT_CATEGORIES);
    expect(ALERT_CATEGORIES.map(categoryLabel)).toEqual([
      'PEP',
      'RCA',
      'SIP',
      'SIE',
      'RCA_PEP',
      'RCA_SIP',
      'RCA_SIE',
    ]);
    expect(categoryLabel('san')).toBe('SAN');
  });

  it('are what a sync scope may hold, since the scope is sent to the alert search', () => {
    expect(SyncScope.parse({ categories: [...ALERT_CATEGORIES] }).categories).toEqual([
      ...ALERT_CATEGORIES,
    ]);
    expect(SyncScope.safeParse({ categories: ['san'] }).success).toBe(false);
  });
});
