// A customer's detail record: indicators consistent with its alerts, threads and press findings,
// custom-field indicators, EDD status and overall risk rating; and its scan statistics.
// EDD states: not_required, required, in_progress, completed.
import {
  INDICATOR_NAMES,
  type CustomerStats,
  type EddRevision,
  type Indicator,
  type IndicatorName,
} from '../../model';
import { MEMBER_COUNT, memberName } from '../agents';
import { DAY, HOUR, isoDate, isoSeconds, YEAR } from '../dates';
import { HIGH_RISK_COUNTRIES, OFFSHORE_COUNTRIES } from '../geo';
import type { GeneratedCustomer } from '../index';
import { intIdFor, type Rng } from '../rng';
import { RISKY_INDUSTRIES } from '../customers/customer-fields';
import type { TenantContext } from '../tenant-context';
import {
  type CustomerFacts,
  confirmedPep,
  confirmedSanction,
  possiblePep,
  possibleSanction,
  pressAny,
  pressHigh,
  specialInterest,
} from './customer-facts';

const LABELS: Readonly<Record<IndicatorName, string>> = {
  closed_chat_categories: 'Closed conversation categories',
  open_chat_categories: 'Open conversation categories',
  may_be_pep: 'May be a PEP',
  may_be_press_risk: 'May have adverse media',
  may_be_san: 'May be sanctioned',
  pep: 'Politically exposed person',
  press_risk: 'Adverse media',
  se: 'Special interest exposure',
  str: 'Suspicious transaction reports',
  tm: 'Open transaction-monitoring cases',
  vid_failed: 'Identity verification failed',
  vid_in_progress: 'Identity verification in progress',
  vid_outdated: 'Identity verification outdated',
  vid_success: 'Identity verified',
};

function indicator(name: IndicatorName, value: unknown): Indicator {
  const type = Array.isArray(value) ? 'list' : typeof value === 'number' ? 'number' : 'boolean';
  return { fieldtype: { type }, id: INDICATOR_NAMES.indexOf(name) + 1, name: LABELS[name], value };
}

export interface RiskRating {
  level: 'low' | 'medium' | 'high' | 'critical';
  score: number;
  reasons: string[];
}

function riskRating(facts: CustomerFacts, tm: number, str: number): RiskRating {
  const record = facts.record;
  const factors: [boolean, number, string][] = [
    [confirmedSanction(facts), 60, 'Confirmed sanctions match'],
    [confirmedPep(facts), 45, 'Politically exposed person'],
    [possibleSanction(facts) || possiblePep(facts), 10, 'Open PEP or sanctions alerts'],
    [specialInterest(facts), 20, 'Special interest person or entity'],
    [
      [...record.nationality_codes, ...record.domicile_codes].some((code) =>
        HIGH_RISK_COUNTRIES.includes(code),
      ),
      25,
      'Link to a high-risk jurisdiction',
    ],
    [
      record.domicile_codes.some((code) => OFFSHORE_COUNTRIES.includes(code)),
      20,
      'Registered in an offshore financial centre',
    ],
    [RISKY_INDUSTRIES.has(facts.industry), 15, 'Cash-intensive or high-risk industry'],
    [pressHigh(facts), 20, 'Adverse media of high severity'],
    [pressAny(facts) && !pressHigh(facts), 8, 'Adverse media'],
    [tm > 0, 10, 'Open transaction-monitoring cases'],
    [str > 0, 25, 'Suspicious transaction report filed'],
    [facts.segment === 'private', 5, 'Private banking relationship'],
    [
      record.parent_external_id !== '' || facts.segment === 'holding',
      5,
      'Complex ownership structure',
    ],
  ];
  let score = 8;
  const reasons: string[] = [];
  for (const [applies, weight, reason] of factors) {
    if (!applies) continue;
    score += weight;
    reasons.push(reason);
  }
  score = Math.min(100, score);
  const level = score < 30 ? 'low' : score < 55 ? 'medium' : score < 80 ? 'high' : 'critical';
  return { level, score, reasons: reasons.length > 0 ? reasons : ['No risk factors identified'] };
}

const EDD_LABELS = {
  not_required: 'Not required',
  required: 'Required',
  in_progress: 'In progress',
  completed: 'Completed',
} as const;
export type EddCode = keyof typeof EDD_LABELS;

function eddStatus(
  ctx: TenantContext,
  rng: Rng,
  facts: CustomerFacts,
  risk: RiskRating,
): EddRevision {
  const required =
    risk.level === 'high' || risk.level === 'critical' || facts.record.kyc_level >= 4;
  // EDD starts when the risk became known: at onboarding, or when a watchlist hit was confirmed.
  const confirmations = facts.alerts.flatMap(({ revisions }) =>
    revisions
      .filter((revision) => revision.state === 4)
      .map((revision) => Date.parse(revision.created_at)),
  );
  const trigger = Math.max(facts.createdMs, ...confirmations);
  const age = ctx.nowMs - trigger;
  let code: EddCode = 'not_required';
  if (required)
    code =
      age < 20 * DAY
        ? 'required'
        : age < 90 * DAY || rng.chance(0.25)
          ? 'in_progress'
          : 'completed';
  const at = Math.min(ctx.nowMs - HOUR, trigger + rng.float(0.1, 0.9) * age);
  const agent = code === 'not_required' ? 0 : rng.int(1, MEMBER_COUNT);
  const next =
    code === 'completed'
      ? at + (risk.level === 'critical' ? 1 : 2) * YEAR
      : code === 'not_required'
        ? facts.createdMs + 5 * YEAR
        : 0;
  const comments: Record<EddCode, string> = {
    not_required: 'Standard due diligence applies.',
    required: 'EDD triggered by the risk rating; questionnaire to be sent.',
    in_progress: 'EDD questionnaire sent; waiting for source-of-wealth evidence.',
    completed: 'EDD completed and approved by senior management.',
  };
  return {
    agent_id: agent,
    agent_name: memberName(agent),
    client_id: ctx.clientId,
    comment: comments[code],
    created_at: isoSeconds(code === 'not_required' ? facts.createdMs : at),
    customer_id: facts.record.id,
    disabled: false,
    edd_state: { code, label: EDD_LABELS[code] },
    id: intIdFor(`${ctx.seed}:edd:${facts.record.external_id}`),
    next_review_date: next > 0 ? isoDate(next) : '',
    revision_number:
      code === 'not_required' ? 1 : code === 'completed' ? rng.int(2, 4) : rng.int(1, 2),
  };
}

function verification(rng: Rng, facts: CustomerFacts, nowMs: number): IndicatorName | null {
  if (facts.record.account_type.code === 'F') return null;
  const age = nowMs - facts.createdMs;
  if (age < 3 * DAY) return rng.chance(0.6) ? 'vid_in_progress' : 'vid_success';
  if (age > 2 * YEAR && rng.chance(0.35)) return 'vid_outdated';
  return rng.weighted<IndicatorName>([
    ['vid_success', 90],
    ['vid_failed', 5],
    ['vid_in_progress', 5],
  ]);
}

export interface DetailResult {
  item: GeneratedCustomer['detail'];
  stats: CustomerStats;
  risk: RiskRating;
  edd: EddRevision;
}

export function customerDetail(ctx: TenantContext, facts: CustomerFacts): DetailResult {
  const rng = ctx.root.fork(`detail:${facts.record.external_id}`);
  const tm = facts.threads.some(({ thread }) => thread.tags.includes('transaction-monitoring'))
    ? rng.int(1, 3)
    : rng.chance(0.04)
      ? rng.int(1, 2)
      : 0;
  const str =
    facts.alerts.some(({ alert }) => alert.last_revision.state === 6) || rng.chance(0.01)
      ? rng.int(1, 2)
      : 0;
  const risk = riskRating(facts, tm, str);
  const edd = eddStatus(ctx, rng, facts, risk);
  const open = new Set<string>();
  const closed = new Set<string>();
  for (const { thread } of facts.threads)
    for (const tag of thread.tags) (thread.status.code === 3 ? closed : open).add(tag);
  const vid = verification(rng, facts, ctx.nowMs);
  const values: Record<IndicatorName, unknown> = {
    closed_chat_categories: [...closed],
    open_chat_categories: [...open],
    may_be_pep: possiblePep(facts),
    may_be_press_risk: pressAny(facts),
    may_be_san: possibleSanction(facts) || confirmedSanction(facts),
    pep: confirmedPep(facts),
    press_risk: pressHigh(facts),
    se: specialInterest(facts),
    str,
    tm,
    vid_failed: vid === 'vid_failed',
    vid_in_progress: vid === 'vid_in_progress',
    vid_outdated: vid === 'vid_outdated',
    vid_success: vid === 'vid_success',
  };
  const indicators = Object.fromEntries(
    INDICATOR_NAMES.map((name) => [name, indicator(name, values[name])]),
  ) as Record<IndicatorName, Indicator>;
  const customFields = Object.entries(facts.record.custom_fields).map(
    ([name, value], i): Indicator => ({
      fieldtype: {
        type:
          typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'string',
      },
      id: 100 + i,
      name,
      value,
    }),
  );
  const lastNight = Math.floor(ctx.nowMs / DAY) * DAY + 2 * HOUR + rng.int(0, 50) * 60_000;
  const lastScan = facts.record.disabled
    ? Math.min(ctx.nowMs, facts.createdMs + rng.float(0.3, 0.9) * (ctx.nowMs - facts.createdMs))
    : lastNight <= ctx.nowMs
      ? lastNight
      : lastNight - DAY;
  return {
    item: { ...indicators, custom_fields: customFields, edd_status: edd, overall_risk: risk },
    stats: {
      alerts: facts.alerts.length,
      last_scan_date: isoSeconds(Math.max(lastScan, facts.createdMs)),
    },
    risk,
    edd,
  };
}
