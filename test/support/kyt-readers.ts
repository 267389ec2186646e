import type { KytSubmissionSummary, KytTransaction } from '../../preload/contract';

// KYT answers, rules and submissions built small for the tests of the answer reader, the score
// explanation and the what-if comparison.

export interface WireRule {
  active?: unknown;
  code?: unknown;
  score?: unknown;
  use_weight?: unknown;
  weight?: unknown;
}

export function rule(
  code: string,
  score: number,
  weight: number,
  extra: { active?: boolean; useWeight?: boolean } = {},
): WireRule {
  return {
    active: extra.active ?? true,
    code,
    score,
    use_weight: extra.useWeight ?? true,
    weight,
  };
}

/**
 * The plan's model (main/sandbox/README.md): the weighted mean of the active weighted rules, the
 * highest of it and the active unweighted rules, rounded; inactive rules ignored. Null when no
 * rule counts. Written here from the plan, not taken from the code under test.
 */
export function planScoreUnrounded(rules: readonly WireRule[]): number | null {
  const counted = rules.filter(
    (item) => item.active === true && typeof item.score === 'number',
  ) as Array<WireRule & { score: number }>;
  const weighted = counted.filter(
    (item) => item.use_weight === true && typeof item.weight === 'number',
  ) as Array<WireRule & { score: number; weight: number }>;
  const unweighted = counted.filter((item) => item.use_weight === false);
  const totalWeight = weighted.reduce((sum, item) => sum + item.weight, 0);
  const parts: number[] = [];
  if (weighted.length > 0 && totalWeight > 0) {
    parts.push(weighted.reduce((sum, item) => sum + item.weight * item.score, 0) / totalWeight);
  }
  for (const item of unweighted) parts.push(item.score);
  return parts.length === 0 ? null : Math.max(...parts);
}

export function planScore(rules: readonly WireRule[]): number | null {
  const unrounded = planScoreUnrounded(rules);
  return unrounded === null ? null : Math.round(unrounded);
}

/** The plan's states from the score's thresholds. */
export function planState(score: number) {
  if (score >= 70) return { code: 'blocked', label: 'Blocked' };
  if (score >= 40) return { code: 'review', label: 'Under review' };
  return { code: 'accepted', label: 'Accepted' };
}

export function makeTransaction(extra: Partial<KytTransaction> = {}): KytTransaction {
  return {
    amount: 12_500,
    currency: 'EUR',
    date: '2026-11-27T14:30:00+01:00',
    external_id: 'cd-0001',
    label: 'Invoice 7731',
    review_groups: ['payments'],
    from: {
      full_name: 'Anna Berg',
      external_id: 'C-1001',
      domicile_code: 'SE',
      device: { '2fa': true, country: 'SE', ip: '192.0.2.10' },
      payment_method: { type: 'card', country: 'SE' },
    },
    to: {
      full_name: 'Nordic Parts AB',
      external_id: 'C-2002',
      payment_institution: { name: 'Example Bank', country: 'SE', external_id: 'alias-77' },
    },
    ...extra,
  };
}

export function makeSummary(extra: Partial<KytSubmissionSummary> = {}): KytSubmissionSummary {
  return {
    id: 'sub-1',
    serviceId: 'srv-1',
    externalId: 'cd-0001',
    status: 'scored',
    statusReason: null,
    createdAt: '2026-11-27T13:30:05.000Z',
    settledAt: '2026-11-27T13:30:06.000Z',
    amount: 12_500,
    currency: 'EUR',
    date: '2026-11-27T14:30:00+01:00',
    label: 'Invoice 7731',
    fromName: 'Anna Berg',
    fromExternalId: 'C-1001',
    toName: 'Nordic Parts AB',
    toExternalId: 'C-2002',
    customers: [],
    score: null,
    state: null,
    convertedAmount: null,
    convertedCurrency: null,
    basedOnId: null,
    batch: null,
    ...extra,
  };
}
