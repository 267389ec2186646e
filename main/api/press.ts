import type { InstantReportRequest } from './request-types';
import { pathSegment, type CallOptions, type Transport } from './call-spec';
import { ServiceError } from './service-error';
import { WirePressAnswerSchema, type WirePressReport } from './wire/press';

/** What a generation's failure says when the service answered with no readable report id. */
export const NO_REPORT_ID = 'the answer has no report id that can be read';

/** The service answered a generation, but with no report id CaseDesk can keep or read again. */
export const isAnswerWithoutReportId = (error: unknown): boolean =>
  error instanceof ServiceError &&
  error.operation === 'press.instantReport' &&
  error.detail === NO_REPORT_ID;

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
    async instantReport(body, options = {}) {
      const answer = await transport.json(
        {
          operation: 'press.instantReport',
          method: 'POST',
          path: '/press/instantreport',
          body: { kind: 'json', value: body },
          ...options,
        },
        WirePressAnswerSchema,
      );
      const { report_body_id: id } = answer;
      // Answered, so not lost; but without an id it can be neither kept nor read again.
      if (!id)
        throw new ServiceError({
          operation: 'press.instantReport',
          kind: 'malformed',
          detail: NO_REPORT_ID,
          retryable: false,
          outcomeUnknown: false,
        });
      return { ...answer, report_body_id: id };
    },
    async reportBody(id, options = {}) {
      const answer = await transport.json(
        {
          operation: 'press.reportBody',
          method: 'GET',
          path: `/press/reportbody/${pathSegment('press.reportBody', id)}`,
          ...options,
        },
        WirePressAnswerSchema,
      );
      // The body of the id asked for, whatever it says of its own.
      return { ...answer, report_body_id: answer.report_body_id ?? id };
    },
    forceGeneration: (customerId, options = {}) =>
      transport.empty({
        operation: 'press.forceGeneration',
        method: 'POST',
        path: `/press/report/${pathSegment('press.forceGeneration', customerId)}/forcegen`,
        ...options,
      }),
  };
}
