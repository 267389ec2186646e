import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { listValues } from './json-fields';
import { UpkeptMemo, VersionedMemo } from './queue-memo';
import { Codes } from './queue-columns';
import { denseRowids } from './queue-rowids';
import { alertCount, largestRowid } from './queue-tables';

// The review groups the queue's filter offers: those of the customers that have alerts. Kept per
// customer and caught up with the alerts each commit changed (a change to a customer's groups logs
// its alerts too), where asking SQLite again probes every customer for an alert (0.1 s at fifty
// thousand customers, after every commit of a sync).

interface GroupFacet {
  /** Each alert's customer by rowid, as its code in `customers` + 1 (0: no alert has it). */
  customerOf: Int32Array;
  customers: Codes<string>;
  /** How many alerts each customer has. */
  alertsOf: Map<string, number>;
  /** The review groups of each customer that has alerts (and groups). */
  groupsOf: Map<string, string[]>;
  /** How many customers with alerts have each group. */
  customersWith: Map<string, number>;
}

const add = (counts: Map<string, number>, key: string, by: number) => {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
};

/** The customers' review groups, for these customers or (none named) every one with groups. */
function groupsOfCustomers(
  db: CacheDb,
  customers: readonly string[] | null,
): Map<string, string[]> {
  const rows = (
    customers
      ? prepared(
          db,
          "SELECT external_id, review_groups FROM customers WHERE review_groups != '' AND external_id IN (SELECT value FROM json_each(?))",
          'raw',
        ).all(JSON.stringify(customers))
      : prepared(
          db,
          "SELECT external_id, review_groups FROM customers WHERE review_groups != ''",
          'raw',
        ).all()
  ) as Array<[string, string]>;
  return new Map(rows.map(([externalId, groups]) => [externalId, listValues(groups)]));
}

function readFacet(db: CacheDb): GroupFacet {
  return db.transaction(() => {
    const largest = largestRowid(db);
    const facet: GroupFacet = {
      customerOf: new Int32Array(largest + 1),
      customers: new Codes<string>(),
      alertsOf: new Map(),
      groupsOf: new Map(),
      customersWith: new Map(),
    };
    // The index by customer: its rowids in order, then how many each customer has.
    const rowids = prepared(
      db,
      'SELECT rowid FROM alerts INDEXED BY alerts_by_customer ORDER BY customer_external_id',
      'pluck',
    ).all() as number[];
    let at = 0;
    for (const [externalId, count] of prepared(
      db,
      'SELECT customer_external_id, COUNT(*) FROM alerts INDEXED BY alerts_by_customer GROUP BY customer_external_id ORDER BY customer_external_id',
      'raw',
    ).all() as Array<[string, number]>) {
      facet.alertsOf.set(externalId, count);
      const number = facet.customers.code(externalId) + 1;
      for (const end = at + count; at < end; at += 1) facet.customerOf[rowids[at] ?? 0] = number;
    }
    for (const [externalId, groups] of groupsOfCustomers(db, null)) {
      if (!facet.alertsOf.has(externalId)) continue;
      facet.groupsOf.set(externalId, groups);
      for (const group of new Set(groups)) add(facet.customersWith, group, 1);
    }
    return facet;
  })();
}

/** The facet with these alerts (rowids) read again, and their customers' groups. */
function catchUpFacet(
  db: CacheDb,
  kept: GroupFacet,
  changed: readonly number[],
): GroupFacet | null {
  const largest = Math.max(0, ...changed);
  let facet = kept;
  if (largest >= kept.customerOf.length) {
    if (!denseRowids(largest, alertCount(db))) return null;
    const customerOf = new Int32Array(Math.ceil(largest * 1.25) + 1);
    customerOf.set(kept.customerOf);
    facet = { ...kept, customerOf };
  }
  const touched = new Set<string>();
  const setCustomer = (externalId: string, by: number) => {
    add(facet.alertsOf, externalId, by);
    touched.add(externalId);
  };
  for (const rowid of changed) {
    const was = facet.customerOf[rowid] ?? 0;
    if (was > 0) {
      facet.customerOf[rowid] = 0;
      setCustomer(facet.customers.values[was - 1] ?? '', -1);
    }
  }
  for (const [rowid, externalId] of prepared(
    db,
    'SELECT rowid, customer_external_id FROM alerts WHERE rowid IN (SELECT value FROM json_each(?))',
    'raw',
  ).all(JSON.stringify(changed)) as Array<[number, string]>) {
    facet.customerOf[rowid] = facet.customers.code(externalId) + 1;
    setCustomer(externalId, 1);
  }
  // The groups of every customer whose alerts changed, read again (a change to its groups logs its
  // alerts), and counted while it has alerts.
  const now = groupsOfCustomers(db, [...touched]);
  for (const externalId of touched) {
    for (const group of new Set(facet.groupsOf.get(externalId) ?? []))
      add(facet.customersWith, group, -1);
    facet.groupsOf.delete(externalId);
    const groups = now.get(externalId);
    if (groups && (facet.alertsOf.get(externalId) ?? 0) > 0) {
      facet.groupsOf.set(externalId, groups);
      for (const group of new Set(groups)) add(facet.customersWith, group, 1);
    }
  }
  return facet;
}

/** Held in a box, so that a cache found too sparse is remembered as such. */
const facetMemo = new UpkeptMemo<{ facet: GroupFacet | null }>(1);
const sparseMemo = new VersionedMemo<string[]>(1);

/** The review groups of the customers that have alerts, in no order. */
export function reviewGroupsInUse(db: CacheDb): string[] {
  // Caught up in place: the memo holds the one copy, and every reader is on this thread.
  const { facet } = facetMemo.get(
    db,
    'groups',
    () => ({ facet: denseRowids(largestRowid(db), alertCount(db)) ? readFacet(db) : null }),
    (kept, changed) => {
      if (!kept.facet) return kept;
      const facet = catchUpFacet(db, kept.facet, changed);
      return facet && { facet };
    },
  );
  if (facet) return [...facet.customersWith.keys()];
  return sparseMemo.get(db, 'groups', () =>
    (
      prepared(
        db,
        `SELECT DISTINCT c.review_groups FROM customers c
         WHERE c.review_groups != '' AND EXISTS (SELECT 1 FROM alerts a WHERE a.customer_external_id = c.external_id)`,
        'pluck',
      ).all() as string[]
    ).flatMap((key) => listValues(key)),
  );
}
