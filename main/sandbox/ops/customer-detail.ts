import type { CustomerDetail, CustomerRecord, Indicator, IndicatorName } from '../model';
import { INDICATOR_NAMES } from '../model';

type Detail = Omit<CustomerDetail, 'customer'>;

export interface OpenAlertSummary {
  category: string;
  state: number;
  score: number;
}

const OPEN_STATES = new Set([1, 2, 3, 4]);
const TRUE_HIT_STATES = new Set([4, 5]);

/** Indicator ids are stable per name, as a service's field catalogue would be. */
const indicator = (name: IndicatorName, value: unknown): Indicator => ({
  fieldtype: {
    type: Array.isArray(value) ? 'list' : typeof value === 'boolean' ? 'boolean' : 'string',
  },
  id: INDICATOR_NAMES.indexOf(name) + 1,
  name,
  value,
});

function customFieldIndicators(customer: CustomerRecord): Indicator[] {
  return Object.entries(customer.custom_fields).map(([name, value], index) => ({
    fieldtype: { type: Array.isArray(value) ? 'list' : typeof value },
    id: 1000 + index,
    name,
    value,
  }));
}

/**
 * The detail of a customer created through the API, or an existing detail brought up to date
 * with the customer's alerts: screening indicators and overall risk follow the alerts, the rest
 * (identity verification, EDD) keeps what it had.
 */
export function refreshDetail(
  customer: CustomerRecord,
  alerts: readonly OpenAlertSummary[],
  previous: Detail | null,
  at: Date,
): Detail {
  const open = alerts.filter((alert) => OPEN_STATES.has(alert.state));
  const hits = alerts.filter((alert) => TRUE_HIT_STATES.has(alert.state));
  const has = (list: readonly OpenAlertSummary[], test: (category: string) => boolean) =>
    list.some((alert) => test(alert.category));
  const isPep = (category: string) => category === 'pep' || category === 'rca_pep';
  const isSan = (category: string) => category === 'san';

  const base: Record<IndicatorName, Indicator> = Object.fromEntries(
    INDICATOR_NAMES.map((name) => [
      name,
      previous?.[name] ?? indicator(name, name.endsWith('categories') ? [] : false),
    ]),
  ) as Record<IndicatorName, Indicator>;
  base.may_be_pep = indicator('may_be_pep', has(open, isPep));
  base.may_be_san = indicator('may_be_san', has(open, isSan));
  base.pep = indicator('pep', has(hits, isPep));

  const topScore = Math.max(0, ...open.map((alert) => alert.score));
  const reasons = [
    ...(has(hits, isSan) ? ['confirmed sanctions match'] : []),
    ...(has(hits, isPep) ? ['politically exposed person'] : []),
    ...(open.length ? [`${open.length} open screening alert${open.length === 1 ? '' : 's'}`] : []),
  ];
  const score = Math.min(
    100,
    Math.round(topScore * 0.6 + (has(hits, isSan) ? 40 : 0) + (has(hits, isPep) ? 20 : 0)),
  );
  const level = score >= 80 ? 'critical' : score >= 55 ? 'high' : score >= 30 ? 'medium' : 'low';

  return {
    ...base,
    custom_fields: customFieldIndicators(customer),
    edd_status: previous?.edd_status ?? {
      agent_id: 0,
      agent_name: '',
      client_id: 1,
      comment: '',
      created_at: at.toISOString(),
      customer_id: customer.id,
      disabled: false,
      edd_state: { code: 'not_required', label: 'Not required' },
      id: 0,
      next_review_date: '',
      revision_number: 0,
    },
    overall_risk: { level, score, reasons },
  };
}
