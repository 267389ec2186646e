import type { SaveCustomersRequest, TimelineQuery } from './request-types';
import { pathSegment, type CallOptions, type Transport } from './call-spec';
import { looseList, readRecords, type WithRefused } from './wire/records';
import {
  WireCustomerDetailSchema,
  WireCustomerStatsSchema,
  WireSaveResponseSchema,
  WireCustomerEventSchema,
  type WireCustomerDetail,
  type WireCustomerEvent,
  type WireCustomerStats,
  type WireSaveResponse,
} from './wire/customer';

export interface CustomersApi {
  /** POST /customers/save. Per-line problems come back in `detail`, not as an error. */
  save(body: SaveCustomersRequest, options?: CallOptions): Promise<WireSaveResponse>;
  /** GET /customers/{external_id} */
  get(externalId: string, options?: CallOptions): Promise<WireCustomerDetail>;
  /** GET /customers/{external_id}/stats */
  stats(externalId: string, options?: CallOptions): Promise<WireCustomerStats>;
  /** GET /customers/{external_id}/timeline?limit&offset */
  timeline(
    externalId: string,
    query?: TimelineQuery,
    options?: CallOptions,
  ): Promise<WireCustomerEvent[] & WithRefused>;
}

export function createCustomersApi(transport: Transport): CustomersApi {
  const customerPath = (operation: Parameters<typeof pathSegment>[0], id: string) =>
    `/customers/${pathSegment(operation, id)}`;
  return {
    save: (body, options = {}) =>
      transport.json(
        {
          operation: 'customers.save',
          method: 'POST',
          path: '/customers/save',
          body: { kind: 'json', value: body },
          ...options,
        },
        WireSaveResponseSchema,
      ),
    get: (externalId, options = {}) =>
      transport.json(
        {
          operation: 'customers.get',
          method: 'GET',
          path: customerPath('customers.get', externalId),
          ...options,
        },
        WireCustomerDetailSchema,
      ),
    stats: (externalId, options = {}) =>
      transport.json(
        {
          operation: 'customers.stats',
          method: 'GET',
          path: `${customerPath('customers.stats', externalId)}/stats`,
          ...options,
        },
        WireCustomerStatsSchema,
      ),
    timeline: async (externalId, query = {}, options = {}) => {
      const items = await transport.json(
        {
          operation: 'customers.timeline',
          method: 'GET',
          path: `${customerPath('customers.timeline', externalId)}/timeline`,
          query: { limit: query.limit, offset: query.offset },
          ...options,
        },
        looseList,
      );
      const { kept, refused } = readRecords(WireCustomerEventSchema, items);
      // Still the list every caller iterates; the events set aside ride along, not enumerated.
      return Object.defineProperty(kept, 'refused', { value: refused }) as WireCustomerEvent[] &
        WithRefused;
    },
  };
}
