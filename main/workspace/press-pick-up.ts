import { cachedPressReportEvents } from '../cache/press-report-events';
import type { CacheDb } from '../cache/open-cache';
import type { Logger } from '../lib/logger';
import type { PressService } from '../press/press-service';
import { reportIdOf } from '../press/press-timeline';

/** Cached events read per sync, and customers whose reports one sync picks up, at most. */
const EVENTS_READ = 2_000;
const CUSTOMERS_PER_SYNC = 25;

/** Where the next sync's pick-up starts among the customers waiting, per press core. */
const cursors = new WeakMap<PressService, number>();

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
      if (id === null || !press.wants(id)) continue;
      const events = byCustomer.get(event.customerExternalId) ?? [];
      events.push(event);
      byCustomer.set(event.customerExternalId, events);
    }
    // Customers whose reports cannot be read now must not hold every place: each sync starts
    // where the last one stopped.
    const customers = [...byCustomer];
    const start =
      customers.length > CUSTOMERS_PER_SYNC ? (cursors.get(press) ?? 0) % customers.length : 0;
    const turn = [...customers.slice(start), ...customers.slice(0, start)].slice(
      0,
      CUSTOMERS_PER_SYNC,
    );
    cursors.set(press, start + turn.length);
    let kept = 0;
    for (const [customer, events] of turn) {
      kept += await press.pickUp(customer, events, { signal });
      if (signal?.aborted) break;
    }
    return kept;
  } catch (error) {
    logger.warn(`press reports named by the timeline could not be picked up: ${said(error)}`);
    return 0;
  }
}

/**
 * Forced generations delivered whose report is not kept yet (of one customer, or all): their
 * customers' timelines are read again, after the delivery and after every sync, until the report
 * is kept or CaseDesk gives up (AWAIT_FORCED_MS). Never fails its caller.
 */
export async function followForced(
  press: PressService,
  customerExternalId: string | null,
  logger: Logger,
  signal?: AbortSignal,
): Promise<number> {
  try {
    return await press.followForced({
      ...(customerExternalId === null ? {} : { customerExternalId }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    logger.warn(`forced press reports could not be looked for: ${said(error)}`);
    return 0;
  }
}
