import type { AlertSearchRequest } from './request-types';
import type { CallOptions, Transport } from './call-spec';
import { WireAlertPageSchema, type WireAlertPage } from './wire/alert';

export interface AlertsApi {
  /** POST /alerts/search: every field a filter; each alert with its last revision. */
  search(body: AlertSearchRequest, options?: CallOptions): Promise<WireAlertPage>;
}

export function createAlertsApi(transport: Transport): AlertsApi {
  return {
    search: (body, options = {}) =>
      transport.json(
        {
          operation: 'alerts.search',
          method: 'POST',
          path: '/alerts/search',
          body: { kind: 'json', value: body },
          ...options,
        },
        WireAlertPageSchema,
      ),
  };
}
