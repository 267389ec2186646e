import { readFile } from 'node:fs/promises';
import type { DocumentLike } from '../../main/cache/records';
import type { FailureFacts, OutboxTransport } from '../../main/outbox/outbox-replayer';

export class TransportError extends Error {
  constructor(readonly facts: FailureFacts) {
    super(facts.message);
  }
}

/** A plain-fetch transport for outbox tests (the app's own goes through the API client). */
export function fetchOutboxTransport(
  target: () => { baseUrl: string; token: string },
): OutboxTransport {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const { baseUrl, token } = target();
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new TransportError({
        transient: true,
        outcomeUnknown: false,
        notFound: false,
        message: `unreachable: ${(error as Error).message}`,
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new TransportError({
        transient: true,
        outcomeUnknown: method !== 'GET',
        notFound: false,
        message: 'connection dropped mid-answer',
      });
    }
    if (!response.ok) {
      throw new TransportError({
        transient: response.status >= 500 || response.status === 429,
        outcomeUnknown: false,
        notFound: response.status === 404,
        message: `HTTP ${response.status}`,
      });
    }
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new TransportError({
        transient: true,
        outcomeUnknown: method !== 'GET',
        notFound: false,
        message: 'malformed answer',
      });
    }
  };
  return {
    async upload(payload) {
      const internal =
        payload.source.type === 'file'
          ? { file_data: (await readFile(payload.source.path)).toString('base64') }
          : undefined;
      const external =
        payload.source.type === 'external'
          ? { file_url: payload.source.file_url, file_size: payload.source.file_size }
          : undefined;
      return (await call('POST', '/api/v1/customer_documents/upload', {
        customer_external_id: payload.customer_external_id,
        display_name: payload.display_name,
        file_name: payload.file_name,
        tag_codes: payload.tag_codes,
        ...(internal ? { internal } : { external }),
      })) as DocumentLike;
    },
    async findDocuments(customerExternalId, fileName) {
      const page = (await call('POST', '/api/v1/customer_documents/search', {
        filters: { customer_external_id: customerExternalId, file_name: fileName },
        limit: 100,
      })) as { documents: DocumentLike[] };
      return page.documents;
    },
    async update(id, change) {
      await call('POST', `/api/v1/customer_documents/${encodeURIComponent(id)}`, change);
    },
    async remove(id) {
      await call('DELETE', `/api/v1/customer_documents/${encodeURIComponent(id)}`);
    },
    saveCustomers: (body) => call('POST', '/api/v1/customers/save', body),
    async forcePressReport(customerId) {
      await call('POST', `/api/v1/press/report/${encodeURIComponent(customerId)}/forcegen`);
    },
    // No offline cache here: items carry the service's id.
    pressCustomerServiceId: () => null,
    // KYT submissions are sent by the KYT core (main/kyt), which this transport has none of.
    sendKytSubmission: () => Promise.reject(new Error('no KYT core here')),
    kytSubmissionDiscarded: () => undefined,
    kytSubmissionRetried: () => undefined,
    async pressReportEvents(customerExternalId) {
      const events = (await call(
        'GET',
        `/api/v1/customers/${encodeURIComponent(customerExternalId)}/timeline?limit=100`,
      )) as Array<{ ID: string; EventType?: string; Url?: string; CreatedAt?: string }>;
      return events.map((event) => ({
        id: event.ID,
        type: event.EventType ?? '',
        url: event.Url ?? '',
        createdAt: event.CreatedAt ?? null,
      }));
    },
  };
}

export const classifyTransportError = (error: unknown): FailureFacts =>
  error instanceof TransportError
    ? error.facts
    : { transient: false, outcomeUnknown: false, notFound: false, message: String(error) };
