import type { SyncSource } from '../../main/sync/sync-source';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A plain-fetch source for sync tests, independent of the API client under test elsewhere. */
export function fetchSyncSource(baseUrl: string, token: string): SyncSource {
  const call = async <T>(
    method: string,
    path: string,
    signal: AbortSignal,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      signal,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new HttpError(response.status, `${method} ${path}: HTTP ${response.status}`);
    return JSON.parse(text) as T;
  };
  const id = encodeURIComponent;
  return {
    searchAlerts: (body, signal) => call('POST', '/api/v1/alerts/search', signal, body),
    searchThreads: (body, signal) => call('POST', '/api/v1/thread/search', signal, body),
    customer: (externalId, signal) => call('GET', `/api/v1/customers/${id(externalId)}`, signal),
    customerStats: (externalId, signal) =>
      call('GET', `/api/v1/customers/${id(externalId)}/stats`, signal),
    customerTimeline: (externalId, signal) =>
      call('GET', `/api/v1/customers/${id(externalId)}/timeline?limit=1000`, signal),
    customerDocuments: (externalId, page, signal) =>
      call('POST', '/api/v1/customer_documents/search', signal, {
        filters: { customer_external_id: externalId },
        ...page,
      }),
  };
}
