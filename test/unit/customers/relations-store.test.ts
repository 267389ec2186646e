import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import type { LocalStore } from '../../../main/local/local-store';
import {
  createRelationsStore,
  RELATION_CHILD_KIND,
  RELATION_KIND,
} from '../../../main/customers/relations-store';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { keptRelation } from '../../support/relations-fixture';
import { makeTempDir } from '../../support/temp-dir';

const kept = keptRelation;

describe('relations kept in the local store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  beforeEach(() => {
    temp = makeTempDir('casedesk-relations-');
    local = openTestLocalStore(temp.path);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });
  const storeOf = () => createRelationsStore(local, silentLogger);

  it('lists a relation on both customers, as parent and as child', () => {
    const store = storeOf();
    store.keep(kept('R2', 'P', 'K2', { relationType: 7, fields: { share: 40 } }));
    store.keep(kept('R1', 'P', 'K1'));
    store.keep(kept('R3', 'Q', 'K1'));
    expect(store.ofCustomer('P').asParent.map((r) => r.relationExternalId)).toEqual(['R1', 'R2']);
    expect(store.ofCustomer('P').asChild).toEqual([]);
    expect(store.ofCustomer('K1').asChild.map((r) => r.relationExternalId)).toEqual(['R1', 'R3']);
    expect(store.ofCustomer('K2').asChild).toEqual([
      kept('R2', 'P', 'K2', { relationType: 7, fields: { share: 40 } }),
    ]);
    expect(store.ofCustomer('nobody')).toEqual({ asParent: [], asChild: [] });
  });

  it('moves a relation whose ends changed: it no longer shows on the customers it left', () => {
    const store = storeOf();
    store.keep(kept('R1', 'P', 'K1'));
    store.keep(kept('R1', 'P2', 'K2', { disabled: true }));
    expect(store.ofCustomer('P').asParent).toEqual([]);
    expect(store.ofCustomer('K1').asChild).toEqual([]);
    expect(store.ofCustomer('P2').asParent[0]?.disabled).toBe(true);
    expect(store.ofCustomer('K2').asChild.map((r) => r.relationExternalId)).toEqual(['R1']);
  });

  it('lists a self link on the customer both as parent and as child', () => {
    const store = storeOf();
    store.keep(kept('R1', 'S', 'S'));
    const { asParent, asChild } = store.ofCustomer('S');
    expect([asParent.length, asChild.length]).toEqual([1, 1]);
  });

  it('keeps ids with bidirectional characters exactly as given', () => {
    const store = storeOf();
    const parent = 'C\u202Eevil\u202C-1';
    store.keep(kept('rel-\u2067x\u2069', parent, 'عميل-2'));
    expect(store.get('rel-\u2067x\u2069')?.parentExternalId).toBe(parent);
    expect(store.ofCustomer('عميل-2').asChild).toHaveLength(1);
  });

  it('checks a body read back, and leaves out one that does not read', () => {
    const store = storeOf();
    store.keep(kept('R1', 'P', 'K1'));
    local.setBody(RELATION_KIND, 'R1', { relationExternalId: 'R1', parentExternalId: 42 });
    expect(store.get('R1')).toBeNull();
    expect(store.ofCustomer('P').asParent).toEqual([]);
    expect(store.ofCustomer('K1').asChild).toEqual([]);
  });

  it('lists the relations waiting in the outbox', () => {
    const store = storeOf();
    store.keep(kept('R1', 'P', 'K1', { state: 'queued' }));
    store.keep(kept('R2', 'P', 'K2'));
    expect(store.queued().map((r) => r.relationExternalId)).toEqual(['R1']);
  });

  it('derives the child key again for relations recovered without it, and drops orphan keys', () => {
    const store = storeOf();
    store.keep(kept('R1', 'P', 'K1'));
    store.keep(kept('R2', 'P', 'K2'));
    // As a recovery from a damaged copy leaves them: one key lost, one record without its index.
    local.remove(RELATION_CHILD_KIND, 'R1');
    local.put(RELATION_KIND, 'R2', kept('R2', 'P', 'K2'));
    local.put(
      RELATION_CHILD_KIND,
      'gone',
      { childExternalId: 'K9' },
      {
        subject: 'K9',
        digest: { v: 1 },
        searchText: '',
      },
    );
    expect(store.ofCustomer('K1').asChild).toEqual([]);
    expect(store.ofCustomer('P').asParent.map((r) => r.relationExternalId)).toEqual(['R1']);
    expect(storeOf().reindex()).toBe(2);
    expect(store.ofCustomer('K1').asChild.map((r) => r.relationExternalId)).toEqual(['R1']);
    expect(store.ofCustomer('P').asParent.map((r) => r.relationExternalId)).toEqual(['R1', 'R2']);
    expect(local.has(RELATION_CHILD_KIND, 'gone')).toBe(false);
    // Nothing left to derive.
    expect(storeOf().reindex()).toBe(0);
  });

  it('reads each end through the index, not by walking every relation', () => {
    const store = storeOf();
    for (let i = 0; i < 50; i += 1) store.keep(kept(`R${i}`, `P${i % 5}`, `K${i}`));
    const plan = (
      local.db
        .prepare(
          'EXPLAIN QUERY PLAN SELECT id, subject, digest, created_ms, updated_ms FROM local_records WHERE kind = ? AND subject = ? AND digest IS NOT NULL ORDER BY created_ms DESC, id DESC',
        )
        .all(RELATION_CHILD_KIND, 'K3') as Array<{ detail: string }>
    )
      .map((row) => row.detail)
      .join(' ');
    expect(plan).toMatch(/local_records_by_subject_listed/);
    expect(store.ofCustomer('P3').asParent).toHaveLength(10);
  });
});
