import { z } from 'zod';
import { isServiceError } from '../../api';
import { readCustomerIdentity } from '../../cache/customer-identity';
import { parseServiceDate } from '../../lib/service-date';
import { type LookUp, type OutboxKind, quoted } from './kind';

/** A press report to generate for a customer now (POST /press/report/{customer_id}/forcegen). */
export const PressForcePayload = z.object({
  kind: z.literal('press.force'),
  /** Whose report it is: the outbox's label, the timeline read and the pick-up name it so. */
  customerExternalId: z.string().min(1),
  /**
   * The service's own id of the customer (Customer.id): forcegen's path names it. Items queued
   * before it was kept lack it: it is read from the offline cache when sent.
   */
  customerId: z.string().min(1).optional(),
  /** The customer's name when it was asked: what the outbox calls it. */
  label: z.string().optional(),
});
export type PressForcePayload = z.infer<typeof PressForcePayload>;

/**
 * The forced generation already waiting in the outbox for this customer, sent or not (failed ones
 * too: the investigator retries or discards that one), so a customer asked for twice gets one
 * report. Shared by the bridge and the command line.
 */
export function waitingPressForce<I extends { payload: unknown }>(
  items: readonly I[],
  customerExternalId: string,
): I | null {
  return (
    items.find((item) => {
      const payload = PressForcePayload.safeParse(item.payload);
      return payload.success && payload.data.customerExternalId === customerExternalId;
    }) ?? null
  );
}

/** Outbox states in which a forced generation is still to be sent (or settled by the investigator). */
export const WAITING_STATES = ['queued', 'sending', 'failed'] as const;

interface ForceEvent {
  id: string;
  type: string;
  url: string;
  createdAt: string | null;
}

export interface PressForceOps {
  /** forcegen, with the service's own id of the customer. */
  forcePressReport(customerId: string): Promise<void>;
  pressReportEvents(customerExternalId: string): Promise<ForceEvent[]>;
  /** The service's own id of a cached customer; null when the cache does not know it. */
  pressCustomerServiceId(customerExternalId: string): string | null;
}

/** What a delivered forced generation answers (the service sends no body: 204). */
export interface PressForceResult {
  forced: true;
  /** Whose report it is: the workspace picks it up from that customer's timeline. */
  customerExternalId: string;
  /** The timeline event found for it, when its answer was lost and it was looked for. */
  eventId?: string;
}

/**
 * The customer a delivered item forced a press report for, read from its result (the workspace
 * picks the report up without naming kinds); null for any other item.
 */
export function forcedReportCustomer(result: unknown): string | null {
  const forced = result as Partial<PressForceResult> | null;
  return forced?.forced === true && typeof forced.customerExternalId === 'string'
    ? forced.customerExternalId
    : null;
}

const EVENTS_LOOKED_AT = 100;
/** Forced reports are made at once by the service; a minute covers a slow one. */
const GRACE_MS = 60_000;

/**
 * After a lost answer: the service writes a press_report_generated event on the customer's
 * timeline when it makes a forced report (the sandbox's README; the interface is silent). One
 * made at or after the item was queued, not already taken by another delivered item of this
 * customer, is taken as this one. Someone else forcing the same customer meanwhile would be
 * taken for it too; either way the customer has its new report, and nothing is sent twice.
 */
async function findForced(
  payload: PressForcePayload,
  ops: PressForceOps,
  lookUp: LookUp<PressForcePayload>,
): Promise<PressForceResult | null> {
  const queuedMs = Date.parse(lookUp.createdAt);
  const claimed = new Set(
    lookUp.delivered().flatMap((item) => {
      const result = item.result as { eventId?: unknown } | null;
      return typeof result?.eventId === 'string' ? [result.eventId] : [];
    }),
  );
  const events = await ops.pressReportEvents(payload.customerExternalId);
  const found = events.find((event) => {
    const at = event.createdAt === null ? null : parseServiceDate(event.createdAt);
    return (
      event.type === 'press_report_generated' &&
      at !== null &&
      at >= queuedMs &&
      !claimed.has(event.id)
    );
  });
  return found
    ? { forced: true, customerExternalId: payload.customerExternalId, eventId: found.id }
    : null;
}

export const pressForce: OutboxKind<PressForcePayload, PressForceOps> = {
  name: 'press.force',
  payload: PressForcePayload,
  label: 'Press report',
  discardLoss: 'No press report will be generated for the customer.',
  summary: (payload) =>
    `Generate a press report for ${payload.label ? quoted(payload.label) : `customer ${payload.customerExternalId}`}`,

  operations: (client, context) => ({
    pressCustomerServiceId: (externalId) =>
      context.cache ? (readCustomerIdentity(context.cache, externalId)?.id ?? null) : null,
    forcePressReport: (id) => client.press.forceGeneration(id),
    pressReportEvents: async (id) =>
      (await client.customers.timeline(id, { limit: EVENTS_LOOKED_AT })).map((event) => ({
        id: event.ID,
        type: event.EventType ?? '',
        url: event.Url ?? '',
        createdAt: event.CreatedAt ?? null,
      })),
  }),
  async send(payload, ops): Promise<PressForceResult> {
    // The external id is not what forcegen's path names: sending it would be refused as unknown.
    const customerId = payload.customerId ?? ops.pressCustomerServiceId(payload.customerExternalId);
    if (!customerId)
      throw new Error(
        `Customer ${payload.customerExternalId} is not in the offline cache yet, so CaseDesk does not know the service’s id for it: sync this customer first, then retry.`,
      );
    try {
      await ops.forcePressReport(customerId);
    } catch (error) {
      // Refused for good: said plainly, held as failed (never retried on its own).
      if (isServiceError(error) && error.status === 404)
        throw new Error(
          `The service does not know customer ${payload.customerExternalId}, so no press report can be generated for it. Discard this change.`,
          { cause: error },
        );
      throw error;
    }
    return { forced: true, customerExternalId: payload.customerExternalId };
  },
  // Sent twice, it makes (and may charge) two reports: looked for on the customer's timeline.
  afterLostAnswer: {
    policy: 'look-up',
    find: findForced,
    graceMs: () => GRACE_MS,
    whereToCheck: 'the customer’s timeline in the service (a “Press report generated” event)',
  },

  // The report is picked up into the local store after delivery; the cache mirrors nothing of it.
  cacheTables: [],
};
