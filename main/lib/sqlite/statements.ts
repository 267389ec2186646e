import { performance } from 'node:perf_hooks';
import type Database from 'better-sqlite3';

type Connection = Database.Database;
type Statement = Database.Statement<unknown[], unknown>;

/**
 * A statement shared by every caller on its connection. Its row shape is fixed when it is asked
 * for (`prepared(db, sql, 'pluck')`): `pluck()`, `raw()`, `expand()`, `safeIntegers()` and
 * `bind()` would change it for everyone else, so they are not offered.
 */
export type SharedStatement = Pick<
  Statement,
  'database' | 'source' | 'reader' | 'readonly' | 'busy' | 'run' | 'get' | 'all' | 'iterate'
>;

/** Rows as objects, their first column alone, or arrays. */
export type RowShape = 'rows' | 'pluck' | 'raw';

/** The part of a logger the trace writes to. */
export interface TraceLogger {
  warn(message: string, ...details: unknown[]): void;
}

export interface SlowStatementTrace {
  logger: TraceLogger;
  /** Statements taking at least this long are logged. */
  thresholdMs: number;
}

/** As Signal's MIN_TRACE_DURATION: slower than this, a screen or a sync feels it. */
export const SLOW_STATEMENT_MS = 40;

/**
 * Statements kept per connection. Filters build SQL from the choices made (an IN list with as
 * many placeholders as states ticked): a bounded but open set, so the least used go first.
 */
export const STATEMENTS_PER_CONNECTION = 512;

const SQL_SHOWN = 200;

interface Kept {
  rows: Statement | undefined;
  pluck: Statement | undefined;
  raw: Statement | undefined;
  /** Asked for since the last eviction pass looked at it (a second chance before it goes). */
  used: boolean;
}

const connections = new WeakMap<Connection, Map<string, Kept>>();
let trace: SlowStatementTrace | null = null;

/**
 * Logs every statement run through `prepared()` that takes `thresholdMs` or more, with its SQL
 * and the first line of its query plan; null switches it off. Off, statements are handed out
 * bare: the hot paths pay nothing for the trace.
 */
export function traceSlowStatements(
  options: { logger: TraceLogger; thresholdMs?: number } | null,
): void {
  trace = options && {
    logger: options.logger,
    thresholdMs: options.thresholdMs ?? SLOW_STATEMENT_MS,
  };
}

/**
 * The statement for `sql` on this connection, prepared on first use and kept (preparing costs as
 * much as running a small query). One still being iterated cannot run again, so a caller that asks
 * meanwhile gets a statement of its own.
 */
export function prepared(db: Connection, sql: string, shape: RowShape = 'rows'): SharedStatement {
  let kept = connections.get(db);
  if (kept === undefined) {
    kept = new Map();
    connections.set(db, kept);
  }
  const entry = kept.get(sql);
  let statement = entry?.[shape];
  if (statement === undefined) {
    statement = shaped(db.prepare(sql), shape);
    if (entry) entry[shape] = statement;
    else keep(kept, sql, shape, statement);
  } else if (statement.reader && statement.busy) {
    // Only a reader can be iterated; asking a writer would cost a call into the addon per write.
    statement = shaped(db.prepare(sql), shape);
  } else if (entry) {
    entry.used = true;
  }
  return trace === null ? statement : traced(statement);
}

function shaped(statement: Statement, shape: RowShape): Statement {
  if (shape === 'pluck') statement.pluck();
  else if (shape === 'raw') statement.raw();
  return statement;
}

function keep(kept: Map<string, Kept>, sql: string, shape: RowShape, statement: Statement): void {
  // Oldest first; one asked for since the last pass moves to the back instead of going. Room is
  // made before the new one is added, so that it cannot be the one to go.
  for (const [oldestSql, oldest] of kept) {
    if (kept.size < STATEMENTS_PER_CONNECTION) break;
    kept.delete(oldestSql);
    if (oldest.used) {
      oldest.used = false;
      kept.set(oldestSql, oldest);
    }
  }
  // Every entry of one layout, so that reading one stays a fast property access.
  const entry: Kept = { rows: undefined, pluck: undefined, raw: undefined, used: false };
  entry[shape] = statement;
  kept.set(sql, entry);
}

const wrappers = new WeakMap<Statement, SharedStatement>();

function traced(statement: Statement): SharedStatement {
  let wrapper = wrappers.get(statement);
  if (wrapper === undefined) {
    wrapper = new TracedStatement(statement);
    wrappers.set(statement, wrapper);
  }
  return wrapper;
}

/** Times each run; reads the switch at each call, so a wrapper kept after it is turned off costs little. */
class TracedStatement implements SharedStatement {
  constructor(private readonly statement: Statement) {}

  get database(): Connection {
    return this.statement.database;
  }
  get source(): string {
    return this.statement.source;
  }
  get reader(): boolean {
    return this.statement.reader;
  }
  get readonly(): boolean {
    return this.statement.readonly;
  }
  get busy(): boolean {
    return this.statement.busy;
  }

  run(...params: unknown[]): Database.RunResult {
    const started = performance.now();
    const result = this.statement.run(...params);
    report(this.statement, params, performance.now() - started);
    return result;
  }

  get(...params: unknown[]): unknown {
    const started = performance.now();
    const result = this.statement.get(...params);
    report(this.statement, params, performance.now() - started);
    return result;
  }

  all(...params: unknown[]): unknown[] {
    const started = performance.now();
    const result = this.statement.all(...params);
    report(this.statement, params, performance.now() - started);
    return result;
  }

  iterate(...params: unknown[]): IterableIterator<unknown> {
    return timedIteration(this.statement, params);
  }
}

/** The time spent fetching rows, not the caller's work between them; reported once the statement is free. */
function* timedIteration(statement: Statement, params: unknown[]): Generator<unknown> {
  let spent = 0;
  let started = performance.now();
  const rows = statement.iterate(...params);
  try {
    for (;;) {
      const next = rows.next();
      spent += performance.now() - started;
      if (next.done === true) break;
      yield next.value;
      started = performance.now();
    }
  } finally {
    rows.return?.();
    report(statement, params, spent);
  }
}

function report(statement: Statement, params: unknown[], durationMs: number): void {
  if (trace === null || durationMs < trace.thresholdMs) return;
  const sql = statement.source.replace(/\s+/g, ' ').trim();
  const shown = sql.length > SQL_SHOWN ? `${sql.slice(0, SQL_SHOWN)}…` : sql;
  trace.logger.warn(
    `slow statement (${durationMs.toFixed(1)} ms): ${shown} | plan: ${firstPlanLine(statement, params)}`,
  );
}

function firstPlanLine(statement: Statement, params: unknown[]): string {
  try {
    const plan = statement.database
      .prepare(`EXPLAIN QUERY PLAN ${statement.source}`)
      .all(...params) as Array<{ detail?: unknown }>;
    const first = plan[0]?.detail;
    return typeof first === 'string' ? first : '(none)';
  } catch (error) {
    return `(unavailable: ${error instanceof Error ? error.message : String(error)})`;
  }
}
