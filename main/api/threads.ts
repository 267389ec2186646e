import type { ThreadSearchRequest } from './request-types';
import { pathSegment, type CallOptions, type DownloadResult, type Transport } from './call-spec';
import { LooseDataPageSchema, readRecords, type WithRefused } from './wire/records';
import { WireThreadSchema, type WireThreadPage } from './wire/thread';

export interface ThreadsApi {
  /** POST /thread/search (pages count from on_page, per_page at a time). */
  search(body: ThreadSearchRequest, options?: CallOptions): Promise<WireThreadPage & WithRefused>;
}

export interface AttachmentsApi {
  /**
   * GET /chat/attachment/{id}: the bytes as a stream. The spec promises content; a redirect, if a
   * service ever answers one, is handed back like a document's rather than failing.
   */
  download(id: string, options?: CallOptions): Promise<DownloadResult>;
}

export function createThreadsApi(transport: Transport): ThreadsApi {
  return {
    search: async (body, options = {}) => {
      const page = await transport.json(
        {
          operation: 'threads.search',
          method: 'POST',
          path: '/thread/search',
          body: { kind: 'json', value: body },
          ...options,
        },
        LooseDataPageSchema,
      );
      const { kept, refused } = readRecords(WireThreadSchema, page.data);
      return { ...page, data: kept, refused };
    },
  };
}

export function createAttachmentsApi(transport: Transport): AttachmentsApi {
  return {
    download: (id, options = {}) =>
      transport.download({
        operation: 'attachments.download',
        method: 'GET',
        path: `/chat/attachment/${pathSegment('attachments.download', id)}`,
        ...options,
      }),
  };
}
