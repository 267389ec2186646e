import { z } from 'zod';
import { badRequest } from '../http/api-error';
import { parseBody } from '../http/body';
import type { Reply } from '../http/router';
import { ALERT_CATEGORIES } from '../model';
import {
  dateMs,
  filterBuilder,
  IsoDateTime,
  pageBody,
  queryPage,
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
      const filters = filterBuilder();
      filters.given(input.id, 'id = ?');
      filters.given(input.external_id, 'customer_external_id = ?');
      filters.given(input.name?.toLowerCase(), 'instr(lower(customer_name), ?) > 0');
      filters.given(input.assigned_to_member_id, 'assigned_to = ?');
      if (input.only_without_assignment) filters.add('assigned_to IS NULL');
      if (input.only_without_review_groups) filters.add("review_groups = ''");
      filters.anyInList('review_groups', input.review_groups);
      if (input.categories?.length) {
        // `rca` names the whole family of relatives-and-close-associates categories.
        const named = input.categories.map((category) => category.toLowerCase());
        const clauses = named.map((category) =>
          category === 'rca' ? "category LIKE 'rca%'" : 'category = ?',
        );
        filters.add(`(${clauses.join(' OR ')})`, ...named.filter((category) => category !== 'rca'));
      }
      if (input.states?.length)
        filters.add(`state IN (${input.states.map(() => '?').join(',')})`, ...input.states);
      filters.given(dateMs(input.creation_date_from), 'created_ms >= ?');
      filters.given(dateMs(input.creation_date_to), 'created_ms <= ?');
      filters.given(dateMs(input.last_update_from), 'updated_ms >= ?');
      filters.given(dateMs(input.last_update_to), 'updated_ms <= ?');
      filters.given(input.sanction_list_id, 'sanction_list_id = ?');
      filters.given(
        input.sanction_list_str?.toLowerCase(),
        'instr(lower(sanction_list_name), ?) > 0',
      );
      filters.given(input.score_from, 'score >= ?');
      filters.given(input.score_to, 'score <= ?');

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

      const tieBreak = column === 'id' ? '' : `, id ${way}`;
      const { rows, total } = queryPage(prepare, {
        table: 'alerts',
        filters,
        orderBy: `${column} ${way}${tieBreak}`,
        limit: pageSize(input.limit),
        offset: input.offset ?? 0,
      });
      return { kind: 'json', body: pageBody(rows, total) };
    },
  };
}
