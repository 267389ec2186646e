// The tenant's defined custom fields and relation types are the ones its generator uses: a save
// copying a generated customer or relation gets no unknown_custom_field warning.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOM_FIELD_NAMES,
  generateTenant,
  planFor,
  RELATION_TYPES,
  type TenantItem,
} from '../../../../main/sandbox/generator';
import { NOW } from './tenant-fixture';

describe('the tenant’s custom fields and relation types', () => {
  let items: TenantItem[];
  beforeAll(() => {
    items = [
      ...generateTenant({ seed: 11, plan: { ...planFor(60), watchlistProfiles: 0 }, now: NOW }),
    ];
  });

  it('are the only ones the generator uses, and it uses them all', () => {
    const used = new Set<string>();
    const types = new Set<number>();
    for (const item of items) {
      if (item.kind === 'customer')
        for (const name of Object.keys(item.customer.custom_fields)) used.add(name);
      if (item.kind === 'relation') {
        for (const name of Object.keys(item.relation.fields)) used.add(name);
        types.add(item.relation.relation_type);
      }
    }
    expect([...used].sort()).toEqual([...CUSTOM_FIELD_NAMES].sort());
    for (const type of types) expect(Object.hasOwn(RELATION_TYPES, String(type))).toBe(true);
  });
});
