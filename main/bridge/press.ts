import type { PressReportSummary, SearchHitView } from '../../preload/contract';
import { readCustomerIdentity } from '../cache/customer-identity';
import { AppError } from '../lib/app-error';
import { WAITING_STATES, waitingPressForce } from '../outbox/kinds/press-force';
import { outboxItemView } from '../outbox/outbox-view';
import type { PressService } from '../press/press-service';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Press reports live in the profile's local store (the service cannot list them): every method
// but force reads or writes there, so each answers offline except generate and open.

/** The open profile's press core; a clear refusal while its local store cannot be opened. */
export function pressOf(space: Workspace): PressService {
  if (space.press) return space.press;
  throw new AppError(
    'unavailable',
    'Press reports are kept in this profile’s local store, which could not be opened; reviewing from the cache goes on.' +
      (space.localStoreNotice ? ` ${space.localStoreNotice}` : ''),
  );
}

export function createPressHandlers(workspaces: WorkspaceManager): DomainHandlers<'press'> {
  const press = async () => pressOf(await workspaces.require());
  return {
    // Generating and opening by id call the service: the dispatcher says its failures plainly.
    generate: async (input) => (await press()).generate(input),
    get: async ({ id }) => (await press()).get(id),
    open: async ({ id }) => (await press()).open(id),
    list: async ({ filter }) => (await press()).list(filter),
    compare: async ({ a, b }) => (await press()).compare(a, b),
    markSourceRead: async ({ reportId, sourceKey, read }) =>
      (await press()).markSourceRead(reportId, sourceKey, read),

    async force({ customerExternalId }) {
      const space = await workspaces.require();
      // Asked again while one waits: that one is the answer, so the customer gets one report.
      const waiting = waitingPressForce(space.outbox.list([...WAITING_STATES]), customerExternalId);
      if (waiting) return outboxItemView(waiting);
      // forcegen's path names the service's own id (Customer.id), which only the cache knows.
      const identity = readCustomerIdentity(space.db, customerExternalId);
      if (!identity?.id)
        throw new AppError(
          'not_found',
          `CaseDesk does not know the service's id of customer ${customerExternalId} yet: sync this customer first, then ask for its press report again.`,
        );
      const item = space.replayer.enqueue({
        kind: 'press.force',
        customerExternalId,
        customerId: identity.id,
        ...(identity.name ? { label: identity.name } : {}),
      });
      workspaces.replaySoon(space);
      return outboxItemView(item);
    },
  };
}

const SEARCHED = 10;

/** One kept report as a global search hit. */
function pressHit(summary: PressReportSummary): SearchHitView {
  const categories = summary.categories
    .filter((category) => !category.reverted)
    .map((category) => category.category)
    .filter(Boolean);
  return {
    kind: 'press',
    id: summary.id,
    title: summary.subjectName || summary.id,
    detail: categories.length
      ? categories.join(', ')
      : summary.riskSummaryStart || `${summary.sourceCount} sources`,
    threadId: null,
    customerExternalId: summary.customerExternalId,
  };
}

/** Kept press reports matching the search, as hits; none while the local store is unavailable. */
export function pressSearchHits(space: Workspace, text: string): SearchHitView[] {
  return space.press ? space.press.search(text, SEARCHED).map(pressHit) : [];
}
