import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  WireAlertPageSchema,
  WireAlertSchema,
  WireCustomerDetailSchema,
  WireCustomerStatsSchema,
  WireDocumentPageSchema,
  WireDocumentSchema,
  WireErrorBodySchema,
  WireKytTransactionSchema,
  WirePressReportSchema,
  WireSaveResponseSchema,
  WireThreadPageSchema,
  WireThreadSchema,
  WireTimelineSchema,
  parseWire,
  summariseProblems,
} from '../../../main/api/wire';
import * as sample from './wire-samples';

const problemsOf = (schema: z.ZodType, body: unknown): string[] => {
  const result = parseWire(schema, body);
  if (result.ok) throw new Error('expected the body to be refused');
  return result.problems;
};

describe('wire schemas accept what the spec describes', () => {
  it.each([
    ['alert page', WireAlertPageSchema, { data: [sample.alert], total: 1 }],
    ['thread page', WireThreadPageSchema, { data: [sample.thread], total: 1 }],
    ['document page', WireDocumentPageSchema, { documents: [sample.document], total: 1 }],
    ['customer detail', WireCustomerDetailSchema, sample.customerDetail],
    ['stats', WireCustomerStatsSchema, { alerts: 3, last_scan_date: '2024-03-01' }],
    ['timeline', WireTimelineSchema, [sample.event]],
    ['press report', WirePressReportSchema, sample.pressReport],
    ['KYT transaction', WireKytTransactionSchema, sample.kytTransaction],
    ['save response', WireSaveResponseSchema, sample.saveResponse],
    ['error body', WireErrorBodySchema, { errors: [{ code: 'x', message: 'y' }] }],
  ] as const)('%s', (_name, schema, body) => {
    const result = parseWire(schema, body);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toEqual(body);
  });
});

describe('wire schemas are tolerant', () => {
  it('accept records reduced to their key, with lists read as empty', () => {
    const thread = WireThreadSchema.parse({ id: 't1' });
    expect(thread).toMatchObject({ id: 't1', customers: [], attachments: [], tags: [] });
    expect(thread.status).toBeUndefined();
    expect(WireAlertSchema.parse({ id: 'a1', last_revision: null }).last_revision).toBeNull();
    expect(WireDocumentSchema.parse({ id: 'd1', tags: null }).tags).toEqual([]);
    expect(WireSaveResponseSchema.parse({})).toMatchObject({ added: [], detail: [] });
    expect(WireAlertPageSchema.parse({ data: [] }).total).toBeUndefined();
  });

  it('keep unknown enum values as they are', () => {
    const alert = WireAlertSchema.parse({
      ...sample.alert,
      last_revision: { ...sample.revision, state: 42, top_category: 'CRYPTO_MIXER' },
    });
    expect(alert.last_revision).toMatchObject({ state: 42, top_category: 'CRYPTO_MIXER' });
    const thread = WireThreadSchema.parse({
      ...sample.thread,
      status: { code: 17, label: 'escalated', colour: 'red' },
    });
    expect(thread.status).toEqual({ code: 17, label: 'escalated', colour: 'red' });
    expect(
      WireTimelineSchema.parse([{ ...sample.event, EventType: 'ai_summary' }])[0]?.EventType,
    ).toBe('ai_summary');
    expect(
      WireAlertSchema.parse({ ...sample.alert, last_revision: { ...sample.revision, agent_id: 5 } })
        .last_revision?.agent_id,
    ).toBe(5);
  });

  it('never break on random extra fields, at any level, and keep them', () => {
    const known = new Set([
      ...Object.keys(sample.alert),
      ...Object.keys(sample.revision),
      'data',
      'total',
    ]);
    const extras = fc.dictionary(
      fc.string({ minLength: 1 }).filter((key) => !known.has(key) && key !== '__proto__'),
      fc.jsonValue(),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(extras, extras, extras, (top, inAlert, inRevision) => {
        const body = {
          ...top,
          data: [
            { ...sample.alert, ...inAlert, last_revision: { ...sample.revision, ...inRevision } },
          ],
          total: 1,
        };
        const page = WireAlertPageSchema.parse(body) as Record<string, unknown>;
        const alert = (page.data as Array<Record<string, unknown>>)[0] ?? {};
        const kept = (object: Record<string, unknown>, added: Record<string, unknown>) =>
          Object.keys(added).every((key) => Object.is(object[key], added[key]));
        return (
          kept(page, top) &&
          kept(alert, inAlert) &&
          kept(alert.last_revision as Record<string, unknown>, inRevision)
        );
      }),
    );
  });

  it('never break when optional fields are missing or null', () => {
    const optionalKeys = Object.keys(sample.thread).filter((key) => key !== 'id');
    fc.assert(
      fc.property(fc.subarray(optionalKeys), fc.subarray(optionalKeys), (missing, nulled) => {
        const body: Record<string, unknown> = { ...sample.thread };
        for (const key of missing) delete body[key];
        for (const key of nulled) body[key] = null;
        return parseWire(WireThreadSchema, body).ok;
      }),
    );
  });

  it('accept any integer state and any category string', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), (state, category) => {
        const parsed = WireAlertSchema.parse({
          ...sample.alert,
          last_revision: { ...sample.revision, state, top_category: category },
        });
        return (
          parsed.last_revision?.state === state && parsed.last_revision.top_category === category
        );
      }),
    );
  });
});

describe('wire schemas refuse what cannot be right, saying where', () => {
  it('an alert without id, a page without data, a total that is not a number', () => {
    expect(
      problemsOf(WireAlertPageSchema, { data: [sample.alert, { ...sample.alert, id: undefined }] }),
    ).toEqual(['data.1.id: missing, expected string']);
    expect(problemsOf(WireAlertPageSchema, { total: 3 })).toEqual([
      'data: missing, expected array',
    ]);
    expect(problemsOf(WireAlertPageSchema, { data: {}, total: 3 })).toEqual([
      'data: expected array, received object',
    ]);
    expect(problemsOf(WireAlertPageSchema, { data: [], total: '3' })).toEqual([
      'total: expected number, received string',
    ]);
    expect(problemsOf(WireAlertPageSchema, 'OK')).toEqual([
      '(whole body): expected object, received string',
    ]);
    expect(problemsOf(WireThreadSchema, { ...sample.thread, status: 'open' })).toEqual([
      'status: expected object, received string',
    ]);
    expect(
      problemsOf(WireAlertSchema, {
        ...sample.alert,
        last_revision: { ...sample.revision, agent_id: {} },
      }),
    ).toEqual(['last_revision.agent_id: expected string or number']);
  });

  it('a mistyped field anywhere in a page is named by its path', () => {
    // state is not here: a state as text is kept and shown as received (issue 13).
    const numeric = ['score', 'revision_number', 'profile_date'] as const;
    fc.assert(
      fc.property(
        fc.nat({ max: 9 }),
        fc.constantFrom(...numeric),
        fc.string(),
        (index, field, value) => {
          const data = Array.from({ length: 10 }, (_, n) => ({ ...sample.alert, id: `a${n}` }));
          data[index] = { ...sample.alert, last_revision: { ...sample.revision, [field]: value } };
          const problems = problemsOf(WireAlertPageSchema, { data, total: 10 });
          return (
            problems.length === 1 &&
            problems[0] === `data.${index}.last_revision.${field}: expected number, received string`
          );
        },
      ),
    );
  });

  it('keeps the summary of many problems short', () => {
    const problems = problemsOf(WireAlertPageSchema, {
      data: Array.from({ length: 5 }, () => ({ ...sample.alert, id: 7 })),
    });
    expect(summariseProblems(problems)).toBe(
      'data.0.id: expected string, received number; data.1.id: expected string, received number; ' +
        'data.2.id: expected string, received number; and 2 more',
    );
  });
});
