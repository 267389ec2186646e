import type {
  DocumentFilterInput,
  KytListFilterInput,
  PressListFilterInput,
  QueueFilterInput,
  QueueSortInput,
} from '../../../preload/contract';

export type CustomerTab =
  | 'overview'
  | 'alerts'
  | 'timeline'
  | 'documents'
  | 'threads'
  | 'press'
  | 'transactions'
  | 'relations'
  | 'notes';

/** What the new-transaction form starts from: a customer as one side, or a kept submission. */
export type KytPrefill =
  | { from: string }
  | { to: string }
  /** A what-if: the form starts from this submission's request, and remembers it. */
  | { duplicate: string };

/** Every place the app can show. Kept in the URL hash, so Back/Forward and reloads keep the place. */
export type Route =
  | { screen: 'dashboard' }
  | { screen: 'queue'; filter?: QueueFilterInput; sort?: QueueSortInput; viewId?: string }
  | { screen: 'alert'; id: string }
  | { screen: 'customer'; externalId: string; tab?: CustomerTab }
  /** The form editing a cached customer (issue 16). */
  | { screen: 'customer-edit'; externalId: string }
  /** The same form, creating a customer. */
  | { screen: 'customer-new' }
  | { screen: 'threads' }
  | { screen: 'thread'; id: string }
  | { screen: 'documents'; filter?: DocumentFilterInput }
  | { screen: 'outbox' }
  /** Kept press reports (issue 14), newest first, filtered. */
  | { screen: 'press'; filter?: PressListFilterInput }
  | { screen: 'press-report'; id: string }
  /** Any two kept reports of one subject, side by side. */
  | { screen: 'press-compare'; a: string; b: string }
  /** Kept KYT submissions (issue 15), newest first, filtered; or the batch imports. */
  | { screen: 'kyt'; filter?: KytListFilterInput; tab?: 'batches' }
  | { screen: 'kyt-new'; prefill?: KytPrefill }
  | { screen: 'kyt-submission'; id: string }
  /** Any two kept submissions, `a` the one compared against. */
  | { screen: 'kyt-compare'; a: string; b: string }
  /** Bulk import of customers: start one, or one import (its progress and its lines) by id. */
  | { screen: 'customer-import'; id?: string }
  /** Records the service sent that CaseDesk could not read. */
  | { screen: 'unreadable' }
  /** The profile's journal of notes and proposals (issue 17). */
  | { screen: 'journal' }
  /** `profileId`: that profile's form; `field: 'token'`: with its token field ready to type in. */
  | { screen: 'connection'; profileId?: string; field?: 'token' };

export type Screen = Route['screen'];

const CUSTOMER_TABS: readonly CustomerTab[] = [
  'overview',
  'alerts',
  'timeline',
  'documents',
  'threads',
  'press',
  'transactions',
  'relations',
  'notes',
];

export function routeToHash(route: Route): string {
  switch (route.screen) {
    case 'queue': {
      const params = new URLSearchParams();
      if (route.filter && Object.keys(route.filter).length)
        params.set('filter', JSON.stringify(route.filter));
      if (route.sort) params.set('sort', `${route.sort.column}:${route.sort.direction}`);
      if (route.viewId) params.set('view', route.viewId);
      const query = params.toString();
      return `#/queue${query ? `?${query}` : ''}`;
    }
    case 'documents':
      return route.filter && Object.keys(route.filter).length
        ? `#/documents?${new URLSearchParams({ filter: JSON.stringify(route.filter) }).toString()}`
        : '#/documents';
    case 'press':
      return route.filter && Object.keys(route.filter).length
        ? `#/press?${new URLSearchParams({ filter: JSON.stringify(route.filter) }).toString()}`
        : '#/press';
    case 'press-report':
      return `#/press/report/${encodeURIComponent(route.id)}`;
    case 'press-compare':
      return `#/press/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'kyt': {
      const params = new URLSearchParams();
      if (route.filter && Object.keys(route.filter).length)
        params.set('filter', JSON.stringify(route.filter));
      if (route.tab) params.set('tab', route.tab);
      const query = params.toString();
      return `#/kyt${query ? `?${query}` : ''}`;
    }
    case 'kyt-new': {
      const prefill = route.prefill;
      if (!prefill) return '#/kyt/new';
      const [key, value] = Object.entries(prefill)[0] ?? [];
      return key && value
        ? `#/kyt/new?${new URLSearchParams({ [key]: value }).toString()}`
        : '#/kyt/new';
    }
    case 'kyt-submission':
      return `#/kyt/${encodeURIComponent(route.id)}`;
    case 'kyt-compare':
      return `#/kyt/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'customer-import':
      return route.id ? `#/customer-import/${encodeURIComponent(route.id)}` : '#/customer-import';
    case 'alert':
      return `#/alert/${encodeURIComponent(route.id)}`;
    case 'customer':
      return `#/customer/${encodeURIComponent(route.externalId)}${route.tab && route.tab !== 'overview' ? `/${route.tab}` : ''}`;
    case 'thread':
      return `#/thread/${encodeURIComponent(route.id)}`;
    case 'customer-edit':
      return `#/customer/${encodeURIComponent(route.externalId)}/edit`;
    case 'connection': {
      const params = new URLSearchParams();
      if (route.profileId) params.set('profile', route.profileId);
      if (route.field) params.set('field', route.field);
      const query = params.toString();
      return `#/connection${query ? `?${query}` : ''}`;
    }
    default:
      return `#/${route.screen}`;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The route a hash names, or null. The hash is user-editable, so it is read defensively; the
 * bridge validates filters again before any query runs.
 */
export function hashToRoute(hash: string): Route | null {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const [screen, rawId, rawTab, rawFourth] = path.split('/');
  const id = rawId ? safeDecode(rawId) : null;
  switch (screen) {
    case 'dashboard':
    case 'threads':
    case 'outbox':
    case 'unreadable':
    case 'journal':
    case 'customer-new':
      return { screen };
    case 'connection': {
      const params = new URLSearchParams(query);
      const route: Route = { screen: 'connection' };
      const profileId = params.get('profile');
      if (profileId) route.profileId = profileId;
      if (params.get('field') === 'token') route.field = 'token';
      return route;
    }
    case 'documents': {
      const filter = parseFilter(new URLSearchParams(query).get('filter'));
      return filter ? { screen: 'documents', filter } : { screen: 'documents' };
    }
    case 'queue': {
      const params = new URLSearchParams(query);
      const route: Route = { screen: 'queue' };
      const filter = parseFilter(params.get('filter'));
      if (filter) route.filter = filter;
      const [column, direction] = (params.get('sort') ?? '').split(':');
      if (column && (direction === 'asc' || direction === 'desc'))
        route.sort = { column: column as QueueSortInput['column'], direction };
      const view = params.get('view');
      if (view) route.viewId = view;
      return route;
    }
    case 'press':
      return pressRoute(rawId, rawTab, rawFourth, query);
    case 'kyt':
      return kytRoute(rawId, rawTab, rawFourth, query);
    case 'customer-import':
      return id ? { screen: 'customer-import', id } : { screen: 'customer-import' };
    case 'alert':
      return id ? { screen: 'alert', id } : null;
    case 'thread':
      return id ? { screen: 'thread', id } : null;
    case 'customer': {
      if (!id) return null;
      if (rawTab === 'edit') return { screen: 'customer-edit', externalId: id };
      const tab = CUSTOMER_TABS.find((candidate) => candidate === rawTab);
      return tab
        ? { screen: 'customer', externalId: id, tab }
        : { screen: 'customer', externalId: id };
    }
    default:
      return null;
  }
}

/** `#/press`, `#/press/report/<id>`, `#/press/compare/<a>/<b>`; a damaged one opens the list. */
function pressRoute(
  place: string | undefined,
  first: string | undefined,
  second: string | undefined,
  query: string,
): Route {
  const a = first ? safeDecode(first) : null;
  const b = second ? safeDecode(second) : null;
  if (place === 'report' && a) return { screen: 'press-report', id: a };
  if (place === 'compare' && a && b) return { screen: 'press-compare', a, b };
  const filter = place ? null : parseFilter(new URLSearchParams(query).get('filter'));
  return filter ? { screen: 'press', filter } : { screen: 'press' };
}

/**
 * `#/kyt`, `#/kyt/new[?from=|to=|duplicate=]`, `#/kyt/<id>`, `#/kyt/compare/<a>/<b>`; a damaged
 * one opens the list. (`new` and `compare` are never submission ids: CaseDesk makes those.)
 */
function kytRoute(
  place: string | undefined,
  first: string | undefined,
  second: string | undefined,
  query: string,
): Route {
  const params = new URLSearchParams(query);
  if (place === 'new') {
    for (const key of ['from', 'to', 'duplicate'] as const) {
      const value = params.get(key);
      if (value) return { screen: 'kyt-new', prefill: { [key]: value } as KytPrefill };
    }
    return { screen: 'kyt-new' };
  }
  if (place === 'compare') {
    const a = first ? safeDecode(first) : null;
    const b = second ? safeDecode(second) : null;
    return a && b ? { screen: 'kyt-compare', a, b } : { screen: 'kyt' };
  }
  const id = place ? safeDecode(place) : null;
  if (id) return { screen: 'kyt-submission', id };
  const route: Route = { screen: 'kyt' };
  const filter = parseFilter(params.get('filter'));
  if (filter) route.filter = filter;
  if (params.get('tab') === 'batches') route.tab = 'batches';
  return route;
}

/** A filter object from the address; a damaged one opens the screen unfiltered. */
function parseFilter(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
