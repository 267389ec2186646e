import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_FROM,
  HIGH_RISK_COUNTRIES,
  KYT_RULES,
  RATES_TO_EUR,
  REVIEW_FROM,
  SANCTIONED_COUNTRIES,
  STRUCTURING_LOOKBACK,
  VELOCITY_LOOKBACK,
} from '../../../main/sandbox/generator';
import { OPAQUE_EXTRA } from '../../../main/sandbox/ops/kyt';

// Client authors read the sandbox README to know what the sandbox does; it must say what the code does.
const README = readFileSync(join(__dirname, '../../../main/sandbox/README.md'), 'utf8');
const KYT = README.slice(README.indexOf('## KYT transactions')).replace(/\s+/g, ' ');

describe('the sandbox README on KYT', () => {
  it('lists exactly the rule set, each with its activity, use of weight and weight', () => {
    const rows = [
      ...KYT.matchAll(/\| `([A-Z0-9_]+)` \| (yes|\*\*no\*\*) \| (yes|no) \| (\d+) \|/g),
    ];
    expect(rows.map((row) => row[1])).toEqual(KYT_RULES.map((rule) => rule.code));
    for (const [, code, active, useWeight, weight] of rows) {
      const rule = KYT_RULES.find((candidate) => candidate.code === code);
      expect({
        code,
        active: active === 'yes',
        useWeight: useWeight === 'yes',
        weight: Number(weight),
      }).toEqual({
        code,
        active: rule?.active,
        useWeight: rule?.useWeight,
        weight: rule?.weight,
      });
    }
  });

  it('gives the thresholds, the country lists, the lookbacks, the hidden extra and the rate table', () => {
    expect(KYT).toContain(`**≥ ${BLOCKED_FROM}** \`blocked\``);
    expect(KYT).toContain(`**≥ ${REVIEW_FROM}** \`review\``);
    expect(KYT).toContain(`High-risk (synthetic): ${HIGH_RISK_COUNTRIES.join(', ')};`);
    expect(KYT).toContain(`sanctioned (synthetic, a subset): ${SANCTIONED_COUNTRIES.join(', ')}.`);
    expect(KYT).toContain(`at most the sender's ${VELOCITY_LOOKBACK} latest transactions`);
    expect(KYT).toContain(`its ${STRUCTURING_LOOKBACK} latest just under the threshold`);
    expect(KYT).toContain(`each score gains a hidden ${OPAQUE_EXTRA}`);
    const rates = Object.entries(RATES_TO_EUR).map(([code, rate]) => `${code} ${rate}`);
    expect(KYT).toContain(`matched in any case: ${rates.join(', ')}.`);
  });
});
