import type { ServiceClient } from '../api';
import { cachedPressReportEvents } from '../cache/press-report-events';
import type { CacheDb } from '../cache/open-cache';
import type { Logger } from '../lib/logger';
import type { PressService } from '../press/press-service';
import { reportIdOf } from '../press/press-timeline';

/** Cached events read per sync, and customers whose reports one sync picks up, at most. */
const EVENTS_READ = 2_000;
const CUSTOMERS_PER_SYNC = 25;
const TIMELINE_READ = 100;

const said = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * After a sync: reports that cached timeline events name (forced generations, made here or by a
 * colleague) and that are not kept yet are fetched and kept. Bounded per sync (the rest follow
 * at the next one); it never fails the sync. Returns how many were kept.
 */
export async function pickUpFromCache(
  press: PressService,
  db: CacheDb,
  logger: Logger,
  signal?: AbortSignal,
): Promise<number> {
  try {
    const byCustomer = new Map<string, ReturnType<typeof cachedPressReportEvents>>();
    for (const event of cachedPressReportEvents(db, EVENTS_READ)) {
      const id = reportIdOf(event);
      if (id === null || press.has(id)) continue;
      const events = byCustomer.get(event.customerExternalId) ?? [];
      events.push(event);
      byCustomer.set(event.customerExternalId, events);
    }
    let kept = 0;
    for (const [customer, events] of [...byCustomer].slice(0, CUSTOMERS_PER_SYNC)) {
      kept += await press.pickUp(customer, events, { signal });
      if (signal?.aborted) break;
    }
    return kept;
  } catch (error) {
    logger.warn(`press reports named by the timeline could not be picked up: ${said(error)}`);
    return 0;
  }
}

/** After a forced generation was delivered: the customer's timeline names the new report. */
export async function pickUpForCustomer(
  press: PressService,
  client: Pick<ServiceClient, 'customers'>,
  customerExternalId: string,
  logger: Logger,
): Promise<number> {
  try {
    const events = await client.customers.timeline(customerExternalId, { limit: TIMELINE_READ });
    return await press.pickUp(
      customerExternalId,
      events.map((event) => ({
        eventType: event.EventType ?? '',
        url: event.Url ?? '',
        createdAt: event.CreatedAt ?? null,
      })),
    );
  } catch (error) {
    // The next sync brings the event into the cache and picks the report up from there.
    logger.warn(
      `the press report forced for customer ${customerExternalId} could not be picked up yet: ${said(error)}`,
    );
    return 0;
  }
}
