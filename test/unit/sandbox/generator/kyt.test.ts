import { describe, expect, it } from 'vitest';
import { evaluateKyt, type KytInputParticipant } from '../../../../main/sandbox/generator';

const quiet: KytInputParticipant = {
  external_id: 'CUS-000001',
  domicile_code: 'DE',
  device: { country: 'DE', '2fa': true, '3ds': true, session_duration: 240 },
  payment_method: { type: 'transfer', country: 'DE' },
};

function evaluate(
  change: {
    amount?: number;
    currency?: string;
    from?: KytInputParticipant;
    to?: KytInputParticipant;
    recent?: Array<{ amount: number; date: string }>;
  } = {},
) {
  return evaluateKyt({
    amount: 1234.56,
    currency: 'EUR',
    date: '2025-06-30T12:00:00Z',
    from: quiet,
    to: { ...quiet, external_id: 'CUS-000002' },
    recent: [],
    ...change,
  });
}

function fired(result: ReturnType<typeof evaluateKyt>): string[] {
  return result.rules.filter((rule) => rule.active).map((rule) => rule.code);
}

describe('evaluateKyt', () => {
  it('accepts an unremarkable transfer with score 0', () => {
    const result = evaluate();
    expect(fired(result)).toEqual([]);
    expect(result.score).toBe(0);
    expect(result.state.code).toBe('accepted');
    expect(result.rules.every((rule) => rule.use_weight && rule.weight > 0)).toBe(true);
  });

  it('fires the amount threshold on the EUR equivalent', () => {
    expect(fired(evaluate({ amount: 15_000.5 }))).toContain('AMOUNT_THRESHOLD');
    expect(fired(evaluate({ amount: 9_999 }))).not.toContain('AMOUNT_THRESHOLD');
    expect(fired(evaluate({ amount: 12_000.5, currency: 'USD' }))).toContain('AMOUNT_THRESHOLD');
    expect(fired(evaluate({ amount: 12_000.5, currency: 'JPY' }))).not.toContain(
      'AMOUNT_THRESHOLD',
    );
  });

  it('fires on high-risk countries of either party', () => {
    expect(fired(evaluate({ to: { ...quiet, domicile_code: 'IR' } }))).toContain(
      'HIGH_RISK_COUNTRY',
    );
    expect(fired(evaluate({ from: { ...quiet, payment_institution: { country: 'KP' } } }))).toContain('HIGH_RISK_COUNTRY'); // prettier-ignore
  });

  it('fires on device anomalies', () => {
    const device = quiet.device ?? {};
    expect(fired(evaluate({ from: { ...quiet, device: { ...device, country: 'BR' } } }))).toEqual(['IP_COUNTRY_MISMATCH']); // prettier-ignore
    expect(fired(evaluate({ from: { ...quiet, device: { ...device, '2fa': false } } }))).toEqual([
      'NO_2FA',
    ]);
    expect(fired(evaluate({ from: { ...quiet, device: { ...device, '3ds': false } } }))).toEqual(
      [],
    );
    expect(fired(evaluate({ from: { ...quiet, payment_method: { type: 'card' }, device: { ...device, '3ds': false } } }))).toEqual(['NO_3DS']); // prettier-ignore
    expect(fired(evaluate({ from: { ...quiet, device: { ...device, session_duration: 8 } } }))).toEqual(['SHORT_SESSION']); // prettier-ignore
  });

  it('fires on velocity, structuring and round amounts', () => {
    const recent = Array.from({ length: 6 }, (_, i) => ({
      amount: 300,
      date: `2025-06-30T0${i}:00:00Z`,
    }));
    expect(fired(evaluate({ recent }))).toContain('VELOCITY');
    expect(fired(evaluate({ recent: recent.map((r) => ({ ...r, date: '2025-06-20T10:00:00Z' })) }))).not.toContain('VELOCITY'); // prettier-ignore
    expect(fired(evaluate({ amount: 9_500, recent: [{ amount: 9_800, date: '2025-06-30T09:00:00Z' }] }))).toContain('STRUCTURING'); // prettier-ignore
    expect(fired(evaluate({ amount: 5_000 }))).toEqual(['ROUND_AMOUNT']);
  });

  it('blocks when strong rules add up, and puts single signals under review', () => {
    const risky = evaluate({ amount: 50_000, to: { ...quiet, domicile_code: 'SY' } });
    expect(risky.state.code).toBe('blocked');
    expect(risky.score).toBeGreaterThanOrEqual(70);
    const review = evaluate({ to: { ...quiet, domicile_code: 'SY' } });
    expect(review.state.code).toBe('review');
    expect(review.score).toBeLessThanOrEqual(100);
  });
});
