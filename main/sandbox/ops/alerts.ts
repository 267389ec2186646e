import { z } from 'zod';
import { badRequest } from '../http/api-error';
import { parseBody } from '../http/body';
import type { Reply } from '../http/router';
import { ALERT_CATEGORIES } from '../model';
import {
  IsoDateTime,
  pageBody,
  pageSize,
  readChoice,
  statementCache,
  type OpContext,
} from './common';

const AlertSearchBody = z.object({
  id: z.string().nullish(),
  external_id: z.string().nullish(),
  name: z.string().nullish(),
  assigned_to_member_id: z.number().int().nullish(),
  only_without_assignment: z.boolean().nullish(),
  only_without_review_groups: z.boolean().nullish(),
  review_groups: z.array(z.string()).nullish(),
  categories: z
    .array(z.string())
    .nullish()
    .refine(
      (values) =>
        !values ||
        values.every((value) =>
          (ALERT_CATEGORIES as readonly string[]).includes(value.toLowerCase()),
        ),
      {
        message: `categories take ${ALERT_CATEGORIES.join(', ')}`,
      },
    ),
  states: z
    .array(z.number().int())
    .nullish()
    .refine((values) => !values || values.every((value) => value >= 1 && value <= 7), {
      message: 'states take alert state values 1 to 7',
    }),
  creation_date_from: IsoDateTime.nullish(),
  creation_date_to: IsoDateTime.nullish(),
  last_update_from: IsoDateTime.nullish(),
  last_update_to: IsoDateTime.nullish(),
  sanction_list_id: z.number().int().nullish(),
  sanction_list_str: z.string().nullish(),
  score_from: z.number().int().min(0).max(100).nullish(),
  score_to: z.number().int().min(0).max(100).nullish(),
  order_by: z.unknown().optional(),
  order_way: z.unknown().optional(),
  limit: z.number().int().min(0).nullish(),
  offset: z.number().int().min(0).nullish(),
});

const ORDER_COLUMNS: Record<string, string> = {
  created_at: 'created_ms',
  creation_date: 'created_ms',
  last_update: 'updated_ms',
  updated_at: 'updated_ms',
  score: 'score',
  state: 'state',
  id: 'id',
};

export function createAlertOps(context: OpContext) {
  const prepare = statementCache(context.db);

  return {
    /** POST /api/v1/alerts/search */
    search(body: unknown): Reply {
      const input = parseBody(AlertSearchBody, body);
      const where: string[] = [];
      const params: Array<string | number> = [];
      const add = (clause: string, ...values: Array<string | number>) => {
        where.push(clause);
        params.push(...values);
      };
      if (input.id) add('id = ?', input.id);
      if (input.external_id) add('customer_external_id = ?', input.external_id);
      if (input.name) add('instr(lower(customer_name), ?) > 0', input.name.toLowerCase());
      if (input.assigned_to_member_id !== null && input.assigned_to_member_id !== undefined) {
        add('assigned_to = ?', input.assigned_to_member_id);
      }
      if (input.only_without_assignment) add('assigned_to IS NULL');
      if (input.only_without_review_groups) add("review_groups = ''");
      if (input.review_groups?.length) {
        add(
          `(${input.review_groups.map(() => "review_groups LIKE '%|' || ? || '|%'").join(' OR ')})`,
          ...input.review_groups,
        );
      }
      if (input.categories?.length) {
        // `rca` names the whole family of relatives-and-close-associates categories.
        const clauses = input.categories.map((category) =>
          category.toLowerCase() === 'rca' ? "category LIKE 'rca%'" : 'category = ?',
        );
        add(
          `(${clauses.join(' OR ')})`,
          ...input.categories.filter((c) => c.toLowerCase() !== 'rca').map((c) => c.toLowerCase()),
        );
      }
      if (input.states?.length)
        add(`state IN (${input.states.map(() => '?').join(',')})`, ...input.states);
      if (input.creation_date_from) add('created_ms >= ?', Date.parse(input.creation_date_from));
      if (input.creation_date_to) add('created_ms <= ?', Date.parse(input.creation_date_to));
      if (input.last_update_from) add('updated_ms >= ?', Date.parse(input.last_update_from));
      if (input.last_update_to) add('updated_ms <= ?', Date.parse(input.last_update_to));
      if (input.sanction_list_id !== null && input.sanction_list_id !== undefined)
        add('sanction_list_id = ?', input.sanction_list_id);
      if (input.sanction_list_str)
        add('instr(lower(sanction_list_name), ?) > 0', input.sanction_list_str.toLowerCase());
      if (input.score_from !== null && input.score_from !== undefined)
        add('score >= ?', input.score_from);
      if (input.score_to !== null && input.score_to !== undefined)
        add('score <= ?', input.score_to);

      const orderField =
        readChoice(input.order_by, ['field', 'name', 'value', 'order_by']) ?? 'created_at';
      const column = ORDER_COLUMNS[orderField];
      if (!column) {
        throw badRequest(
          'validation.invalid_order',
          `order_by takes ${Object.keys(ORDER_COLUMNS).join(', ')}.`,
        );
      }
      const way = readChoice(input.order_way, ['way', 'value', 'direction', 'order_way']) ?? 'desc';
      if (way !== 'asc' && way !== 'desc')
        throw badRequest('validation.invalid_order', 'order_way takes asc or desc.');

      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const tieBreak = column === 'id' ? '' : `, id ${way}`;
      const limit = pageSize(input.limit);
      const offset = input.offset ?? 0;
      const total = (
        prepare(`SELECT COUNT(*) AS n FROM alerts ${filter}`).get(...params) as { n: number }
      ).n;
      const rows =
        limit === 0 || offset >= total
          ? []
          : (prepare(
              `SELECT json FROM alerts ${filter} ORDER BY ${column} ${way}${tieBreak} LIMIT ? OFFSET ?`,
            ).all(...params, limit, offset) as Array<{ json: string }>);
      return { kind: 'json', body: pageBody(rows, total) };
    },
  };
}
