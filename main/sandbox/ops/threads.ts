import { z } from 'zod';
import { SandboxError } from '../http/api-error';
import { parseBody } from '../http/body';
import type { Reply } from '../http/router';
import { IsoDateTime, MAX_PAGE, pageBody, statementCache, type OpContext } from './common';

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
      const where: string[] = [];
      const params: Array<string | number> = [];
      const add = (clause: string, ...values: Array<string | number>) => {
        where.push(clause);
        params.push(...values);
      };
      if (filters.id) add('id = ?', filters.id);
      if (filters.assigned_to_member_id !== null && filters.assigned_to_member_id !== undefined) {
        add('assigned_to = ?', filters.assigned_to_member_id);
      }
      if (filters.only_without_assignment) add('assigned_to IS NULL');
      if (filters.only_without_review_groups) add("review_groups = ''");
      if (filters.review_groups?.length) {
        add(
          `(${filters.review_groups.map(() => "review_groups LIKE '%|' || ? || '|%'").join(' OR ')})`,
          ...filters.review_groups,
        );
      }
      if (filters.tag_codes?.length) {
        add(
          `(${filters.tag_codes.map(() => "tags LIKE '%|' || ? || '|%'").join(' OR ')})`,
          ...filters.tag_codes,
        );
      }
      if (filters.status !== null && filters.status !== undefined)
        add('status = ?', filters.status);
      if (filters.contact) add('instr(contacts, ?) > 0', filters.contact.toLowerCase());
      if (filters.content) add('instr(search_text, ?) > 0', filters.content.toLowerCase());
      if (filters.customer_id) add("customer_keys LIKE '%|' || ? || '|%'", filters.customer_id);
      if (filters.customer_name)
        add('instr(customer_names, ?) > 0', filters.customer_name.toLowerCase());
      if (filters.min_created_at) add('created_ms >= ?', Date.parse(filters.min_created_at));
      if (filters.max_created_at) add('created_ms <= ?', Date.parse(filters.max_created_at));
      if (filters.min_updated_at) add('updated_ms >= ?', Date.parse(filters.min_updated_at));
      if (filters.max_updated_at) add('updated_ms <= ?', Date.parse(filters.max_updated_at));

      const perPage = Math.min(input.per_page ?? DEFAULT_PER_PAGE, MAX_PAGE);
      const page = input.on_page ?? 1;
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (
        prepare(`SELECT COUNT(*) AS n FROM threads ${filter}`).get(...params) as { n: number }
      ).n;
      const offset = (page - 1) * perPage;
      const rows =
        perPage === 0 || offset >= total
          ? []
          : (prepare(
              `SELECT json FROM threads ${filter} ORDER BY updated_ms DESC, id DESC LIMIT ? OFFSET ?`,
            ).all(...params, perPage, offset) as Array<{ json: string }>);
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
