import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodyShape, PressReportShape, TimelineShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

describe('sandbox press reports', () => {
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
    const saved = await t.call('POST', '/api/v1/customers/save', {
      body: {
        customers: [
          { external_id: 'P-1', account_type: 'N', first_name: 'Lena', last_name: 'Marsh' },
        ],
      },
    });
    const serviceId = saved.json<{ added: Array<{ customer_id: string }> }>().added[0]?.customer_id;
    // The path names the service's own id (Customer.id), never the external id.
    expect(serviceId).toBeTruthy();
    expect(serviceId).not.toBe('P-1');
    expect((await t.call('POST', '/api/v1/press/report/P-1/forcegen')).status).toBe(404);
    const forced = await t.call('POST', `/api/v1/press/report/${serviceId}/forcegen`);
    expect(forced.status).toBe(204);
    const events = TimelineShape.parse(
      (await t.call('GET', '/api/v1/customers/P-1/timeline')).json(),
    );
    const event = events.find((e) => e.EventType === 'press_report_generated');
    expect(event).toBeDefined();
    expect((await t.call('GET', event?.Url ?? '')).status).toBe(200);
    expect((await t.call('POST', '/api/v1/press/report/nobody/forcegen')).status).toBe(404);
  });

  it('answers the error body for an empty name, an unknown previous report and an unknown customer', async () => {
    for (const name of ['', '   ']) {
      const empty = await t.call('POST', '/api/v1/press/instantreport', { body: { name } });
      expect(empty.status).toBe(400);
      expect(ErrorBodyShape.parse(empty.json()).errors.length).toBeGreaterThan(0);
    }
    const unknown = await t.call('POST', '/api/v1/press/instantreport', {
      body: { name: 'Viktor Petrov', previous_instant_report_id: 'press-none' },
    });
    expect(unknown.status).toBe(404);
    const unknownErrors = ErrorBodyShape.parse(unknown.json()).errors;
    expect(unknownErrors.find((e) => !e.deprecated)?.message).toMatch(/press-none/);
    const nobody = await t.call('POST', '/api/v1/press/report/nobody/forcegen');
    expect(nobody.status).toBe(404);
    expect(ErrorBodyShape.parse(nobody.json()).errors.find((e) => !e.deprecated)?.code).toMatch(
      /not_found/,
    );
  });

  it("starts a report from the previous one asked for, and a forced one from the customer's latest", async () => {
    const first = PressReportShape.parse(
      (
        await t.call('POST', '/api/v1/press/instantreport', { body: { name: 'Mara Quill' } })
      ).json(),
    );
    const second = PressReportShape.parse(
      (
        await t.call('POST', '/api/v1/press/instantreport', {
          body: { name: 'Mara Quill', previous_instant_report_id: first.report_body_id },
        })
      ).json(),
    );
    expect(second.general_summary).toContain(`Compared with report ${first.report_body_id}`);

    const saved = await t.call('POST', '/api/v1/customers/save', {
      body: {
        customers: [
          { external_id: 'P-2', account_type: 'N', first_name: 'Oskar', last_name: 'Brandt' },
        ],
      },
    });
    const serviceId = saved.json<{ added: Array<{ customer_id: string }> }>().added[0]?.customer_id;
    const forcedIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await t.call('POST', `/api/v1/press/report/${serviceId}/forcegen`)).status).toBe(204);
      const events = TimelineShape.parse(
        (await t.call('GET', '/api/v1/customers/P-2/timeline')).json(),
      ).filter((e) => e.EventType === 'press_report_generated');
      expect(events).toHaveLength(i + 1);
      // Newest first; the event names the report by its reportbody address.
      const url = events[0]?.Url ?? '';
      expect(url).toMatch(/^\/api\/v1\/press\/reportbody\/[^/]+$/);
      forcedIds.push(url.split('/').pop() ?? '');
    }
    const reports = await Promise.all(
      forcedIds.map(async (id) =>
        PressReportShape.parse((await t.call('GET', `/api/v1/press/reportbody/${id}`)).json()),
      ),
    );
    expect(reports[0]?.general_summary).not.toContain('Compared with report');
    expect(reports[1]?.general_summary).toContain(`Compared with report ${forcedIds[0]}`);
    expect(reports[2]?.general_summary).toContain(`Compared with report ${forcedIds[1]}`);
  });

  it("serves a planted report body as given, and names it on a customer's timeline when asked", async () => {
    const hostile = '<img src=x onerror=alert(1)> \u202eevil\u202c';
    const source = (i: number) => ({
      consulted_by_agents: [],
      website: {
        images: [],
        index: i,
        is_known_as_quality_source: i % 2 === 0,
        snippet: hostile,
        summary: '',
        title: hostile,
        // Duplicate URLs on purpose: the same article cited twice.
        url: `https://dup.example/${i % 1000}`,
      },
    });
    const odd = {
      report_body_id: 'press-odd',
      created_at: 'yesterday',
      general_sources: Array.from({ length: 2500 }, (_, i) => source(i)),
      report_categories: [],
    };
    const planted = await t.call('PUT', '/__sandbox/press/reportbody/press-odd', { body: odd });
    expect(planted.status).toBe(200);
    const served = await t.call('GET', '/api/v1/press/reportbody/press-odd');
    expect(served.status).toBe(200);
    expect(served.json()).toEqual(odd);
    // Compared with a body the generator did not make: a new report all the same.
    const after = await t.call('POST', '/api/v1/press/instantreport', {
      body: { name: 'Odd Subject', previous_instant_report_id: 'press-odd' },
    });
    expect(after.status).toBe(200);
    expect(PressReportShape.parse(after.json()).report_body_id).not.toBe('press-odd');

    await t.call('POST', '/api/v1/customers/save', {
      body: { customers: [{ external_id: 'P-3', account_type: 'N', last_name: 'Odd' }] },
    });
    const named = await t.call('PUT', '/__sandbox/press/reportbody/press-odd-2?customer=P-3', {
      body: { report_body_id: 'press-odd-2' },
    });
    expect(named.status).toBe(200);
    const events = TimelineShape.parse(
      (await t.call('GET', '/api/v1/customers/P-3/timeline')).json(),
    ).filter((e) => e.EventType === 'press_report_generated');
    expect(events.map((e) => e.Url)).toEqual(['/api/v1/press/reportbody/press-odd-2']);

    expect((await t.call('PUT', '/__sandbox/press/reportbody/x', { body: [1, 2] })).status).toBe(
      400,
    );
    expect(
      (
        await t.call('PUT', '/__sandbox/press/reportbody/x?customer=nobody', {
          body: { report_body_id: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});
