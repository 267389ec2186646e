import { request } from 'undici';
import type { SyncSource } from './sync-source';

/** An HTTP failure of one call, with what the sync engine branches on. */
export class SourceError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** The sync engine's view of the service, over undici. */
export function createServiceSource(options: {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}): SyncSource {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const call = async <T>(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    signal: AbortSignal,
    body?: unknown,
  ): Promise<T> => {
    const response = await request(`${options.baseUrl}${path}`, {
      method,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await response.body.text();
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new SourceError(
        operation,
        response.statusCode,
        `${operation}: the service answered HTTP ${response.statusCode}.`,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SourceError(
        operation,
        null,
        `${operation}: the service's answer was not valid JSON.`,
      );
    }
  };
  const id = encodeURIComponent;
  return {
    searchAlerts: (body, signal) =>
      call('alerts.search', 'POST', '/api/v1/alerts/search', signal, body),
    searchThreads: (body, signal) =>
      call('threads.search', 'POST', '/api/v1/thread/search', signal, body),
    customer: (externalId, signal) =>
      call('customers.get', 'GET', `/api/v1/customers/${id(externalId)}`, signal),
    customerStats: (externalId, signal) =>
      call('customers.stats', 'GET', `/api/v1/customers/${id(externalId)}/stats`, signal),
    customerTimeline: (externalId, signal) =>
      call(
        'customers.timeline',
        'GET',
        `/api/v1/customers/${id(externalId)}/timeline?limit=1000`,
        signal,
      ),
    customerDocuments: (externalId, page, signal) =>
      call('documents.search', 'POST', '/api/v1/customer_documents/search', signal, {
        filters: { customer_external_id: externalId },
        ...page,
      }),
  };
}
