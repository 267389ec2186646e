import type { AlertRevisionView, AlertView, FieldChange } from '../../preload/contract';
import { customerAlertRows } from './alert-rows';
import { readCustomerIdentity } from './customer-identity';
import {
  asObject,
  displayText,
  isoOrNull,
  numberOrNull,
  optionalText,
  parseJson,
  parseObject,
  text,
  type JsonObject,
} from './json-fields';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';

/** How many of the customer's other alerts the alert screen lists. */
const OTHER_ALERTS = 200;

/** What the cache's columns say of a revision: the fallback when its raw JSON is unreadable. */
interface RevisionColumns {
  revision_number: number;
  state: number;
  score: number;
  created_ms: number;
  category?: string;
  comment?: string;
}

interface AlertRecord extends Required<RevisionColumns> {
  id: string;
  customer_external_id: string;
  updated_ms: number;
  raw: string;
}

function revisionView(revision: JsonObject | null, columns: RevisionColumns): AlertRevisionView {
  const raw = revision ?? {};
  return {
    id: text(raw.id),
    revisionNumber: numberOrNull(raw.revision_number) ?? columns.revision_number,
    state: numberOrNull(raw.state) ?? columns.state,
    score: numberOrNull(raw.score) ?? columns.score,
    topCategory: (typeof raw.top_category === 'string'
      ? raw.top_category
      : (columns.category ?? '')
    ).toLowerCase(),
    comment: typeof raw.comment === 'string' ? raw.comment : (columns.comment ?? ''),
    agentId: displayText(raw.agent_id),
    createdAt: optionalText(raw.created_at) ?? isoOrNull(columns.created_ms),
    customerRevisionId: displayText(raw.customer_revision_id),
    profileDate: numberOrNull(raw.profile_date),
    changes: [],
  };
}

/** The fields a revision can change, by the name the alert screen shows, as display text. */
const COMPARED: ReadonlyArray<[string, (revision: AlertRevisionView) => string]> = [
  ['State', (revision) => String(revision.state)],
  ['Score', (revision) => String(revision.score)],
  ['Top category', (revision) => revision.topCategory.toUpperCase()],
  ['Comment', (revision) => revision.comment],
  ['Agent', (revision) => revision.agentId],
  ['Customer revision', (revision) => revision.customerRevisionId],
  [
    'Profile date',
    (revision) => (revision.profileDate === null ? '' : String(revision.profileDate)),
  ],
];

export function revisionChanges(
  before: AlertRevisionView,
  after: AlertRevisionView,
): FieldChange[] {
  return COMPARED.flatMap(([field, read]) => {
    const was = read(before);
    const now = read(after);
    return was === now ? [] : [{ field, before: was, after: now }];
  });
}

/** Every revision the cache has seen of the alert, oldest first, each with what it changed. */
function revisionsOf(
  db: CacheDb,
  alert: AlertRecord,
  raw: JsonObject | null,
): { revisions: AlertRevisionView[]; last: AlertRevisionView } {
  const kept = (
    prepared(
      db,
      `SELECT revision_number, state, score, created_ms, raw FROM alert_revisions
         WHERE alert_id = ? ORDER BY revision_number, created_ms`,
    ).all(alert.id) as Array<RevisionColumns & { raw: string }>
  ).map((row) => revisionView(parseObject(row.raw), row));
  // The alert's updated time is its last revision's creation.
  const current = revisionView(asObject(raw?.last_revision), {
    ...alert,
    created_ms: alert.updated_ms,
  });
  const seen = [...kept, current];
  const revisions = seen.map((revision, index) => {
    const previous = seen[index - 1];
    return previous ? { ...revision, changes: revisionChanges(previous, revision) } : revision;
  });
  return { revisions, last: revisions[revisions.length - 1] ?? current };
}

/** A cached alert's last revision and customer, read without its history; null if not cached. */
export function alertLastRevision(
  db: CacheDb,
  id: string,
): { customerExternalId: string; last: AlertRevisionView } | null {
  const alert = prepared(
    db,
    `SELECT id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, comment, raw
       FROM alerts WHERE id = ?`,
  ).get(id) as AlertRecord | undefined;
  if (!alert) return null;
  const raw = asObject(parseJson(alert.raw));
  const last = revisionView(asObject(raw?.last_revision), {
    ...alert,
    created_ms: alert.updated_ms,
  });
  return { customerExternalId: alert.customer_external_id, last };
}

/** One cached alert with its history, its customer and the customer's other alerts; null if not cached. */
export function alertView(db: CacheDb, id: string): AlertView | null {
  const alert = prepared(
    db,
    `SELECT id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, comment, raw
       FROM alerts WHERE id = ?`,
  ).get(id) as AlertRecord | undefined;
  if (!alert) return null;
  const parsed = parseJson(alert.raw);
  const raw = asObject(parsed);
  const { revisions, last } = revisionsOf(db, alert, raw);
  const customerId = alert.customer_external_id;
  return {
    id: alert.id,
    createdAt: optionalText(raw?.created_at) ?? isoOrNull(alert.created_ms),
    customerExternalId: customerId,
    profileNumber: displayText(raw?.profile_number),
    last,
    revisions,
    customer: customerId ? readCustomerIdentity(db, customerId) : null,
    otherAlerts: customerId
      ? customerAlertRows(db, customerId, { exceptId: alert.id, limit: OTHER_ALERTS })
      : [],
    raw: parsed ?? null,
  };
}
