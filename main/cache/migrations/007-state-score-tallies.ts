import type { Migration } from '../../lib/sqlite/migrate';

const DAY_MS = 86_400_000;
const OPEN_STATES = '1, 2, 3, 4';
const TALLIED = ['state', 'score', 'category', 'agent_id', 'created_ms', 'updated_ms'];

/** Any of these differing between the old and the new row. */
const differs = (columns: readonly string[]) =>
  columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

/**
 * What a row adds to the tallies (`sign` 1) or takes from them (-1): migration 006's tallies, with
 * alerts per score now counted per state and score.
 */
function tally(row: 'new' | 'old', sign: 1 | -1): string {
  const add = (kind: string, key: string, when = 'true') =>
    sign === 1
      ? `INSERT INTO alert_tallies (kind, key, n) SELECT '${kind}', ${key}, 1 WHERE ${when}
           ON CONFLICT (kind, key) DO UPDATE SET n = n + 1;`
      : `UPDATE alert_tallies SET n = n - 1 WHERE kind = '${kind}' AND key = ${key} AND ${when};`;
  const stateScore =
    sign === 1
      ? `INSERT INTO alert_state_scores (state, score, n) VALUES (${row}.state, ${row}.score, 1)
           ON CONFLICT (state, score) DO UPDATE SET n = n + 1;`
      : `UPDATE alert_state_scores SET n = n - 1 WHERE state = ${row}.state AND score = ${row}.score;`;
  return [
    add('state', `${row}.state`),
    add('category', `${row}.category`),
    stateScore,
    add('agent', `${row}.agent_id`),
    add('created', `${row}.created_ms / ${DAY_MS}`, `${row}.created_ms > 0`),
    add('updated', `${row}.updated_ms / ${DAY_MS}`, `${row}.updated_ms > 0`),
    add(
      'open_created',
      `CASE WHEN ${row}.created_ms > 0 THEN ${row}.created_ms / ${DAY_MS} ELSE -1 END`,
      `${row}.state IN (${OPEN_STATES})`,
    ),
  ].join('\n');
}

// The first screen counts the open alerts that score high (the dashboard's tile, the queue it
// opens): a filter on states and a score threshold. From migration 006's tallies that count took
// one pass over the score index, 0.1–0.15 s at a million alerts before the dashboard could show.
// Counted per state and score as the cache is written, it is a few hundred rows summed. The score
// tally alone becomes this one (its sum over states), so every write still keeps as many tallies.
export const migration007: Migration = {
  version: 7,
  name: 'alerts counted per state and score',
  up(db) {
    db.exec(`
      CREATE TABLE alert_state_scores (
        state INTEGER NOT NULL,
        score INTEGER NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (state, score)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO alert_state_scores (state, score, n)
        SELECT state, score, COUNT(*) FROM alerts GROUP BY state, score;
      DELETE FROM alert_tallies WHERE kind = 'score';

      DROP TRIGGER queue_version_alert_insert;
      DROP TRIGGER queue_version_alert_delete;
      DROP TRIGGER alert_tallies_update;
      CREATE TRIGGER queue_version_alert_insert AFTER INSERT ON alerts BEGIN
        INSERT INTO alert_changes (alert_rowid) VALUES (new.rowid);
        ${tally('new', 1)}
      END;
      CREATE TRIGGER queue_version_alert_delete AFTER DELETE ON alerts BEGIN
        INSERT INTO alert_changes (alert_rowid) VALUES (old.rowid);
        ${tally('old', -1)}
      END;
      CREATE TRIGGER alert_tallies_update AFTER UPDATE ON alerts
        WHEN ${differs(TALLIED)} BEGIN
        ${tally('old', -1)}
        ${tally('new', 1)}
      END;
    `);
  },
};
