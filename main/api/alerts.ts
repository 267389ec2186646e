import type { AlertSearchRequest } from './request-types';
import type { CallOptions, Transport } from './call-spec';
import { WireAlertSchema, type WireAlertPage } from './wire/alert';
import { LooseDataPageSchema, readRecords, type WithRefused } from './wire/records';

export interface AlertsApi {
  /** POST /alerts/search: every field a filter; each alert with its last revision. */
  search(body: AlertSearchRequest, options?: CallOptions): Promise<WireAlertPage & WithRefused>;
}

export function createAlertsApi(transport: Transport): AlertsApi {
  return {
    search: async (body, options = {}) => {
      const page = await transport.json(
        {
          operation: 'alerts.search',
          method: 'POST',
          path: '/alerts/search',
          body: { kind: 'json', value: body },
          ...options,
        },
        LooseDataPageSchema,
      );
      // Record by record: one alert that cannot be read does not cost the rest of the page.
      const { kept, refused } = readRecords(WireAlertSchema, page.data);
      return { ...page, data: kept, refused };
    },
  };
}
