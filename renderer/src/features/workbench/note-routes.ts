import type { RecordLink } from '../../../../preload/contract';
import type { Route } from '../../lib/routes';

/** Where a link written in a note opens; null for a record whose place the link alone does not say. */
export function linkRoute(link: RecordLink): Route | null {
  switch (link.kind) {
    case 'alert':
      return { screen: 'alert', id: link.id };
    case 'customer':
      return { screen: 'customer', externalId: link.id };
    case 'thread':
      return { screen: 'thread', id: link.id };
    case 'press':
      return { screen: 'press-report', id: link.id };
    case 'kyt':
      return { screen: 'kyt-submission', id: link.id };
    case 'message':
    case 'document':
      return null;
  }
}
