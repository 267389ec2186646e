import type {
  DocumentSearchRequest,
  StreamedUploadBody,
  UpdateDocumentRequest,
  UploadDocumentRequest,
} from './request-types';
import {
  pathSegment,
  type CallOptions,
  type DownloadResult,
  type RequestBody,
  type Transport,
} from './call-spec';
import { LooseDocumentPageSchema, readRecords, type WithRefused } from './wire/records';
import { WireDocumentSchema, type WireDocument, type WireDocumentPage } from './wire/document';

export interface DocumentsApi {
  /** POST /customer_documents/upload: a ready body, or its JSON streamed (large files). */
  upload(
    body: UploadDocumentRequest | StreamedUploadBody,
    options?: CallOptions,
  ): Promise<WireDocument>;
  /** POST /customer_documents/{id} → 204 */
  update(id: string, body: UpdateDocumentRequest, options?: CallOptions): Promise<void>;
  /** POST /customer_documents/search */
  search(
    body: DocumentSearchRequest,
    options?: CallOptions,
  ): Promise<WireDocumentPage & WithRefused>;
  /** GET /customer_documents/{id}/download: the bytes as a stream, or the external URL (not followed). */
  download(id: string, options?: CallOptions): Promise<DownloadResult>;
  /** DELETE /customer_documents/{id} → 204 */
  remove(id: string, options?: CallOptions): Promise<void>;
}

function isStreamed(body: UploadDocumentRequest | StreamedUploadBody): body is StreamedUploadBody {
  return 'kind' in body && body.kind === 'json-stream';
}

export function createDocumentsApi(transport: Transport): DocumentsApi {
  const documentPath = (operation: Parameters<typeof pathSegment>[0], id: string) =>
    `/customer_documents/${pathSegment(operation, id)}`;
  return {
    upload(body, options = {}) {
      const payload: RequestBody = isStreamed(body)
        ? { kind: 'json-stream', open: body.open, contentLength: body.contentLength }
        : { kind: 'json', value: body };
      return transport.json(
        {
          operation: 'documents.upload',
          method: 'POST',
          path: '/customer_documents/upload',
          body: payload,
          ...options,
        },
        WireDocumentSchema,
      );
    },
    update: (id, body, options = {}) =>
      transport.empty({
        operation: 'documents.update',
        method: 'POST',
        path: documentPath('documents.update', id),
        body: { kind: 'json', value: body },
        ...options,
      }),
    search: async (body, options = {}) => {
      const page = await transport.json(
        {
          operation: 'documents.search',
          method: 'POST',
          path: '/customer_documents/search',
          body: { kind: 'json', value: body },
          ...options,
        },
        LooseDocumentPageSchema,
      );
      const { kept, refused } = readRecords(WireDocumentSchema, page.documents);
      return { ...page, documents: kept, refused };
    },
    download: (id, options = {}) =>
      transport.download({
        operation: 'documents.download',
        method: 'GET',
        path: `${documentPath('documents.download', id)}/download`,
        ...options,
      }),
    remove: (id, options = {}) =>
      transport.empty({
        operation: 'documents.remove',
        method: 'DELETE',
        path: documentPath('documents.remove', id),
        ...options,
      }),
  };
}
