import type { PressReportSummary, SearchHitView } from '../../preload/contract';
import { isServiceError } from '../api';
import { prepared } from '../lib/sqlite/statements';
import { AppError } from '../lib/app-error';
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

/**
 * Generating and opening by id are the press methods that call the service. Its failures are
 * said as the investigator can act on them: one the service may get over (offline, a timeout, a
 * refused token, a busy service) is "unavailable", so the screen says what still works offline;
 * any other keeps the client's own sentence instead of passing as CaseDesk's fault.
 */
function saidPlainly(error: unknown): never {
  if (!isServiceError(error)) throw error;
  const passing = error.retryable || ['network', 'timeout', 'auth'].includes(error.kind);
  throw new AppError(passing ? 'unavailable' : 'internal', error.message);
}

/** The customer's name as cached, for the outbox to call the change by. */
function cachedCustomerName(space: Workspace, externalId: string): string | undefined {
  const row = prepared(space.db, 'SELECT name FROM customers WHERE external_id = ?').get(
    externalId,
  ) as { name: string } | undefined;
  return row?.name || undefined;
}

export function createPressHandlers(workspaces: WorkspaceManager): DomainHandlers<'press'> {
  const press = async () => pressOf(await workspaces.require());
  return {
    generate: async (input) => (await press()).generate(input).catch(saidPlainly),
    get: async ({ id }) => (await press()).get(id),
    open: async ({ id }) => (await press()).open(id).catch(saidPlainly),
    list: async ({ filter }) => (await press()).list(filter),
    compare: async ({ a, b }) => (await press()).compare(a, b),
    markSourceRead: async ({ reportId, sourceKey, read }) =>
      (await press()).markSourceRead(reportId, sourceKey, read),

    async force({ customerExternalId }) {
      const space = await workspaces.require();
      // Asked again while one waits: that one is the answer, so the customer gets one report.
      const waiting = space.outbox
        .list(['queued', 'sending', 'failed'])
        .find(
          (item) =>
            item.payload.kind === 'press.force' &&
            item.payload.customerExternalId === customerExternalId,
        );
      if (waiting) return outboxItemView(waiting);
      const label = cachedCustomerName(space, customerExternalId);
      const item = space.replayer.enqueue({
        kind: 'press.force',
        customerExternalId,
        ...(label === undefined ? {} : { label }),
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
