import type { SearchHitView, SearchKind } from '../../../../preload/contract';
import type { Route } from '../../lib/routes';

export const KIND_HEADINGS: Record<SearchKind, string> = {
  customer: 'Customers',
  alert: 'Alerts',
  thread: 'Threads',
  message: 'Messages',
  document: 'Documents',
  press: 'Press reports',
  kyt: 'Transactions',
  note: 'Notes (kept in CaseDesk)',
};

export interface HitGroup {
  kind: SearchKind;
  /** Each hit with its place in the whole list, which the arrow keys walk across groups. */
  hits: Array<{ hit: SearchHitView; index: number }>;
}

/** Hits grouped by kind, the groups in the order the cache sent them, each keeping its ranking. */
export function groupHits(hits: SearchHitView[]): HitGroup[] {
  const groups = new Map<SearchKind, HitGroup>();
  hits.forEach((hit, index) => {
    let group = groups.get(hit.kind);
    if (!group) {
      group = { kind: hit.kind, hits: [] };
      groups.set(hit.kind, group);
    }
    group.hits.push({ hit, index });
  });
  return [...groups.values()];
}

/** The list's order once grouped (a kind's hits need not arrive next to each other). */
export function inGroupOrder(hits: SearchHitView[]): SearchHitView[] {
  return groupHits(hits).flatMap((group) => group.hits.map((entry) => entry.hit));
}

/** Where a hit opens; null when the cache does not know its place (a message without its thread). */
export function routeFor(hit: SearchHitView): Route | null {
  switch (hit.kind) {
    case 'customer':
      return { screen: 'customer', externalId: hit.id };
    case 'alert':
      return { screen: 'alert', id: hit.id };
    case 'thread':
      return { screen: 'thread', id: hit.id };
    case 'message':
      return hit.threadId ? { screen: 'thread', id: hit.threadId } : null;
    case 'document':
      return hit.customerExternalId
        ? { screen: 'customer', externalId: hit.customerExternalId, tab: 'documents' }
        : null;
    case 'press':
      return { screen: 'press-report', id: hit.id };
    case 'kyt':
      return { screen: 'kyt-submission', id: hit.id };
    case 'note':
      return noteRoute(hit);
  }
}

/** A note opens on the record it is about (a document's, on its customer's documents). */
function noteRoute(hit: SearchHitView): Route | null {
  switch (hit.noteOn?.kind) {
    case 'alert':
      return { screen: 'alert', id: hit.noteOn.id };
    case 'customer':
      return { screen: 'customer', externalId: hit.noteOn.id };
    case 'thread':
      return { screen: 'thread', id: hit.noteOn.id };
    case 'document':
      return hit.customerExternalId
        ? { screen: 'customer', externalId: hit.customerExternalId, tab: 'documents' }
        : null;
    case undefined:
      return null;
  }
}
