import type { InstantReportRequest } from './request-types';
import { pathSegment, type CallOptions, type Transport } from './call-spec';
import { WirePressReportSchema, type WirePressReport } from './wire/press';

export interface PressApi {
  /** POST /press/instantreport. Creates a report: never repeated blindly. */
  instantReport(body: InstantReportRequest, options?: CallOptions): Promise<WirePressReport>;
  /** GET /press/reportbody/{id} */
  reportBody(id: string, options?: CallOptions): Promise<WirePressReport>;
  /** POST /press/report/{customer_id}/forcegen → 204, no body sent. */
  forceGeneration(customerId: string, options?: CallOptions): Promise<void>;
}

export function createPressApi(transport: Transport): PressApi {
  return {
    instantReport: (body, options = {}) =>
      transport.json(
        {
          operation: 'press.instantReport',
          method: 'POST',
          path: '/press/instantreport',
          body: { kind: 'json', value: body },
          ...options,
        },
        WirePressReportSchema,
      ),
    reportBody: (id, options = {}) =>
      transport.json(
        {
          operation: 'press.reportBody',
          method: 'GET',
          path: `/press/reportbody/${pathSegment('press.reportBody', id)}`,
          ...options,
        },
        WirePressReportSchema,
      ),
    forceGeneration: (customerId, options = {}) =>
      transport.empty({
        operation: 'press.forceGeneration',
        method: 'POST',
        path: `/press/report/${pathSegment('press.forceGeneration', customerId)}/forcegen`,
        ...options,
      }),
  };
}
