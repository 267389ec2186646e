import type {
  Customer360,
  CustomerRisk,
  DocumentView,
  EddView,
  IndicatorView,
  JsonValue,
  RelationView,
  TimelineEventView,
} from '../../preload/contract';
import { customerAlertRows } from './alert-rows';
import { customerIdentity, type CustomerRecordRow } from './customer-identity';
import {
  asArray,
  asObject,
  isoOrNull,
  numberOrNull,
  optionalText,
  parseObject,
  text,
  type JsonObject,
} from './json-fields';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import { CREATED_MS, documentView, type DocumentRow } from './document-queries';
import { PARENT_OF_RAW } from './migrations/003-threads';
import { threadRows } from './thread-queries';

/** How many of the customer's alerts, threads and timeline events a reader is given. */
export interface Customer360Limits {
  alerts: number;
  threads: number;
  timeline: number;
}

/** What the screen is given: enough to read, never a million rows over the bridge. */
const SCREEN_LIMITS: Customer360Limits = { alerts: 500, threads: 500, timeline: 2000 };

/** Everything the cache holds (SQLite reads a negative LIMIT as none): for the case file. */
export const NO_LIMITS: Customer360Limits = { alerts: -1, threads: -1, timeline: -1 };

const SCREENING = ['pep', 'san', 'press_risk', 'may_be_pep', 'may_be_san', 'may_be_press_risk'];
const IDENTITY_VERIFICATION = ['vid_success', 'vid_failed', 'vid_in_progress', 'vid_outdated'];
/** The spec's other indicators first, in this order; any further indicator-shaped field after them. */
const OTHER = ['se', 'str', 'tm', 'open_chat_categories', 'closed_chat_categories'];
const NOT_INDICATORS = new Set(['customer', 'custom_fields', 'edd_status', 'overall_risk']);

/** An indicator (fieldtype, id, name, value) as the screen shows it; null for anything else. */
function indicatorView(key: string, value: JsonValue | undefined): IndicatorView | null {
  const indicator = asObject(value);
  if (!indicator || !('value' in indicator || 'fieldtype' in indicator)) return null;
  return {
    key,
    id: numberOrNull(indicator.id),
    name: text(indicator.name) || key,
    value: indicator.value ?? null,
    fieldType: indicator.fieldtype ?? null,
  };
}

const present = (views: Array<IndicatorView | null>): IndicatorView[] =>
  views.filter((view): view is IndicatorView => view !== null);

function eddView(value: JsonValue | undefined): EddView | null {
  const edd = asObject(value);
  if (!edd) return null;
  return {
    state: edd.edd_state ?? null,
    nextReviewDate: optionalText(edd.next_review_date),
    agentName: text(edd.agent_name),
    comment: text(edd.comment),
    createdAt: optionalText(edd.created_at),
    revisionNumber: numberOrNull(edd.revision_number),
    disabled: edd.disabled === true,
  };
}

/** The risk panel from the customer's detail; null until a sync has fetched a readable one. */
export function customerRisk(detail: JsonObject | null): CustomerRisk | null {
  if (!detail) return null;
  const named = (keys: readonly string[]) =>
    present(keys.map((key) => indicatorView(key, detail[key])));
  const listed = new Set([...SCREENING, ...IDENTITY_VERIFICATION, ...OTHER, ...NOT_INDICATORS]);
  const further = Object.keys(detail)
    .filter((key) => !listed.has(key))
    .sort();
  return {
    overallRisk: detail.overall_risk ?? null,
    screening: named(SCREENING),
    identityVerification: named(IDENTITY_VERIFICATION),
    other: [...named(OTHER), ...named(further)],
    customFields: present(
      asArray(detail.custom_fields).map((field, index) => {
        const name = text(asObject(field)?.name);
        return indicatorView(name || `#${index + 1}`, field);
      }),
    ),
    edd: eddView(detail.edd_status),
  };
}

/** Links of the cache's relations table (exported for the relation graph). */
export function cachedRelations(
  db: CacheDb,
  externalId: string,
  side: 'parent' | 'child',
): RelationView[] {
  const [self, other] =
    side === 'parent'
      ? ['parent_external_id', 'child_external_id']
      : ['child_external_id', 'parent_external_id'];
  return (
    prepared(
      db,
      `SELECT r.relation_external_id, r.relation_type, r.${other} AS other, COALESCE(c.name, '') AS other_name
         FROM relations r LEFT JOIN customers c ON c.external_id = r.${other}
         WHERE r.${self} = ? ORDER BY other_name, other, r.relation_external_id`,
    ).all(externalId) as Array<{
      relation_external_id: string;
      relation_type: number | null;
      other: string;
      other_name: string;
    }>
  ).map((row) => ({
    relationExternalId: row.relation_external_id,
    relationType: row.relation_type,
    otherExternalId: row.other,
    otherName: row.other_name,
  }));
}

/**
 * Parent and children named by the customers' own read shape (`parent_external_id`). The sync has
 * no relations to fill its table from, so this is where most links come from; a link the relations
 * table already holds is not listed twice.
 */
export function readShapeLinks(
  db: CacheDb,
  externalId: string,
  side: 'parent' | 'child',
  known: RelationView[],
): RelationView[] {
  const rows = (
    side === 'parent'
      ? prepared(
          db,
          `SELECT external_id AS other, name AS other_name FROM customers
             WHERE ${PARENT_OF_RAW} = ? ORDER BY name, external_id LIMIT 500`,
        ).all(externalId)
      : prepared(
          db,
          `SELECT p.value AS other, COALESCE(c.name, '') AS other_name
             FROM (SELECT ${PARENT_OF_RAW} AS value FROM customers WHERE external_id = ?) p
               LEFT JOIN customers c ON c.external_id = p.value
             WHERE typeof(p.value) = 'text' AND p.value <> ''`,
        ).all(externalId)
  ) as Array<{ other: string; other_name: string }>;
  const listed = new Set(known.map((relation) => relation.otherExternalId));
  return rows
    .filter((row) => !listed.has(row.other) && row.other !== externalId)
    .map((row) => ({
      relationExternalId: `parent_external_id:${side === 'parent' ? row.other : externalId}`,
      relationType: null,
      otherExternalId: row.other,
      otherName: row.other_name,
    }));
}

const bothWays = (db: CacheDb, externalId: string, side: 'parent' | 'child') => {
  const known = cachedRelations(db, externalId, side);
  return [...known, ...readShapeLinks(db, externalId, side, known)];
};

function timeline(db: CacheDb, externalId: string, limit: number): TimelineEventView[] {
  return (
    prepared(
      db,
      `SELECT id, created_ms, event_type, raw FROM timeline_events
         WHERE customer_external_id = ? ORDER BY created_ms DESC, id DESC LIMIT ?`,
    ).all(externalId, limit) as Array<{
      id: string;
      created_ms: number;
      event_type: string;
      raw: string;
    }>
  ).map((row) => {
    const event = parseObject(row.raw) ?? {};
    return {
      id: row.id,
      eventType: row.event_type,
      title: text(event.Title),
      description: text(event.Description),
      createdAt: optionalText(event.CreatedAt) ?? isoOrNull(row.created_ms),
      url: text(event.Url),
    };
  });
}

function documents(db: CacheDb, externalId: string): DocumentView[] {
  return (
    prepared(
      db,
      `SELECT id, customer_external_id, display_name, file_name, file_type, created_at, tags, raw
         FROM documents WHERE customer_external_id = ? ORDER BY ${CREATED_MS} DESC, id`,
    ).all(externalId) as DocumentRow[]
  ).map(documentView);
}

function linkedThreads(db: CacheDb, externalId: string, limit: number) {
  const ids = (
    prepared(
      db,
      `SELECT t.id FROM thread_customers tc JOIN threads t ON t.id = tc.thread_id
         WHERE tc.customer_external_id = ? ORDER BY t.updated_ms DESC, t.id DESC LIMIT ?`,
    ).all(externalId, limit) as Array<{ id: string }>
  ).map((row) => row.id);
  return threadRows(db, ids);
}

/**
 * Where a sync notes that a customer's timeline stopped at a round count (main/sync/timeline-cut.ts):
 * the interface names no paging for it, so the list may be only its first part.
 */
export const timelineCutKey = (externalId: string): string => `timeline.may_be_cut:${externalId}`;

function timelineMayBeCut(db: CacheDb, externalId: string): number | null {
  const row = prepared(db, 'SELECT value FROM sync_state WHERE key = ?').get(
    timelineCutKey(externalId),
  ) as { value: string } | undefined;
  const count = row ? (parseObject(row.value)?.count ?? null) : null;
  return typeof count === 'number' ? count : null;
}

/** What the cache holds of a customer's 360; press reports are counted from the local store. */
export type CachedCustomer360 = Omit<Customer360, 'pressReportCount' | 'kytTransactionCount'>;

/** Everything the cache holds about one customer; null until the customer reaches the cache. */
export function customer360(
  db: CacheDb,
  externalId: string,
  limits: Customer360Limits = SCREEN_LIMITS,
): CachedCustomer360 | null {
  const row = prepared(
    db,
    `SELECT external_id, id, account_type, name, name_variations, review_groups, raw,
              detail_raw, stats_raw, alerts_count, last_scan_date, detail_synced_ms
       FROM customers WHERE external_id = ?`,
  ).get(externalId) as
    | (CustomerRecordRow & {
        detail_raw: string | null;
        stats_raw: string | null;
        alerts_count: number | null;
        last_scan_date: string | null;
        detail_synced_ms: number | null;
      })
    | undefined;
  if (!row) return null;
  return {
    identity: customerIdentity(row),
    risk: customerRisk(parseObject(row.detail_raw)),
    stats:
      row.stats_raw === null
        ? null
        : { alerts: row.alerts_count, lastScanDate: optionalText(row.last_scan_date) },
    detailSyncedAt: isoOrNull(row.detail_synced_ms),
    relations: {
      asParent: bothWays(db, externalId, 'parent'),
      asChild: bothWays(db, externalId, 'child'),
    },
    timeline: timeline(db, externalId, limits.timeline),
    timelineMayBeCut: timelineMayBeCut(db, externalId),
    documents: documents(db, externalId),
    threads: linkedThreads(db, externalId, limits.threads),
    alerts: customerAlertRows(db, externalId, { limit: limits.alerts }),
  };
}
