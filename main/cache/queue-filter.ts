import type { z } from 'zod';
import type { QueueFilter } from '../../preload/contract';
import { ftsQuery } from './cache-queries';

/**
 * A filter as the cache answers it: the wire's, with the investigator's own work (kept in the
 * local store, not here) already turned into the alerts it names.
 */
export type QueueFilterValue = Omit<z.output<typeof QueueFilter>, 'work'> & {
  /** Only these alerts (none when empty). */
  alertIds?: readonly string[];
};

const DAY_MS = 86_400_000;

/** Start of a YYYY-MM-DD as a whole UTC day. */
const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

const unique = <T>(values: readonly T[] | undefined): T[] | undefined =>
  values?.length ? [...new Set(values)].sort() : undefined;

/**
 * The filter in one spelling, so that equal filters share a snapshot and a memoised count:
 * categories in lower case (as the cache keeps them), lists deduplicated and sorted, empty lists
 * and false flags dropped (they filter nothing).
 */
export function normaliseFilter(filter: QueueFilterValue): QueueFilterValue {
  const categories = unique(filter.categories?.map((category) => category.toLowerCase()));
  const states = unique(filter.states);
  const reviewGroups = unique(filter.reviewGroups);
  // As the index reads it (words, any case): punctuation alone filters nothing.
  const name =
    filter.name === undefined || ftsQuery(filter.name) === null
      ? null
      : filter.name.trim().toLowerCase();
  return {
    ...(states && { states }),
    ...(categories && { categories }),
    ...(filter.scoreFrom !== undefined && { scoreFrom: filter.scoreFrom }),
    ...(filter.scoreTo !== undefined && { scoreTo: filter.scoreTo }),
    ...(filter.createdFrom && { createdFrom: filter.createdFrom }),
    ...(filter.createdTo && { createdTo: filter.createdTo }),
    ...(filter.updatedFrom && { updatedFrom: filter.updatedFrom }),
    ...(filter.updatedTo && { updatedTo: filter.updatedTo }),
    ...(reviewGroups && { reviewGroups }),
    ...(filter.onlyWithoutReviewGroups && { onlyWithoutReviewGroups: true }),
    ...(filter.assignedTo && { assignedTo: filter.assignedTo }),
    ...(filter.onlyWithoutAssignment && { onlyWithoutAssignment: true }),
    ...(filter.customerExternalId && { customerExternalId: filter.customerExternalId }),
    ...(name && { name }),
    // Kept when empty: it then matches nothing, as a work filter with no alerts must.
    ...(filter.alertIds && { alertIds: [...new Set(filter.alertIds)].sort() }),
  };
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** A query returning alerts' rowids, and its parameters. */
export interface RowidQuery {
  sql: string;
  params: Array<string | number>;
}

/**
 * How the cache finds a filter's alerts: queries that each walk one index and return rowids (all
 * must hold), and whether only alerts whose customer has no review group are kept (answered from
 * the customers, see queue-tables.ts). No query reads the alerts' rows: each carries kilobytes of
 * raw JSON, and reading 100,000 of them at random costs half a second where an index walk costs a
 * few milliseconds.
 */
export interface FilterPlan {
  queries: RowidQuery[];
  onlyWithoutReviewGroups: boolean;
}

const dateRange = (
  column: string,
  from: string | undefined,
  to: string | undefined,
): Conditions => {
  const where: string[] = [];
  const params: number[] = [];
  if (from) {
    where.push(`${column} >= ?`);
    params.push(dayStartMs(from));
  }
  if (to) {
    // `to` is inclusive: the whole of that day.
    where.push(`${column} < ?`);
    params.push(dayStartMs(to) + DAY_MS);
  }
  return { where, params };
};

/** Conditions on the alerts' own columns, with their parameters. */
interface Conditions {
  where: string[];
  params: Array<string | number>;
}

const and = (...parts: Conditions[]): Conditions => ({
  where: parts.flatMap((part) => part.where),
  params: parts.flatMap((part) => part.params),
});

/**
 * A filter as the service's alert search reads it: lists match any of their values, filters
 * combine with AND. An alert whose customer is not cached yet has no review groups.
 */
export function filterPlan(filter: QueueFilterValue): FilterPlan {
  const queries: RowidQuery[] = [];
  const query = (index: string, conditions: Conditions) => {
    if (conditions.where.length)
      queries.push({
        sql: `SELECT rowid FROM alerts INDEXED BY ${index} WHERE ${conditions.where.join(' AND ')}`,
        params: conditions.params,
      });
  };
  const created = dateRange('created_ms', filter.createdFrom, filter.createdTo);
  const updated = dateRange('updated_ms', filter.updatedFrom, filter.updatedTo);
  const core: Conditions = { where: [], params: [] };
  if (filter.states?.length) {
    core.where.push(`state IN (${placeholders(filter.states)})`);
    core.params.push(...filter.states);
  }
  if (filter.categories?.length) {
    core.where.push(`category IN (${placeholders(filter.categories)})`);
    core.params.push(...filter.categories.map((category) => category.toLowerCase()));
  }
  if (filter.scoreFrom !== undefined) {
    core.where.push('score >= ?');
    core.params.push(filter.scoreFrom);
  }
  if (filter.scoreTo !== undefined) {
    core.where.push('score <= ?');
    core.params.push(filter.scoreTo);
  }
  // Both together match nothing, as two conditions on one value do. The service writes no agent
  // as 0 or nothing (spec: AlertRevision.agent_id).
  const agent: Conditions = { where: [], params: [] };
  if (filter.assignedTo) {
    agent.where.push('agent_id = ?');
    agent.params.push(filter.assignedTo);
  }
  if (filter.onlyWithoutAssignment) agent.where.push(`agent_id IN ('', '0')`);
  if (filter.customerExternalId) {
    // A customer has a few alerts: read them and test the rest on each.
    query(
      'alerts_by_customer',
      and(
        { where: ['customer_external_id = ?'], params: [filter.customerExternalId] },
        core,
        created,
        updated,
        agent,
      ),
    );
  } else {
    // State, score and category are in both date indexes and in the score index: one walk
    // answers them with one date range (the created one's index when there is one, else the
    // updated one's, else the score index's); the other date range walks its own index.
    if (created.where.length) {
      query('alerts_by_created', and(created, core));
      query('alerts_by_updated', updated);
    } else if (updated.where.length) {
      query('alerts_by_updated', and(updated, core));
    } else {
      query('alerts_by_score', core);
    }
    query('alerts_by_agent', agent);
  }
  const name = filter.name === undefined ? null : ftsQuery(filter.name);
  if (name) {
    // Global search's index of customers' names and variations (customers_fts), each word as the
    // start of a word: a walk of the index, never of the alerts' rows.
    queries.push({
      sql: `SELECT rowid FROM alerts INDEXED BY alerts_by_customer WHERE customer_external_id IN (
        SELECT c.external_id FROM customers_fts f JOIN customers c ON c.rowid = f.rowid WHERE customers_fts MATCH ?)`,
      params: [`{name name_variations} : (${name})`],
    });
  }
  if (filter.reviewGroups?.length) {
    // Exact element match in `|a|b|`; instr, unlike LIKE, gives `%` and `_` in a name no meaning.
    queries.push({
      sql: `SELECT rowid FROM alerts INDEXED BY alerts_by_customer WHERE customer_external_id IN (
        SELECT external_id FROM customers WHERE ${filter.reviewGroups.map(() => "instr(review_groups, '|' || ? || '|') > 0").join(' OR ')})`,
      params: filter.reviewGroups,
    });
  }
  if (filter.alertIds) {
    queries.push({
      sql: 'SELECT rowid FROM alerts WHERE id IN (SELECT value FROM json_each(?))',
      params: [JSON.stringify(filter.alertIds)],
    });
  }
  return { queries, onlyWithoutReviewGroups: filter.onlyWithoutReviewGroups === true };
}
