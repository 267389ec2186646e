// The tenant, streamed customer by customer: each customer is followed by its relations to earlier
// customers, its documents, its alerts (from screening it and its name variations) and the
// threads it is the main customer of. Only a window of recent customers stays in memory.
import type { CustomerRecord } from '../model';
import { type AlertSubject, buildAlerts } from './alerts/alert-history';
import { type CustomerDraft, draftCustomer } from './customers/customer-draft';
import { relationRecord } from './customers/relations';
import { customerDetail } from './detail/customer-detail';
import type { CustomerFacts } from './detail/customer-facts';
import { customerEvents } from './detail/events';
import { buildDocuments } from './documents/documents';
import type { GeneratedThread, ScreeningSubject, TenantItem, TenantPlan } from './index';
import { displayName } from './names/person-names';
import { pressFindings } from './press/report';
import { screenAgainst } from './screening/screen';
import { useWatchlistSize } from './screening/watchlist-index';
import { type TenantContext, tenantContext } from './tenant-context';
import { buildThread } from './threads/thread-builder';

/** Recent customers kept for relations and for threads that copy several customers. */
const WINDOW = 400;

export function screeningSubject(record: CustomerRecord): ScreeningSubject {
  return {
    external_id: record.external_id,
    account_type: record.account_type.code,
    first_name: record.first_name,
    middle_name: record.middle_name,
    last_name: record.last_name,
    company_name: record.company_name,
    trading_name: record.trading_name,
    date_of_birth: record.date_of_birth,
    nationality_codes: record.nationality_codes,
    domicile_codes: record.domicile_codes,
    name_variations: record.name_variations,
  };
}

export function customerName(record: CustomerRecord): string {
  return record.company_name || displayName(record);
}

function alertSubject(draft: CustomerDraft): AlertSubject {
  return {
    record: draft.record,
    createdMs: draft.createdMs,
    revisions: draft.revisions,
    gender: draft.person?.gender ?? null,
    displayName: customerName(draft.record),
    trueProfileNumber: draft.trueProfile?.profileNumber ?? null,
  };
}

function threadCustomers(
  ctx: TenantContext,
  draft: CustomerDraft,
  window: readonly CustomerDraft[],
  threadIndex: number,
): CustomerRecord[] {
  const rng = ctx.root.fork(`thread-customers:${threadIndex}`);
  const related = draft.ties
    .map((tie) => window.find((other) => other.record.external_id === tie.otherExternalId))
    .filter((other): other is CustomerDraft => other !== undefined);
  const others: CustomerRecord[] = [];
  if (related.length > 0 && rng.chance(0.5))
    others.push(...related.slice(0, 2).map((other) => other.record));
  else if (window.length > 0 && rng.chance(0.1)) others.push(rng.pick(window).record);
  return [draft.record, ...others];
}

export function* tenantItems(seed: number, plan: TenantPlan, now: Date): Generator<TenantItem> {
  useWatchlistSize(seed, plan.watchlistProfiles);
  const ctx = tenantContext(seed, plan, now);
  const window: CustomerDraft[] = [];
  let nextThread = 0;
  for (let index = 0; index < plan.customers; index++) {
    const draft = draftCustomer(ctx, index, window);
    const record = draft.record;
    const alerts = buildAlerts(
      ctx,
      alertSubject(draft),
      screenAgainst(ctx.watchlist, screeningSubject(record)),
    );
    const documents = buildDocuments(ctx, {
      externalId: record.external_id,
      customerId: record.id,
      displayName: customerName(record),
      firm: record.account_type.code === 'F',
      country: record.domicile_code,
      accountNumber: record.account_number,
      dateOfBirth: record.date_of_birth,
      createdMs: draft.createdMs,
    });
    const threads: GeneratedThread[] = [];
    const lastThread = Math.floor(((index + 1) * plan.threads) / plan.customers);
    for (; nextThread < lastThread; nextThread++) {
      threads.push(
        buildThread(ctx, nextThread, {
          customers: threadCustomers(ctx, draft, window, nextThread),
          createdMs: draft.createdMs,
          lang: draft.lang,
          firm: record.account_type.code === 'F',
        }),
      );
    }
    const facts: CustomerFacts = {
      record,
      createdMs: draft.createdMs,
      revisions: draft.revisions,
      segment: draft.segment,
      industry: draft.industry,
      alerts,
      documents,
      threads,
      press: pressFindings(customerName(record), record.account_type.code === 'F'),
    };
    const detail = customerDetail(ctx, facts);
    yield {
      kind: 'customer',
      customer: record,
      detail: detail.item,
      stats: detail.stats,
      events: customerEvents(ctx, facts, detail.risk, detail.edd),
    };
    for (const [k, tie] of draft.ties.entries()) {
      yield { kind: 'relation', relation: relationRecord(seed, record.external_id, tie, k) };
    }
    yield* documents;
    yield* alerts;
    yield* threads;
    window.push(draft);
    if (window.length > WINDOW) window.shift();
  }
}
