import type { Route } from '../../lib/routes';

// A timeline event's Url (spec: CustomerEvent) is often a path of the service, relative to its
// base (`/alerts/{id}`), which no browser can open. Where CaseDesk has the screen it names, the
// link opens that screen; an absolute https address goes to the system browser through the usual
// confirmation; anything else is shown as text only.

export type TimelineLink =
  | { kind: 'screen'; route: Route; label: string }
  | { kind: 'browser'; url: string }
  | { kind: 'text' };

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

function decode(part: string): string | null {
  try {
    const decoded = decodeURIComponent(part);
    return decoded.trim() ? decoded : null;
  } catch {
    return null;
  }
}

/** The CaseDesk place a service path names, or null. */
export function serviceRoute(path: string): { route: Route; label: string } | null {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  const parts = clean
    .replace(/^\/+/, '')
    .replace(/^api\/v1\//, '')
    .split('/')
    .filter(Boolean);
  const [collection, rawId, sub, rawSubId, ...rest] = parts;
  if (!collection || !rawId || rest.length > 0) return null;
  const id = decode(rawId);
  if (id === null) return null;
  switch (collection) {
    case 'customers':
    case 'customer':
      if (sub === undefined)
        return { route: { screen: 'customer', externalId: id }, label: 'Open customer' };
      if (sub === 'documents' && rawSubId !== undefined)
        return {
          route: { screen: 'customer', externalId: id, tab: 'documents' },
          label: 'Open documents',
        };
      if (sub === 'timeline' || sub === 'alerts' || sub === 'threads' || sub === 'documents')
        return rawSubId === undefined
          ? { route: { screen: 'customer', externalId: id, tab: sub }, label: `Open ${sub}` }
          : null;
      return null;
    case 'alerts':
    case 'alert':
      return sub === undefined ? { route: { screen: 'alert', id }, label: 'Open alert' } : null;
    case 'threads':
    case 'thread':
      return sub === undefined ? { route: { screen: 'thread', id }, label: 'Open thread' } : null;
    case 'press': {
      // `/press/reportbody/{id}`: the report screen shows it kept, or fetches it by its id.
      const reportId = rawId === 'reportbody' && sub && !rawSubId ? decode(sub) : null;
      return reportId
        ? { route: { screen: 'press-report', id: reportId }, label: 'Open press report' }
        : null;
    }
    default:
      return null;
  }
}

export function timelineLink(url: string): TimelineLink {
  const value = url.trim();
  if (/^https:\/\//i.test(value)) return { kind: 'browser', url: value };
  if (ABSOLUTE.test(value) || value.startsWith('//')) return { kind: 'text' };
  const screen = serviceRoute(value);
  return screen ? { kind: 'screen', ...screen } : { kind: 'text' };
}
