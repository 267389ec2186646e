import { extname } from 'node:path';
import { z } from 'zod';
import { badRequest, notFound, SandboxError } from '../http/api-error';
import { parseBody } from '../http/body';
import { noContent, type Reply } from '../http/router';
import { EXTERNAL_FILE_PREFIX } from '../generator';
import type { DocumentRecord } from '../model';
import {
  filterBuilder,
  pageBody,
  pageSize,
  queryPage,
  statementCache,
  type OpContext,
} from './common';
import type { TimelineWriter } from './timeline';

/** External documents are stored with this prefix and served with the sandbox's current address. */
const EXTERNAL_PLACEHOLDER = EXTERNAL_FILE_PREFIX;

// One character class and a length check, not a grouped repetition: V8 runs out of stack on a
// repeated group over the millions of characters of a large upload.
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (text: string) => text.length % 4 === 0 && BASE64_CHARACTERS.test(text);

const UploadBody = z
  .object({
    customer_external_id: z.string().min(1, 'customer_external_id is required'),
    display_name: z.string().max(512).nullish(),
    file_name: z.string().min(1, 'file_name is required').max(255),
    tag_codes: z.array(z.string().min(1).max(64)).max(50).nullish(),
    external: z.object({ file_size: z.number().int().min(0), file_url: z.url() }).nullish(),
    internal: z
      .object({
        file_data: z.string().refine(isBase64, 'file_data must be base64').nullish(),
        FileData: z.array(z.number().int().min(0).max(255)).nullish(),
      })
      .nullish(),
    origin: z.object({ type: z.unknown().optional(), value: z.string().optional() }).nullish(),
  })
  .refine((body) => Boolean(body.internal) !== Boolean(body.external), {
    message: 'send the content either inline (internal) or as a reference (external), not both',
  })
  .refine(
    (body) =>
      !body.internal ||
      ((body.internal.file_data ?? body.internal.FileData) !== undefined &&
        (body.internal.file_data ?? body.internal.FileData) !== null),
    {
      message: 'internal needs file_data (base64) or FileData (bytes)',
    },
  );

const UpdateBody = z.object({
  display_name: z.string().min(1).max(512).nullish(),
  tag_codes: z.array(z.string().min(1).max(64)).max(50).nullish(),
});

const SearchBody = z.object({
  filters: z
    .object({
      customer_external_id: z.string().nullish(),
      display_name: z.string().nullish(),
      file_name: z.string().nullish(),
      file_types: z.array(z.string()).nullish(),
      min_created_at: z.number().int().nullish(),
      max_created_at: z.number().int().nullish(),
      tags: z.array(z.string()).nullish(),
    })
    .nullish(),
  limit: z.number().int().min(0).nullish(),
  offset: z.number().int().min(0).nullish(),
});

const MIME_BY_TYPE: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

export function createDocumentOps(context: OpContext, timeline: TimelineWriter) {
  const prepare = statementCache(context.db);
  const served = (text: string) =>
    text.split(EXTERNAL_PLACEHOLDER).join(`${context.baseUrl()}/external-files/`);
  const load = (id: string) => {
    const row = prepare('SELECT json, bytes, external_url FROM documents WHERE id = ?').get(id) as
      { json: string; bytes: Buffer | null; external_url: string | null } | undefined;
    if (!row) throw notFound('document', id);
    return {
      record: JSON.parse(row.json) as DocumentRecord,
      bytes: row.bytes,
      externalUrl: row.external_url,
    };
  };

  return {
    /** POST /api/v1/customer_documents/upload */
    upload(body: unknown): Reply {
      const input = parseBody(UploadBody, body);
      const customer = prepare('SELECT 1 FROM customers WHERE external_id = ?').get(
        input.customer_external_id,
      );
      if (!customer) throw notFound('customer', input.customer_external_id);
      const bytes = input.internal
        ? typeof input.internal.file_data === 'string'
          ? Buffer.from(input.internal.file_data, 'base64')
          : Buffer.from(input.internal.FileData ?? [])
        : null;
      const id = context.newId('doc');
      const at = context.now();
      const seconds = Math.floor(at.getTime() / 1000);
      const type = extname(input.file_name).slice(1).toLowerCase() || 'bin';
      const record: DocumentRecord = {
        id,
        customer_external_id: input.customer_external_id,
        display_name: input.display_name ?? input.file_name,
        file_name: input.file_name,
        file_mime: MIME_BY_TYPE[type] ?? 'application/octet-stream',
        file_size: bytes ? bytes.length : (input.external?.file_size ?? 0),
        file_source: bytes ? 'internal' : 'external',
        file_type: type,
        file_url: bytes
          ? `/api/v1/customer_documents/${id}/download`
          : (input.external?.file_url ?? ''),
        created_at: seconds,
        last_revision_id: context.newId('docrev'),
        last_revision_agent_id: 0,
        last_revision_created_at: seconds,
        origin: {
          type:
            typeof input.origin?.type === 'object' && input.origin.type !== null
              ? (input.origin.type as Record<string, unknown>)
              : { code: 'api' },
          value: input.origin?.value ?? 'api',
        },
        tags: input.tag_codes ?? [],
      };
      context.db.transaction(() => {
        context.store.putDocument(record, bytes, bytes ? null : record.file_url);
        timeline.write(
          input.customer_external_id,
          'document_uploaded',
          `Document uploaded: ${record.display_name}`,
          `${record.file_name} (${record.file_size} bytes)`,
          at,
        );
      })();
      return { kind: 'json', body: served(JSON.stringify(record)) };
    },

    /** POST /api/v1/customer_documents/{id}: metadata only, 204. */
    update(id: string, body: unknown): Reply {
      const input = parseBody(UpdateBody, body);
      const { record, bytes, externalUrl } = load(id);
      const at = context.now();
      const updated: DocumentRecord = {
        ...record,
        display_name: input.display_name ?? record.display_name,
        tags: input.tag_codes ?? record.tags,
        last_revision_id: context.newId('docrev'),
        last_revision_created_at: Math.floor(at.getTime() / 1000),
      };
      context.db.transaction(() => {
        context.store.putDocument(updated, bytes, externalUrl);
        timeline.write(
          record.customer_external_id,
          'document_updated',
          `Document updated: ${updated.display_name}`,
          '',
          at,
        );
      })();
      return noContent();
    },

    /** POST /api/v1/customer_documents/search: newest first. */
    search(body: unknown): Reply {
      const input = parseBody(SearchBody, body);
      const filters = input.filters ?? {};
      const query = filterBuilder();
      query.given(filters.customer_external_id, 'customer_external_id = ?');
      query.given(filters.display_name?.toLowerCase(), 'instr(lower(display_name), ?) > 0');
      query.given(filters.file_name?.toLowerCase(), 'instr(lower(file_name), ?) > 0');
      if (filters.file_types?.length) {
        const types = filters.file_types.map((type) => type.toLowerCase().replace(/^\./, ''));
        query.add(`lower(file_type) IN (${types.map(() => '?').join(',')})`, ...types);
      }
      query.given(filters.min_created_at, 'created_at >= ?');
      query.given(filters.max_created_at, 'created_at <= ?');
      query.anyInList('tags', filters.tags);
      const { rows, total } = queryPage(prepare, {
        table: 'documents',
        filters: query,
        orderBy: 'created_at DESC, id DESC',
        limit: pageSize(input.limit),
        offset: input.offset ?? 0,
      });
      return { kind: 'json', body: served(pageBody(rows, total, 'documents')) };
    },

    /** GET /api/v1/customer_documents/{id}/download: the bytes, or a redirect for an external document. */
    download(id: string): Reply {
      const { record, bytes, externalUrl } = load(id);
      if (bytes)
        return { kind: 'bytes', mime: record.file_mime, fileName: record.file_name, bytes };
      if (!externalUrl)
        throw new SandboxError(410, 'document.content_missing', 'This document has no content.');
      return { kind: 'redirect', location: served(externalUrl) };
    },

    /** DELETE /api/v1/customer_documents/{id}: 204. */
    remove(id: string): Reply {
      const { record } = load(id);
      context.db.transaction(() => {
        prepare('DELETE FROM documents WHERE id = ?').run(id);
        timeline.write(
          record.customer_external_id,
          'document_deleted',
          `Document deleted: ${record.display_name}`,
          '',
          context.now(),
        );
      })();
      return noContent();
    },

    /** GET /external-files/{name}: what an external document's URL serves (no token: it stands for another host). */
    externalFile(name: string): Reply {
      const row = prepare('SELECT json FROM documents WHERE external_url = ?').get(
        `${EXTERNAL_PLACEHOLDER}${name}`,
      ) as { json: string } | undefined;
      if (!row)
        throw badRequest(
          'external_file.not_found',
          `No external file named ${JSON.stringify(name)}.`,
        );
      const record = JSON.parse(row.json) as DocumentRecord;
      const text = `External document held outside the service.\nName: ${record.file_name}\nCustomer: ${record.customer_external_id}\n`;
      return {
        kind: 'bytes',
        mime: 'text/plain; charset=utf-8',
        fileName: `${name}.txt`,
        bytes: Buffer.from(text),
      };
    },
  };
}
