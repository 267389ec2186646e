import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { isServiceError, type ServiceClient } from '../api';
import { streamedUploadBody } from '../api/streamed-upload';
import type { FailureFacts, OutboxTransport, UploadPayload } from './outbox-replayer';

/**
 * The copy kept for sending must be there, whole, before anything goes out: a read error in the
 * middle of the body would look like a dropped connection (an upload in doubt), not like the
 * local problem it is.
 */
async function checkKeptCopy(
  payload: UploadPayload,
  file: { path: string; size: number; sha256: string },
) {
  const info = await stat(file.path).catch(() => null);
  const name = `“${payload.display_name || payload.file_name}”`;
  if (!info?.isFile())
    throw new Error(
      `The copy of ${name} kept for sending is missing (${file.path}); discard this change and file the document again.`,
    );
  if (info.size !== file.size)
    throw new Error(
      `The copy of ${name} kept for sending has changed (${info.size} bytes, ${file.size} when filed); discard this change and file the document again.`,
    );
  // Same size is not same bytes: after a power cut a copy can come back zero-filled.
  if (file.sha256 && (await sha256Of(file.path)) !== file.sha256)
    throw new Error(
      `The copy of ${name} kept for sending is damaged (its contents are not what was filed); discard this change and file the document again.`,
    );
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The outbox's sends through the API client. */
export function createServiceTransport(client: ServiceClient): OutboxTransport {
  return {
    async upload(payload, onSent, origin) {
      const fields = {
        customer_external_id: payload.customer_external_id,
        display_name: payload.display_name,
        file_name: payload.file_name,
        tag_codes: payload.tag_codes,
        ...(origin ? { origin: { type: { code: 'api' }, value: origin } } : {}),
      };
      if (payload.source.type === 'external') {
        return client.documents.upload({
          ...fields,
          external: { file_url: payload.source.file_url, file_size: payload.source.file_size },
        });
      }
      await checkKeptCopy(payload, payload.source);
      return client.documents.upload(streamedUploadBody(fields, payload.source, onSent));
    },
    async findDocuments(customerExternalId, fileName) {
      const page = await client.documents.search({
        filters: { customer_external_id: customerExternalId, file_name: fileName },
        limit: 200,
      });
      return page.documents;
    },
    update: (id, change) => client.documents.update(id, change),
    remove: (id) => client.documents.remove(id),
    saveCustomers: (body) =>
      client.customers.save(body as Parameters<ServiceClient['customers']['save']>[0]),
  };
}

/** The API client's errors already say whether to retry and whether the outcome is unknown. */
export function classifyServiceFailure(error: unknown): FailureFacts {
  if (isServiceError(error)) {
    return {
      transient:
        error.retryable ||
        error.kind === 'network' ||
        error.kind === 'timeout' ||
        error.kind === 'auth',
      unreachable: error.kind === 'network' || error.kind === 'timeout',
      outcomeUnknown: error.outcomeUnknown,
      notFound: error.status === 404,
      message: error.message,
    };
  }
  // A local problem (the file to upload was moved or deleted): not going to improve by waiting.
  return {
    transient: false,
    outcomeUnknown: false,
    notFound: false,
    message: error instanceof Error ? error.message : String(error),
  };
}
