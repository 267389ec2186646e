import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { DocumentLike } from '../../cache/records';
import { isServiceError } from '../../api';
import { parseServiceDate } from '../../lib/service-date';
import { streamedUploadBody } from '../../api/streamed-upload';
import { type LookUp, type OutboxKind, quoted } from './kind';

/** A document filed from this computer: its bytes are a copy kept in the outbox, or an address. */
export const UploadPayload = z.object({
  kind: z.literal('document.upload'),
  customer_external_id: z.string().min(1),
  display_name: z.string(),
  file_name: z.string().min(1),
  tag_codes: z.array(z.string()),
  /** Inline content: a file on disk (read when sent) or an external reference. */
  source: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('file'),
      path: z.string().min(1),
      size: z.number().int().min(0),
      sha256: z.string(),
    }),
    z.object({
      type: z.literal('external'),
      file_url: z.string().min(1),
      file_size: z.number().int().min(0),
    }),
  ]),
});
export type UploadPayload = z.infer<typeof UploadPayload>;

export type FoundDocument = DocumentLike & {
  file_size?: number | null;
  origin?: { value?: unknown } | null;
};

export interface UploadOps {
  /**
   * `onSent` hears how many of the file's bytes have gone out so far (for progress); `origin` is
   * sent as the document's origin value, so that an upload in doubt can be recognised later.
   */
  upload(
    payload: UploadPayload,
    onSent?: (fileBytes: number) => void,
    origin?: string,
  ): Promise<DocumentLike>;
  /** Documents of the customer with this file name, to find an upload whose outcome is unknown. */
  findDocuments(customerExternalId: string, fileName: string): Promise<FoundDocument[]>;
}

/** The origin value CaseDesk files an upload with: the outbox item's id, unique per filing. */
export const uploadOrigin = (itemId: string): string => `casedesk:${itemId}`;

/**
 * How long an upload stays in doubt before it is sent again when the service does not list it: a
 * large upload may still be being stored after the connection gave up.
 */
export function inDoubtGraceMs(bytes: number): number {
  return Math.min(30 * 60_000, 2 * 60_000 + Math.ceil(bytes / (50 * 1024 * 1024)) * 60_000);
}

const sizeOf = (payload: UploadPayload): number =>
  payload.source.type === 'file' ? payload.source.size : payload.source.file_size;

/** Seconds, whether the service sent seconds, milliseconds or a date as text (the spec gives no unit). */
const createdSeconds = (value: unknown): number =>
  Math.floor((parseServiceDate(value) ?? 0) / 1000);

const isDocument = (value: unknown): value is DocumentLike =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { id?: unknown }).id === 'string' &&
  (value as { id: string }).id.length > 0;

/**
 * The document an upload in doubt became, if the service has it. The origin value it was sent
 * with names it exactly; for a service that does not keep origins, a document alike in every
 * field sent, created since it was queued and not claimed by another filing, is taken for it.
 */
async function findUploaded(
  payload: UploadPayload,
  ops: UploadOps,
  lookUp: LookUp<UploadPayload>,
): Promise<DocumentLike | null> {
  const size = sizeOf(payload);
  const candidates = await ops.findDocuments(payload.customer_external_id, payload.file_name);
  const origin = uploadOrigin(lookUp.id);
  const originOf = (doc: FoundDocument) =>
    typeof doc.origin?.value === 'string' ? doc.origin.value : null;
  const marked = candidates.find((doc) => originOf(doc) === origin);
  if (marked) return marked;
  // This service keeps the origins CaseDesk sends, and none is this upload's: it did not arrive.
  if (candidates.some((doc) => originOf(doc)?.startsWith('casedesk:'))) return null;
  const queuedSeconds = Math.floor(Date.parse(lookUp.createdAt) / 1000) - 120;
  // Documents other delivered uploads turned out to be: never taken for this one.
  const claimed = new Set<string>();
  for (const done of lookUp.delivered()) {
    const result = done.result as { id?: unknown } | null;
    if (typeof result?.id === 'string') claimed.add(result.id);
  }
  const sameTags = (tags: readonly string[] | null | undefined) =>
    [...(tags ?? [])].sort().join('\n') === [...payload.tag_codes].sort().join('\n');
  return (
    candidates
      .filter(
        (doc) =>
          !claimed.has(doc.id) &&
          doc.file_name === payload.file_name &&
          (doc.file_size ?? size) === size &&
          (!payload.display_name || doc.display_name === payload.display_name) &&
          sameTags(doc.tags) &&
          createdSeconds(doc.created_at) >= queuedSeconds,
      )
      .sort((a, b) => createdSeconds(b.created_at) - createdSeconds(a.created_at))[0] ?? null
  );
}

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
  const name = quoted(payload.display_name || payload.file_name);
  if (!info?.isFile())
    throw new Error(
      `The copy of ${name} kept for sending is missing (it was in CaseDesk's data folder); discard this change and file the document again.`,
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

/**
 * A system error reading the kept copy (it names the copy's path) becomes a sentence naming the
 * document: the item's last error is shown in the window. The system's error stays its cause.
 */
function unreadableCopy(payload: UploadPayload, error: unknown): unknown {
  if (isServiceError(error) || !(error instanceof Error)) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code !== 'string' || !(error as NodeJS.ErrnoException).syscall) return error;
  const name = quoted(payload.display_name || payload.file_name);
  const what = code === 'ENOENT' ? 'is missing' : `could not be read (${code})`;
  return new Error(
    `The copy of ${name} kept for sending ${what} (it was in CaseDesk's data folder); discard this change and file the document again.`,
    { cause: error },
  );
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export const documentUpload: OutboxKind<UploadPayload, UploadOps> = {
  name: 'document.upload',
  payload: UploadPayload,
  label: 'Document upload',
  discardLoss: 'The document will not be filed. Its copy kept for sending is removed.',
  summary: (payload) =>
    `Upload ${quoted(payload.display_name || payload.file_name)} (${payload.file_name}) to ${payload.customer_external_id}`,

  operations: (client) => ({
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
      try {
        await checkKeptCopy(payload, payload.source);
        return await client.documents.upload(streamedUploadBody(fields, payload.source, onSent));
      } catch (error) {
        throw unreadableCopy(payload, error);
      }
    },
    async findDocuments(customerExternalId, fileName) {
      const page = await client.documents.search({
        filters: { customer_external_id: customerExternalId, file_name: fileName },
        limit: 200,
      });
      return page.documents;
    },
  }),
  send(payload, ops, sending) {
    const total = sizeOf(payload);
    return ops.upload(payload, (sent) => sending.bodySent(sent, total), uploadOrigin(sending.id));
  },
  // Filing twice would leave the customer with two documents: the service is asked first.
  afterLostAnswer: {
    policy: 'look-up',
    find: findUploaded,
    graceMs: (payload) => inDoubtGraceMs(sizeOf(payload)),
    whereToCheck: "the customer's documents in the service",
  },
  // Only a file's bytes are counted as they go; an address goes out in one small request.
  marksBodyStart: (payload) => payload.source.type === 'file',
  keptCopy: (payload) => (payload.source.type === 'file' ? payload.source.path : null),

  cacheTables: ['documents'],
  applyDelivery(writer, payload, result) {
    // Without a document in the answer, the next sync brings it; the list still loses its pending row.
    if (!isDocument(result)) return;
    writer.putDocument({
      ...result,
      customer_external_id: result.customer_external_id ?? payload.customer_external_id,
    });
  },
  pendingUpload: (item) => ({
    outboxId: item.id,
    customerExternalId: item.payload.customer_external_id,
    displayName: item.payload.display_name || item.payload.file_name,
    fileName: item.payload.file_name,
    fileSize: sizeOf(item.payload),
    tags: item.payload.tag_codes,
    external: item.payload.source.type === 'external',
    state: item.state,
    lastError: item.lastError,
    createdAt: item.createdAt,
  }),
};
