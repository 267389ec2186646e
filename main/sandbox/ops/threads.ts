import { z } from 'zod';
import { SandboxError } from '../http/api-error';
import { parseBody } from '../http/body';
import type { Reply } from '../http/router';
import {
  dateMs,
  filterBuilder,
  IsoDateTime,
  MAX_PAGE,
  pageBody,
  queryPage,
  statementCache,
  type OpContext,
} from './common';

const ThreadFilters = z.object({
  assigned_to_member_id: z.number().int().nullish(),
  contact: z.string().nullish(),
  content: z.string().nullish(),
  customer_id: z.string().nullish(),
  customer_name: z.string().nullish(),
  id: z.string().nullish(),
  max_created_at: IsoDateTime.nullish(),
  max_updated_at: IsoDateTime.nullish(),
  min_created_at: IsoDateTime.nullish(),
  min_updated_at: IsoDateTime.nullish(),
  only_without_assignment: z.boolean().nullish(),
  only_without_review_groups: z.boolean().nullish(),
  review_groups: z.array(z.string()).nullish(),
  status: z.number().int().nullish(),
  tag_codes: z.array(z.string()).nullish(),
});

const ThreadSearchBody = z.object({
  filters: ThreadFilters.nullish(),
  on_page: z.number().int().min(1, 'on_page counts from 1').nullish(),
  per_page: z.number().int().min(0).nullish(),
});

const DEFAULT_PER_PAGE = 20;

export function createThreadOps(context: OpContext) {
  const prepare = statementCache(context.db);

  return {
    /** POST /api/v1/thread/search: filters, paged by on_page (from 1) and per_page; newest update first. */
    search(body: unknown): Reply {
      const input = parseBody(ThreadSearchBody, body);
      const filters = input.filters ?? {};
      const query = filterBuilder();
      query.given(filters.id, 'id = ?');
      query.given(filters.assigned_to_member_id, 'assigned_to = ?');
      if (filters.only_without_assignment) query.add('assigned_to IS NULL');
      if (filters.only_without_review_groups) query.add("review_groups = ''");
      query.anyInList('review_groups', filters.review_groups);
      query.anyInList('tags', filters.tag_codes);
      query.given(filters.status, 'status = ?');
      query.given(filters.contact?.toLowerCase(), 'instr(contacts, ?) > 0');
      query.given(filters.content?.toLowerCase(), 'instr(search_text, ?) > 0');
      query.given(filters.customer_id, "customer_keys LIKE '%|' || ? || '|%'");
      query.given(filters.customer_name?.toLowerCase(), 'instr(customer_names, ?) > 0');
      query.given(dateMs(filters.min_created_at), 'created_ms >= ?');
      query.given(dateMs(filters.max_created_at), 'created_ms <= ?');
      query.given(dateMs(filters.min_updated_at), 'updated_ms >= ?');
      query.given(dateMs(filters.max_updated_at), 'updated_ms <= ?');

      const perPage = Math.min(input.per_page ?? DEFAULT_PER_PAGE, MAX_PAGE);
      const page = input.on_page ?? 1;
      const { rows, total } = queryPage(prepare, {
        table: 'threads',
        filters: query,
        orderBy: 'updated_ms DESC, id DESC',
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { kind: 'json', body: pageBody(rows, total) };
    },

    /** GET /api/v1/chat/attachment/{id} */
    attachment(id: string): Reply {
      const row = prepare('SELECT file_name, file_mime, bytes FROM attachments WHERE id = ?').get(
        id,
      ) as { file_name: string; file_mime: string; bytes: Buffer } | undefined;
      if (!row)
        throw new SandboxError(
          404,
          'attachment.not_found',
          `No attachment with id ${JSON.stringify(id)}.`,
        );
      return { kind: 'bytes', mime: row.file_mime, fileName: row.file_name, bytes: row.bytes };
    },
  };
}
