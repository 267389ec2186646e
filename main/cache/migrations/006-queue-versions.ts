import type { Migration } from '../../lib/sqlite/migrate';

/** Any of these differing between the old and the new row. */
const differs = (columns: readonly string[]) =>
  columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

const ALERT_COLUMNS = [
  'id',
  'customer_external_id',
  'created_ms',
  'updated_ms',
  'state',
  'score',
  'category',
  'revision_number',
  'comment',
  'raw',
];
/** What the queue reads of a customer: its name (sorts, search), variations (search), groups. */
const CUSTOMER_COLUMNS = ['external_id', 'name', 'name_variations', 'review_groups'];

const DAY_MS = 86_400_000;
const OPEN_STATES = '1, 2, 3, 4';

/** What a row adds to the tallies (`sign` 1) or takes from them (-1): `row` is new or old. */
function tally(row: 'new' | 'old', sign: 1 | -1): string {
  const add = (kind: string, key: string, when = 'true') =>
    sign === 1
      ? `INSERT INTO alert_tallies (kind, key, n) SELECT '${kind}', ${key}, 1 WHERE ${when}
           ON CONFLICT (kind, key) DO UPDATE SET n = n + 1;`
      : `UPDATE alert_tallies SET n = n - 1 WHERE kind = '${kind}' AND key = ${key} AND ${when};`;
  return [
    add('state', `${row}.state`),
    add('category', `${row}.category`),
    add('score', `${row}.score`),
    add('agent', `${row}.agent_id`),
    add('created', `${row}.created_ms / ${DAY_MS}`, `${row}.created_ms > 0`),
    add('updated', `${row}.updated_ms / ${DAY_MS}`, `${row}.updated_ms > 0`),
    // Open alerts by the day they were created (-1: no readable date), for their ages.
    add(
      'open_created',
      `CASE WHEN ${row}.created_ms > 0 THEN ${row}.created_ms / ${DAY_MS} ELSE -1 END`,
      `${row}.state IN (${OPEN_STATES})`,
    ),
  ].join('\n');
}

const TALLIED = ['state', 'category', 'score', 'agent_id', 'created_ms', 'updated_ms'];

/** A customer's alerts, logged as changed: their names and groups are what orders and filters read. */
const customerLogged = (row: 'new' | 'old') =>
  `INSERT INTO alert_changes (alert_rowid)
     SELECT rowid FROM alerts INDEXED BY alerts_by_customer WHERE customer_external_id = ${row}.external_id;`;

/** The alert a change was made to, in the log the queue's memos catch up from. */
const logged = (row: 'new' | 'old') =>
  `INSERT INTO alert_changes (alert_rowid) VALUES (${row}.rowid);`;

/** Changes kept in the log: a memo older than these is computed again, not caught up. */
const LOG_KEPT = 200_000;

// The queue's and the dashboard's memos (orders, matches, counts, facets) were dropped at every
// commit of the sync worker, even one that wrote alerts exactly as they were: a full sync rewrites
// every alert, and each of its commits cost the next screen a recomputation over every row. Here:
// - a log of the alerts that really changed (alert_changes): a memo is kept across commits that
//   change nothing, and caught up by the few alerts that did change; a change to what orders and
//   filters read of a customer (name, variations, groups) logs that customer's alerts;
// - the dashboard's aggregates (alert_tallies), so a summary after a sync costs what any other does.
// Triggers, so that no writer (the sync worker, the outbox's read-back through main's connection)
// can forget them. Their cost to the sync's writes is measured in queue-window.bench.ts.
export const migration006: Migration = {
  version: 6,
  name: 'a log of changed alerts for the queue, and the dashboard tallies',
  up(db) {
    db.exec(`

      -- Which alerts changed, in order: a memo of the queue (an order of every alert, a filter's
      -- matches) kept at change N catches up by the few alerts changed since, instead of being
      -- computed again from every alert. Only the last changes are kept.
      CREATE TABLE alert_changes (seq INTEGER PRIMARY KEY, alert_rowid INTEGER NOT NULL) STRICT;
      CREATE TRIGGER alert_changes_kept AFTER INSERT ON alert_changes
        WHEN new.seq % 10000 = 0 BEGIN
        DELETE FROM alert_changes WHERE seq <= new.seq - ${LOG_KEPT};
      END;

      -- How many alerts have each state, category, score, agent, day of creation and of update,
      -- and how many open ones were created each day: the dashboard and the queue's facets read
      -- these few hundred rows instead of a million alerts, and they stay true through every write.
      CREATE TABLE alert_tallies (
        kind TEXT NOT NULL,
        key ANY,
        n INTEGER NOT NULL,
        PRIMARY KEY (kind, key)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO alert_tallies (kind, key, n)
        SELECT 'state', state, COUNT(*) FROM alerts GROUP BY state
        UNION ALL SELECT 'category', category, COUNT(*) FROM alerts GROUP BY category
        UNION ALL SELECT 'score', score, COUNT(*) FROM alerts GROUP BY score
        UNION ALL SELECT 'agent', agent_id, COUNT(*) FROM alerts GROUP BY agent_id
        UNION ALL SELECT 'created', created_ms / ${DAY_MS} AS day, COUNT(*) FROM alerts
          WHERE created_ms > 0 GROUP BY day
        UNION ALL SELECT 'updated', updated_ms / ${DAY_MS} AS day, COUNT(*) FROM alerts
          WHERE updated_ms > 0 GROUP BY day
        UNION ALL SELECT 'open_created',
          CASE WHEN created_ms > 0 THEN created_ms / ${DAY_MS} ELSE -1 END AS day, COUNT(*)
          FROM alerts WHERE state IN (${OPEN_STATES}) GROUP BY day;

      CREATE TRIGGER queue_version_alert_insert AFTER INSERT ON alerts BEGIN
        ${logged('new')}
        ${tally('new', 1)}
      END;
      CREATE TRIGGER queue_version_alert_delete AFTER DELETE ON alerts BEGIN
        ${logged('old')}
        ${tally('old', -1)}
      END;
      CREATE TRIGGER queue_version_alert_update AFTER UPDATE ON alerts
        WHEN ${differs(ALERT_COLUMNS)} BEGIN
        ${logged('new')}
      END;

      CREATE TRIGGER alert_tallies_update AFTER UPDATE ON alerts
        WHEN ${differs(TALLIED)} BEGIN
        ${tally('old', -1)}
        ${tally('new', 1)}
      END;

      CREATE TRIGGER alert_changes_customer_insert AFTER INSERT ON customers BEGIN
        ${customerLogged('new')}
      END;
      CREATE TRIGGER alert_changes_customer_delete AFTER DELETE ON customers BEGIN
        ${customerLogged('old')}
      END;
      CREATE TRIGGER alert_changes_customer_update AFTER UPDATE ON customers
        WHEN ${differs(CUSTOMER_COLUMNS)} BEGIN
        ${customerLogged('old')}
        ${customerLogged('new')}
      END;
    `);
  },
};
