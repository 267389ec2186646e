// The sandbox tenant generator: everything here is pure (no I/O, no clock, no Math.random), so a
// seed always yields the same tenant. The sandbox's loader writes what it yields into SQLite; the
// sandbox's operations call the runtime functions (screening, press reports, KYT) on live input.
// The implementation lives in the submodules; this file is the public surface.
import { advanceAlert, advanceThread } from './advance';
import { evaluateTransaction, type KytEvaluation } from './kyt/kyt';
import type { KytInput } from './kyt/rules';
import { planForScale } from './plan';
import { buildPressReport as pressReport } from './press/report';
import { screenAgainst } from './screening/screen';
import { watchlistIndex } from './screening/watchlist-index';
import { tenantItems } from './tenant';
import type {
  AlertRecord,
  AlertRevision,
  CustomerDetail,
  CustomerEvent,
  CustomerRecord,
  CustomerStats,
  DocumentRecord,
  MessageRecord,
  PressReport,
  RelationRecord,
  ThreadRecord,
} from '../model';

export type Scale = 'small' | 'medium' | 'large' | number;

/** How many of each thing a tenant has. `large` must give >= 100,000 alerts, 20,000 customers, 20,000 threads. */
export interface TenantPlan {
  customers: number;
  watchlistProfiles: number;
  threads: number;
  /** Average internal + external documents per customer. */
  documentsPerCustomer: number;
}

export interface GeneratedCustomer {
  kind: 'customer';
  customer: CustomerRecord;
  detail: Omit<CustomerDetail, 'customer'>;
  stats: CustomerStats;
  events: CustomerEvent[];
}

export interface GeneratedRelation {
  kind: 'relation';
  relation: RelationRecord;
}

export interface GeneratedAlert {
  kind: 'alert';
  /** `last_revision` is the last element of `revisions`. */
  alert: AlertRecord;
  /** Every revision, oldest first, revision_number 1..n. */
  revisions: AlertRevision[];
  /** Filter-only data the wire shape does not carry (alert search filters on them). */
  assignedToMemberId: number | null;
  reviewGroups: string[];
  /** The screened customer's display name (the `name` filter). */
  customerName: string;
  /** Watchlist list id and label (the `sanction_list_id` / `sanction_list_str` filters). */
  sanctionListId: number | null;
  sanctionListName: string;
}

export interface GeneratedThread {
  kind: 'thread';
  thread: ThreadRecord;
  /** All messages, oldest first; thread.last_message is the last one. */
  messages: MessageRecord[];
  /** Bytes of every attachment of every message, by attachment id. */
  attachmentBytes: Map<string, Uint8Array>;
  /** Filter-only data: assigned agent, or null. */
  assignedToMemberId: number | null;
}

export interface GeneratedDocument {
  kind: 'document';
  document: DocumentRecord;
  /** Internal documents carry their bytes; external ones null (document.file_url points elsewhere). */
  bytes: Uint8Array | null;
}

export type TenantItem =
  GeneratedCustomer | GeneratedRelation | GeneratedAlert | GeneratedThread | GeneratedDocument;

export function planFor(scale: Scale): TenantPlan {
  return planForScale(scale);
}

/**
 * Yields the whole tenant, streaming (a `large` tenant never sits in memory whole): every customer
 * before any alert, thread or document that names it; relations after both their customers.
 * `now` anchors every date (history goes back up to ~3 years from it). `sandboxBaseUrl` is where
 * external documents point: `${sandboxBaseUrl}/external-files/<name>`. The options carry no base
 * URL, so external documents use the placeholder EXTERNAL_FILE_PREFIX (`sandbox://external-files/`)
 * and the server rewrites it to `${sandboxBaseUrl}/external-files/`.
 */
export function generateTenant(options: {
  seed: number;
  plan: TenantPlan;
  now: Date;
}): Generator<TenantItem> {
  return tenantItems(options.seed, options.plan, options.now);
}

/* ----- runtime functions the sandbox operations use on live input ----- */

export interface ScreeningSubject {
  external_id: string;
  account_type: 'N' | 'F';
  first_name: string;
  middle_name: string;
  last_name: string;
  company_name: string;
  trading_name: string;
  date_of_birth: string;
  nationality_codes: string[];
  domicile_codes: string[];
  name_variations: Array<{
    first_name: string;
    middle_name: string;
    last_name: string;
    company_name: string;
    trading_name: string;
  }>;
}

export interface ScreeningMatch {
  profileNumber: string;
  /** 0..100 */
  score: number;
  /** One of the spec's categories in upper case, e.g. PEP, SAN, SIP, SIE, RCA_PEP, RCA_SIP, RCA_SIE. */
  topCategory: string;
  sanctionListId: number | null;
  sanctionListName: string;
  /** Why it matched, for the revision comment. */
  explanation: string;
}

/**
 * Screens a subject against the built-in watchlist of a seed. Deterministic. The watchlist has
 * the size the seed's tenant was generated with in this process (planFor's size otherwise).
 */
export function screenSubject(seed: number, subject: ScreeningSubject): ScreeningMatch[] {
  return screenAgainst(watchlistIndex(seed), subject);
}

/** An instant press report about a name, from the built-in article corpus; compared with `previous` when given. */
export function buildPressReport(input: {
  reportId: string;
  createdAt: string;
  name: string;
  countryCodes: string[];
  dateOfBirth: string;
  entityType: 1 | 2 | null;
  previous: PressReport | null;
}): PressReport {
  return pressReport(input);
}

/**
 * Scores a transaction with the tenant's KYT rules (amount, countries, device, velocity,
 * structuring; weighted, unweighted and inactive rules) and gives the state its score falls in.
 * The same input and history always give the same answer.
 */
export function evaluateKyt(input: KytInput): KytEvaluation {
  return evaluateTransaction(input);
}

/**
 * Advances a tenant: new revisions of some open alerts, new messages on some threads.
 * nextRevision moves 1 → 2|7, 2 → 3|7|4, 3 → 4|7, 4 → 5|6, and reopens 5|6|7 as 2 (profile updated).
 */
export function nextRevision(seed: number, alert: AlertRecord, at: Date): AlertRevision {
  return advanceAlert(seed, alert, at);
}
export function nextMessage(
  seed: number,
  thread: ThreadRecord,
  at: Date,
  index: number,
): {
  message: MessageRecord;
  attachmentBytes: Map<string, Uint8Array>;
} {
  return advanceThread(seed, thread, at, index);
}

/* ----- reference lists the sandbox server and UI may show ----- */

export { RELATION_TYPES } from './customers/relations';
export { CUSTOM_FIELD_NAMES } from './customers/custom-fields';
export { THREAD_STATUSES } from './threads/thread-builder';
export { EXTERNAL_FILE_PREFIX } from './documents/documents';
export { INTEREST_LISTS, SANCTION_LISTS } from './screening/watchlist';
export { SCORE_THRESHOLD } from './screening/screen';
export { DEFAULT_WATCHLIST_PROFILES } from './screening/watchlist-index';
export { RATES_TO_EUR, knownCurrency, toEur, toEurCents } from './kyt/rates';
export {
  AMOUNT_THRESHOLD_EUR,
  KYT_RULES,
  SANCTIONED_COUNTRIES,
  STRUCTURING_LOOKBACK,
  VELOCITY_LOOKBACK,
  isNearThreshold,
} from './kyt/rules';
export type { KytHistoryItem, KytInput, KytInputParticipant, KytRuleDefinition } from './kyt/rules';
export { BLOCKED_FROM, REVIEW_FROM, scoreFromRules, stateForScore } from './kyt/kyt';
export type { KytEvaluation } from './kyt/kyt';
export { ALIAS_PREFIX, derivedRealId } from './kyt/aliases';
export { HIGH_RISK_COUNTRIES } from './geo';
export { MEMBER_COUNT, memberName } from './agents';
