import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KytTransactionShape, PressReportShape, TimelineShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

describe('sandbox press reports and KYT', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterAll(() => t.close());

  it('generates an instant report, stores it, and compares a later one with it', async () => {
    const first = PressReportShape.parse(
      (
        await t.call('POST', '/api/v1/press/instantreport', {
          body: {
            name: 'Viktor Petrov',
            additional_info: { country_codes: ['RU'], entity_type: 1 },
          },
        })
      ).json(),
    );
    const stored = PressReportShape.parse(
      (await t.call('GET', `/api/v1/press/reportbody/${first.report_body_id}`)).json(),
    );
    expect(stored).toEqual(first);
    const second = await t.call('POST', '/api/v1/press/instantreport', {
      body: { name: 'Viktor Petrov', previous_instant_report_id: first.report_body_id },
    });
    expect(second.status).toBe(200);
    expect(PressReportShape.parse(second.json()).report_body_id).not.toBe(first.report_body_id);
    expect(
      (
        await t.call('POST', '/api/v1/press/instantreport', {
          body: { name: 'x', previous_instant_report_id: 'missing' },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/v1/press/reportbody/missing')).status).toBe(404);
  });

  it('forces a report for a customer (204) and records it on the timeline', async () => {
    await t.call('POST', '/api/v1/customers/save', {
      body: {
        customers: [
          { external_id: 'P-1', account_type: 'N', first_name: 'Lena', last_name: 'Marsh' },
        ],
      },
    });
    const forced = await t.call('POST', '/api/v1/press/report/P-1/forcegen');
    expect(forced.status).toBe(204);
    const events = TimelineShape.parse(
      (await t.call('GET', '/api/v1/customers/P-1/timeline')).json(),
    );
    const event = events.find((e) => e.EventType === 'press_report_generated');
    expect(event).toBeDefined();
    expect((await t.call('GET', event?.Url ?? '')).status).toBe(200);
    expect((await t.call('POST', '/api/v1/press/report/nobody/forcegen')).status).toBe(404);
  });

  it('scores a KYT transaction with its rules and keeps it for velocity', async () => {
    await t.call('POST', '/api/v1/customers/save', {
      body: { customers: [{ external_id: 'K-1', account_type: 'N', last_name: 'Sender' }] },
    });
    const body = (index: number, amount: number) => ({
      external_id: `tx-${index}`,
      amount,
      currency: 'EUR',
      date: new Date(Date.UTC(2026, 10, 20, 10, index)).toISOString(),
      from: {
        external_id: 'K-1',
        full_name: 'Ann Sender',
        domicile_code: 'FR',
        device: { ip: '203.0.113.9', country: 'KP', '2fa': false },
      },
      to: { external_id: 'R-9', full_name: 'Bo Receiver', domicile_code: 'IR' },
    });
    const small = KytTransactionShape.parse(
      (
        await t.call('POST', '/api/v1/kyt/transaction', {
          body: {
            ...body(0, 50),
            to: { full_name: 'Shop', domicile_code: 'FR' },
            from: {
              external_id: 'K-1',
              domicile_code: 'FR',
              device: { country: 'FR', '2fa': true, '3ds': true, session_duration: 300 },
            },
          },
        })
      ).json(),
    );
    const big = KytTransactionShape.parse(
      (await t.call('POST', '/api/v1/kyt/transaction', { body: body(1, 50_000) })).json(),
    );
    expect(big.score).toBeGreaterThan(small.score);
    expect(big.rules.length).toBeGreaterThan(0);
    expect(big.customers).toEqual(['K-1']);
    expect(big.converted_currency).toBe('EUR');
    for (let index = 2; index < 12; index += 1)
      await t.call('POST', '/api/v1/kyt/transaction', { body: body(index, 900) });
    const burst = KytTransactionShape.parse(
      (await t.call('POST', '/api/v1/kyt/transaction', { body: body(12, 900) })).json(),
    );
    expect(burst.rules.map((rule) => rule.code.toLowerCase()).join(' ')).toMatch(/velocity/);
    const events = TimelineShape.parse(
      (await t.call('GET', '/api/v1/customers/K-1/timeline')).json(),
    );
    expect(events.some((e) => e.EventType === 'kyt_transaction')).toBe(true);
  });
});
