import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api';
import { malformedFailure } from '../../../main/api/service-error';
import type { CallSpec, Transport } from '../../../main/api/call-spec';
import { createPressApi } from '../../../main/api/press';
import { parseWire } from '../../../main/api/wire';
import { PressGenerateInput } from '../../../preload/contract';
import { makeTempDir } from '../../support/temp-dir';
import { pressAt } from './press-fixture';

// What the service answers in place of a report's id: the press core keeps what it can and says
// plainly what it cannot, never that the connection was lost when it was not.

/** 12345678901234567890 as JSON decodes it: rounded to another number. */
const TOO_LARGE = JSON.parse('12345678901234567890') as number;

const report = (id: unknown) => ({
  ...(id === undefined ? {} : { report_body_id: id }),
  created_at: '2026-03-01T00:00:00Z',
  general_summary: 'Named in a court filing.',
  risk_summary: 'r',
  general_sources: [],
  other_sources: [],
  report_categories: [],
  metadata: { input: { name: 'Ann Lee' } },
});

/** The API's press operations over a transport answering `body` (decoded JSON) to every call. */
function answering(body: () => unknown) {
  const paths: string[] = [];
  const transport: Transport = {
    json(spec: CallSpec, schema) {
      paths.push(spec.path);
      const parsed = parseWire(schema, body());
      if (!parsed.ok)
        return Promise.reject(
          malformedFailure({
            operation: spec.operation,
            status: 200,
            detail: parsed.problems.join('; '),
          }),
        );
      return Promise.resolve(parsed.value);
    },
    empty: () => Promise.resolve(),
    download: () => Promise.reject(new Error('not asked here')),
  };
  const client = {
    press: createPressApi(transport),
    customers: { timeline: () => Promise.resolve([]) },
  } as unknown as Pick<ServiceClient, 'press' | 'customers'>;
  return { client, paths };
}

describe('press answers with an odd report id', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-press-ids-');
  });
  afterEach(() => temp.remove());

  for (const [what, id] of [
    ['no id', undefined],
    ['a null id', null],
    ['an empty id', ''],
    ['an object for an id', { id: 'x' }],
    ['an id too large to be read exactly', TOO_LARGE],
  ] as const)
    it(`opened by id, a body with ${what} is kept under the id asked for`, async () => {
      const service = answering(() => report(id));
      const core = pressAt(temp.path, service.client);
      try {
        const opened = await core.press.open('rb_asked');
        expect(opened.summary.id).toBe('rb_asked');
        expect(core.press.has('rb_asked')).toBe(true);
        // Picked up from a timeline: kept once, not fetched again at every sync.
        const events = [
          {
            eventType: 'press_report_generated',
            url: '/api/v1/press/reportbody/rb_named',
            createdAt: '2026-03-01T00:00:00Z',
          },
        ];
        expect(await core.press.pickUp('C1', events)).toBe(1);
        expect(core.press.has('rb_named')).toBe(true);
        expect(await core.press.pickUp('C1', events)).toBe(0);
      } finally {
        core.close();
      }
    });

  it('a generation answered without a report id says so, and that the report may exist, not that the connection was lost', async () => {
    const service = answering(() => report(null));
    const core = pressAt(temp.path, service.client);
    try {
      const failed = await core.press
        .generate(PressGenerateInput.parse({ subject: { name: 'Ann Lee' } }))
        .then(
          () => null,
          (error: unknown) => error as { code?: string; message: string },
        );
      // The request reached the service and the report may exist: the screens say so.
      expect(failed?.code).toBe('outcome_unknown');
      expect(failed?.message).toMatch(/without a report id/);
      expect(failed?.message).toMatch(/may exist/);
      expect(failed?.message).not.toMatch(/connection was lost/);
      // Remembered: generating the subject again asks first.
      expect(
        (await core.press.generate(PressGenerateInput.parse({ subject: { name: 'Ann Lee' } })))
          .state,
      ).toBe('in-doubt');
    } finally {
      core.close();
    }
  });

  it('a large numeric id is never rounded into another report’s id', async () => {
    const service = answering(() => report(TOO_LARGE));
    const core = pressAt(temp.path, service.client);
    try {
      const failed = await core.press
        .generate(PressGenerateInput.parse({ subject: { name: 'Ann Lee' } }))
        .then(
          () => null,
          (error: unknown) => error as Error,
        );
      expect(failed?.message).toMatch(/without a report id/);
      expect(core.press.list({}).reports).toEqual([]);
    } finally {
      core.close();
    }
  });
});
