import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';

/** A cached timeline event that may name a press report (see main/press/press-timeline.ts). */
export interface CachedPressEvent {
  customerExternalId: string;
  eventType: string;
  url: string;
  createdAt: string | null;
}

/**
 * Cached timeline events naming a press report body, newest first: press_report_generated
 * events, and any other whose address names a report body.
 */
export function cachedPressReportEvents(db: CacheDb, limit: number): CachedPressEvent[] {
  return (
    prepared(
      db,
      `SELECT customer_external_id, event_type, created_ms,
              coalesce(json_extract(raw, '$.Url'), '') AS url
         FROM timeline_events
        WHERE event_type = 'press_report_generated' OR instr(raw, '/press/reportbody/') > 0
        ORDER BY created_ms DESC, id DESC LIMIT ?`,
    ).all(limit) as Array<{
      customer_external_id: string;
      event_type: string;
      created_ms: number;
      url: unknown;
    }>
  ).map((row) => ({
    customerExternalId: row.customer_external_id,
    eventType: row.event_type,
    url: typeof row.url === 'string' ? row.url : '',
    createdAt: new Date(row.created_ms).toISOString(),
  }));
}
