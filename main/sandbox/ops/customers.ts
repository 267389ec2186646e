import { z } from 'zod';
import { badRequest, notFound } from '../http/api-error';
import { parseBody } from '../http/body';
import { json, type Reply } from '../http/router';
import type { CustomerDetail, CustomerRecord, CustomerStats } from '../model';
import { statementCache, type OpContext } from './common';
import { refreshDetail } from './customer-detail';
import { applyDelta, applyVariations, SaveBody } from './customer-input';
import { checkSave, type CustomerLine } from './save-lines';
import type { ScreenCustomer } from './screening-runner';
import type { TimelineWriter } from './timeline';

/** Above this many customers and relations in one save, scan and risk are deferred (spec, Limits 1). */
export const RISK_SCAN_THRESHOLD = 100;

const TimelineQuery = z.object({
  limit: z.coerce.number().int().min(0).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export function createCustomerOps(
  context: OpContext,
  timeline: TimelineWriter,
  screenCustomer: ScreenCustomer,
) {
  const prepare = statementCache(context.db);
  const findRow = (externalId: string) =>
    prepare('SELECT json, detail_json, stats_json FROM customers WHERE external_id = ?').get(
      externalId,
    ) as { json: string; detail_json: string; stats_json: string } | undefined;
  const require = (externalId: string) => {
    const row = findRow(externalId);
    if (!row) throw notFound('customer', externalId);
    return row;
  };
  /** Customers saved with scan and risk deferred, screened at the next ongoing scan. */
  let pendingScans = new Set<string>();

  function build(input: CustomerLine, existing: CustomerRecord | null, at: Date): CustomerRecord {
    const accountType = input.account_type ?? existing?.account_type.code ?? 'N';
    const pick = <K extends keyof CustomerRecord>(
      key: K,
      value: CustomerRecord[K] | null | undefined,
      fallback: CustomerRecord[K],
    ) => value ?? existing?.[key] ?? fallback;
    const nationalities = input.nationality_codes ?? existing?.nationality_codes ?? [];
    const domiciles = input.domicile_codes ?? existing?.domicile_codes ?? [];
    return {
      account_number: existing?.account_number ?? `ACC-${input.external_id}`,
      account_type: { code: accountType, label: accountType === 'F' ? 'Firm' : 'Individual' },
      alias_ids: pick('alias_ids', input.alias_ids, []),
      client_id: '1',
      comment: pick('comment', input.comment, ''),
      company_name: pick('company_name', input.company_name, ''),
      contacts: applyDelta(
        existing?.contacts ? existing.contacts.split(/\s*,\s*/).filter(Boolean) : [],
        input.contacts,
      ).join(', '),
      created_at: existing?.created_at ?? at.toISOString(),
      created_by: existing?.created_by ?? 0,
      custom_fields: input.fields ?? existing?.custom_fields ?? {},
      customer_type: existing?.customer_type ?? (accountType === 'F' ? 'company' : 'person'),
      date_of_birth: pick('date_of_birth', input.date_of_birth, ''),
      disabled: pick('disabled', input.disabled, false),
      domicile_code: domiciles[0] ?? '',
      domicile_codes: domiciles,
      external_id: input.external_id,
      first_name: pick('first_name', input.first_name, ''),
      id: existing?.id ?? context.newId('cus'),
      kyc_level: pick('kyc_level', input.kyc_level, 0),
      last_name: pick('last_name', input.last_name, ''),
      middle_name: pick('middle_name', input.middle_name, ''),
      name_variations: applyVariations(existing?.name_variations ?? [], input.variations),
      nationality_code: nationalities[0] ?? '',
      nationality_codes: nationalities,
      parent_external_id: pick('parent_external_id', input.parent_external_id, ''),
      phone: pick('phone', input.phone, ''),
      registration_number: pick('registration_number', input.registration_number, ''),
      review_groups: applyDelta(existing?.review_groups ?? [], input.review_groups),
      revision_number: String(Number(existing?.revision_number ?? '0') + 1),
      trading_name: pick('trading_name', input.trading_name, ''),
    };
  }

  return {
    /** POST /api/v1/customers/save */
    save(body: unknown): Reply {
      const input = parseBody(SaveBody, body);
      const customers = input.customers ?? [];
      const relations = input.relations ?? [];
      const verifyOnly = input.verify_input === true;
      const deferScan =
        input.disable_risk_scan === true ||
        customers.length + relations.length > RISK_SCAN_THRESHOLD;
      const forced = deferScan && input.disable_risk_scan !== true;
      const checked = checkSave(input, (externalId) => {
        const row = findRow(externalId);
        return row ? (JSON.parse(row.json) as CustomerRecord) : null;
      });
      if (forced)
        for (const { detail } of checked.customers)
          detail.warnings.push({
            error: 'risk_scan_deferred',
            detail: `more than ${RISK_SCAN_THRESHOLD} lines: scan and risk run at the next ongoing scan`,
          });
      const details = [...checked.customers, ...checked.relations].map(({ detail }) => detail);
      const accepted = checked.customers.filter(({ detail }) => detail.errors.length === 0);
      const acceptedRelations = checked.relations
        .filter(({ detail }) => detail.errors.length === 0)
        .map(({ record }) => record);

      const failed = details.some((detail) => detail.errors.length > 0);
      if (verifyOnly) {
        return json({
          added: [],
          detail: details,
          status: failed ? 'invalid' : 'valid',
          verify_input: true,
        });
      }

      const added: Array<{ customer_id: string; external_id: string }> = [];
      const at = context.now();
      context.db.transaction(() => {
        for (const { line } of accepted) {
          // Read again rather than reuse the check's copy: a repeated external id was just written.
          const row = findRow(line.external_id);
          const existing = row ? (JSON.parse(row.json) as CustomerRecord) : null;
          const customer = build(line, existing, at);
          const previousDetail = row
            ? (JSON.parse(row.detail_json) as Omit<CustomerDetail, 'customer'>)
            : null;
          const stats: CustomerStats = row
            ? (JSON.parse(row.stats_json) as CustomerStats)
            : { alerts: 0, last_scan_date: '' };
          context.store.putCustomer(
            customer,
            refreshDetail(customer, [], previousDetail, at),
            stats,
          );
          timeline.write(
            customer.external_id,
            existing ? 'customer_updated' : 'customer_created',
            existing ? 'Customer updated' : 'Customer created',
            `Revision ${customer.revision_number}`,
            at,
          );
          added.push({ customer_id: customer.id, external_id: customer.external_id });
          if (deferScan) pendingScans.add(customer.external_id);
          else screenCustomer(customer, at);
        }
        for (const relation of acceptedRelations) {
          context.store.putRelation(relation);
          for (const end of [
            relation.parent_customer_external_id,
            relation.child_customer_external_id,
          ]) {
            timeline.write(
              end,
              'relation_saved',
              'Relation saved',
              `${relation.parent_customer_external_id} → ${relation.child_customer_external_id} (type ${relation.relation_type})`,
              at,
            );
          }
        }
      })();
      const status = !failed
        ? 'success'
        : added.length + acceptedRelations.length > 0
          ? 'partial_success'
          : 'failure';
      return json({ added, detail: details, status, verify_input: false });
    },

    /** GET /api/v1/customers/{id} */
    detail(externalId: string): Reply {
      const row = require(externalId);
      const rest = row.detail_json.trim() === '{}' ? '}' : `,${row.detail_json.trim().slice(1)}`;
      return { kind: 'json', body: `{"customer":${row.json}${rest}` };
    },

    /** GET /api/v1/customers/{id}/stats */
    stats(externalId: string): Reply {
      return { kind: 'json', body: require(externalId).stats_json };
    },

    /** GET /api/v1/customers/{id}/timeline?limit&offset — newest first. */
    timeline(externalId: string, query: URLSearchParams): Reply {
      require(externalId);
      const parsed = TimelineQuery.safeParse(Object.fromEntries(query));
      if (!parsed.success)
        throw badRequest(
          'validation.invalid_query',
          'limit and offset are non-negative integers (limit at most 1000).',
        );
      const rows = prepare(
        'SELECT json FROM timeline_events WHERE customer_external_id = ? ORDER BY created_ms DESC, id DESC LIMIT ? OFFSET ?',
      ).all(externalId, parsed.data.limit, parsed.data.offset) as Array<{ json: string }>;
      return { kind: 'json', body: `[${rows.map((row) => row.json).join(',')}]` };
    },

    /** Runs the scans deferred by big saves, as the next ongoing scan would. */
    runPendingScans(): number {
      const ids = pendingScans;
      pendingScans = new Set();
      const at = context.now();
      context.db.transaction(() => {
        for (const id of ids) {
          const row = findRow(id);
          if (row) screenCustomer(JSON.parse(row.json) as CustomerRecord, at);
        }
      })();
      return ids.size;
    },
  };
}
