import { z } from 'zod';
import type { buildPressReport } from '../generator';
import { notFound, SandboxError } from '../http/api-error';
import { parseBody } from '../http/body';
import { json, noContent, type Reply } from '../http/router';
import type { CustomerDetail, CustomerRecord, CustomerStats, PressReport } from '../model';
import { customerName } from '../db/tenant-store';
import { statementCache, type OpContext } from './common';
import type { TimelineWriter } from './timeline';

const InstantReportBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(512),
  previous_instant_report_id: z.string().nullish(),
  additional_info: z
    .object({
      country_codes: z.array(z.string().regex(/^[A-Za-z]{2}$/, 'ISO 3166 alpha-2 codes')).nullish(),
      date_of_birth: z.string().nullish(),
      entity_type: z.union([z.literal(1), z.literal(2)]).nullish(),
    })
    .nullish(),
});

const GeneratedSource = z.looseObject({ website: z.looseObject({ index: z.number() }) });
/** What the generator reads of a previous report; a planted body may be anything. */
const GeneratedReport = z.looseObject({
  report_body_id: z.string(),
  created_at: z.string(),
  general_sources: z.array(GeneratedSource),
  other_sources: z.array(GeneratedSource),
  report_categories: z.array(
    z.looseObject({
      category: z.string(),
      degree_of_certainty: z.string(),
      reason: z.string(),
      reverted: z.boolean(),
      severity: z.string(),
      sources: z.array(GeneratedSource),
    }),
  ),
  namesake: z.looseObject({ count: z.number(), score: z.number() }),
  metadata: z.looseObject({
    input: z.looseObject({ name: z.string() }),
    sources: z.record(z.string(), z.unknown()),
  }),
});

/** A stored report the generator can start from; null for a planted body it cannot read. */
function startingPoint(json: string): PressReport | null {
  return GeneratedReport.safeParse(JSON.parse(json)).success
    ? (JSON.parse(json) as PressReport)
    : null;
}

export function createPressOps(
  context: OpContext,
  timeline: TimelineWriter,
  build: typeof buildPressReport,
) {
  const prepare = statementCache(context.db);
  const find = (id: string) =>
    prepare('SELECT json FROM press_reports WHERE id = ?').get(id) as { json: string } | undefined;
  const store = (report: PressReport) =>
    prepare('INSERT OR REPLACE INTO press_reports (id, json) VALUES (?, ?)').run(
      report.report_body_id,
      JSON.stringify(report),
    );

  // The interface is silent on how a forced report reaches the client: the sandbox names it in a
  // `press_report_generated` timeline event whose Url is its reportbody address (README), and the
  // customer's latest such report is where the next forced one starts from.
  const REPORT_URL = '/api/v1/press/reportbody/';
  const latestForced = (customerExternalId: string): PressReport | null => {
    const events = prepare(
      `SELECT json_extract(json, '$.Url') AS url FROM timeline_events
       WHERE customer_external_id = ? AND json_extract(json, '$.EventType') = 'press_report_generated'
       ORDER BY created_ms DESC, rowid DESC`,
    ).all(customerExternalId) as Array<{ url: string | null }>;
    for (const { url } of events) {
      if (!url?.startsWith(REPORT_URL)) continue;
      const row = find(url.slice(REPORT_URL.length));
      if (row) return startingPoint(row.json);
    }
    return null;
  };

  return {
    /** POST /api/v1/press/instantreport */
    instantReport(body: unknown): Reply {
      const input = parseBody(InstantReportBody, body);
      const previousRow = input.previous_instant_report_id
        ? find(input.previous_instant_report_id)
        : undefined;
      if (input.previous_instant_report_id && !previousRow)
        throw notFound('press_report', input.previous_instant_report_id);
      const report = build({
        reportId: context.newId('press'),
        createdAt: context.now().toISOString(),
        name: input.name,
        countryCodes: (input.additional_info?.country_codes ?? []).map((code) =>
          code.toUpperCase(),
        ),
        dateOfBirth: input.additional_info?.date_of_birth ?? '',
        entityType: input.additional_info?.entity_type ?? null,
        previous: previousRow ? startingPoint(previousRow.json) : null,
      });
      store(report);
      return json(report);
    },

    /** GET /api/v1/press/reportbody/{id} */
    reportBody(id: string): Reply {
      const row = find(id);
      if (!row) throw notFound('press_report', id);
      return { kind: 'json', body: row.json };
    },

    /**
     * PUT /__sandbox/press/reportbody/{id}[?customer=ID]: keeps any JSON object as that report's
     * body, served as given (thousands of sources, missing sections, odd strings: what tests of a
     * client need and the generator never makes); with `customer`, names it on that customer's
     * timeline as a forced report is.
     */
    plant(id: string, body: unknown, customerId: string | null): Reply {
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new SandboxError(400, 'validation.invalid_body', 'A report body is a JSON object.');
      const customer = customerId
        ? (prepare('SELECT external_id FROM customers WHERE external_id = ? OR id = ?').get(
            customerId,
            customerId,
          ) as { external_id: string } | undefined)
        : undefined;
      if (customerId && !customer) throw notFound('customer', customerId);
      context.db.transaction(() => {
        prepare('INSERT OR REPLACE INTO press_reports (id, json) VALUES (?, ?)').run(
          id,
          JSON.stringify(body),
        );
        if (customer)
          timeline.write(
            customer.external_id,
            'press_report_generated',
            'Press report generated',
            'Planted report',
            context.now(),
            `${REPORT_URL}${id}`,
          );
      })();
      return json({ id, url: `${REPORT_URL}${id}` });
    },

    /**
     * POST /api/v1/press/report/{customer_id}/forcegen: a report for the customer now; 204. The
     * path names the service's own id (Customer.id, `added[].customer_id` of a save), never the
     * external id: accepting both would hide a client sending the wrong one.
     */
    forceGeneration(customerId: string): Reply {
      const row = prepare('SELECT json, detail_json FROM customers WHERE id = ?').get(
        customerId,
      ) as { json: string; detail_json: string } | undefined;
      if (!row) throw notFound('customer', customerId);
      const customer = JSON.parse(row.json) as CustomerRecord;
      const at = context.now();
      const report = build({
        reportId: context.newId('press'),
        createdAt: at.toISOString(),
        name: customerName(customer),
        countryCodes: [...new Set([...customer.nationality_codes, ...customer.domicile_codes])],
        dateOfBirth: customer.date_of_birth,
        entityType: customer.account_type.code === 'F' ? 2 : 1,
        previous: latestForced(customer.external_id),
      });
      context.db.transaction(() => {
        store(report);
        const detail = JSON.parse(row.detail_json) as Omit<CustomerDetail, 'customer'>;
        const risky = report.report_categories.some((category) => !category.reverted);
        detail.may_be_press_risk = { ...detail.may_be_press_risk, value: risky };
        const stats = prepare('SELECT stats_json FROM customers WHERE external_id = ?').get(
          customer.external_id,
        ) as { stats_json: string };
        context.store.putCustomer(customer, detail, JSON.parse(stats.stats_json) as CustomerStats);
        timeline.write(
          customer.external_id,
          'press_report_generated',
          'Press report generated',
          risky
            ? `${report.report_categories.length} finding categor${report.report_categories.length === 1 ? 'y' : 'ies'}`
            : 'No adverse findings',
          at,
          `${REPORT_URL}${report.report_body_id}`,
        );
      })();
      return noContent();
    },
  };
}
