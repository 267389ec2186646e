import { request as rawRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBodyShape,
  KytTransactionShape,
  TimelineShape,
  type KytTransactionAnswer,
} from '../../support/spec-shapes';
import { HISTORY_SQL } from '../../../main/sandbox/ops/kyt';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

const PATH = '/api/v1/kyt/transaction';

const TOP_LEVEL = [
  'amount',
  'comment',
  'context',
  'crypto',
  'currency',
  'date',
  'external_id',
  'fields',
  'from',
  'to',
  'label',
  'review_groups',
  'id',
  'client_id',
  'converted_amount',
  'converted_currency',
  'converted_date',
  'customers',
  'rules',
  'score',
  'search_vector',
  'state',
];
const PARTICIPANT = [
  'account_type',
  'device',
  'domicile_code',
  'external_id',
  'full_name',
  'payment_institution',
  'payment_method',
];
const DEVICE = [
  '2fa',
  '3ds',
  'country',
  'fingerprint',
  'geolocation',
  'ip',
  'language',
  'session_duration',
  'session_id',
  'user_agent',
];
const INSTITUTION = [
  'code',
  'country',
  'external_id',
  'internal_customer_id',
  'name',
  'real_external_id',
];
const METHOD = ['code', 'country', 'type'];

const keysOf = (value: unknown) => Object.keys(value as object).sort();

/** The documented formula, written out again so the sandbox is not its own oracle. */
function documentedScore(rules: KytTransactionAnswer['rules']): number {
  const weighted = rules.filter((rule) => rule.active && rule.use_weight);
  const weightSum = weighted.reduce((sum, rule) => sum + rule.weight, 0);
  const mean =
    weightSum === 0
      ? 0
      : weighted.reduce((sum, rule) => sum + rule.weight * rule.score, 0) / weightSum;
  const unweighted = rules
    .filter((rule) => rule.active && !rule.use_weight)
    .reduce((max, rule) => Math.max(max, rule.score), 0);
  return Math.round(Math.max(mean, unweighted));
}
const documentedState = (score: number) =>
  score >= 70 ? 'blocked' : score >= 40 ? 'review' : 'accepted';

/** One request on its own connection, read to the end or until the connection is cut. */
function postRaw(
  baseUrl: string,
  token: string,
  body: unknown,
): Promise<{ status: number; cut: boolean; text: string; retryAfter: string | undefined }> {
  const url = new URL(`${baseUrl}${PATH}`);
  return new Promise((resolve) => {
    const req = rawRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        const done = (cut: boolean) =>
          resolve({ status: res.statusCode ?? 0, cut, text, retryAfter: res.headers['retry-after'] }); // prettier-ignore
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(false));
        res.on('aborted', () => done(true));
        res.on('error', () => done(true));
      },
    );
    req.on('error', () => resolve({ status: 0, cut: true, text: '', retryAfter: undefined }));
    req.end(JSON.stringify(body));
  });
}

describe('sandbox KYT transactions', () => {
  let t: TestSandbox;
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}-${(serial += 1)}`;

  const stored = (externalId: string) =>
    (
      t.sandbox.db
        .prepare(
          "SELECT COUNT(*) AS n FROM kyt_transactions WHERE json_extract(json, '$.external_id') = ?",
        )
        .get(externalId) as { n: number }
    ).n;

  async function submit(body: Record<string, unknown>): Promise<KytTransactionAnswer> {
    const response = await t.call('POST', PATH, { body });
    expect(response.status, response.text).toBe(200);
    return KytTransactionShape.parse(response.json());
  }

  const minimal = (change: Record<string, unknown> = {}) => ({
    external_id: nextId('tx'),
    amount: 120,
    currency: 'EUR',
    from: {},
    to: {},
    ...change,
  });

  async function saveCustomer(customer: Record<string, unknown>): Promise<string> {
    const saved = await t.call('POST', '/api/v1/customers/save', {
      body: { customers: [{ account_type: 'N', last_name: 'Holder', ...customer }] },
    });
    const id = saved.json<{ added: Array<{ customer_id: string }> }>().added[0]?.customer_id;
    if (!id) throw new Error(`customer not saved: ${saved.text}`);
    return id;
  }

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterEach(async () => {
    await t.call('DELETE', '/__sandbox/faults');
    await t.call('PUT', '/__sandbox/kyt/scoring', { body: { opaque: false } });
  });
  afterAll(() => t.close());

  it('answers every member of the interface, null where nothing was sent', async () => {
    const answer = await submit(minimal());
    expect(Object.keys(answer)).toEqual(TOP_LEVEL);
    for (const party of [answer.from, answer.to]) {
      expect(keysOf(party)).toEqual([...PARTICIPANT].sort());
      expect(keysOf(party.device)).toEqual([...DEVICE].sort());
      expect(keysOf(party.payment_institution)).toEqual([...INSTITUTION].sort());
      expect(keysOf(party.payment_method)).toEqual([...METHOD].sort());
      expect(Object.values(party.device).every((value) => value === null)).toBe(true);
      expect(Object.values(party.payment_institution).every((value) => value === null)).toBe(true);
      expect(party.full_name).toBeNull();
    }
    expect(answer).toMatchObject({
      comment: null,
      context: null,
      crypto: null,
      date: null,
      fields: null,
      label: null,
      review_groups: null,
      client_id: 1,
      converted_currency: 'EUR',
      converted_amount: 120,
      customers: [],
    });
    expect(answer.state).toEqual({ code: 'accepted', label: 'Accepted' });
    expect(Number.isNaN(Date.parse(answer.converted_date))).toBe(false);
  });

  it('gives back every field sent, as sent', async () => {
    const participant = (name: string, country: string) => ({
      account_type: 'N',
      device: {
        '2fa': true,
        '3ds': false,
        country,
        fingerprint: `fp-${name}`,
        geolocation: '48.85,2.35',
        ip: '203.0.113.7',
        language: 'fr-FR',
        session_duration: 312.5,
        session_id: `s-${name}`,
        user_agent: 'Mozilla/5.0',
      },
      domicile_code: country,
      external_id: `EXT-${name}`,
      full_name: `${name} Example`,
      payment_institution: {
        code: 'BNPAFRPP',
        country,
        external_id: `IBAN-${name}`,
        internal_customer_id: `ic-${name}`,
        name: 'Bank Example',
      },
      payment_method: { code: 'SEPA', country, type: 'transfer' },
    });
    const body = {
      amount: 2500.75,
      comment: 'quarterly rent <b>not markup</b>',
      context: 'rent',
      crypto: { blockchain: 'ethereum', tx_hash: '0xabc' },
      currency: 'USD',
      date: '2026-03-01T09:30:00+01:00',
      external_id: nextId('full'),
      fields: { invoice: 'INV-1', lines: [1, 2] },
      from: participant('Ann', 'FR'),
      to: participant('Bo', 'DE'),
      label: 'rent',
      review_groups: ['payments', 'emea'],
    };
    const answer = await submit(body);
    const { from, to, ...rest } = answer;
    const { from: _from, to: _to, ...sentRest } = body;
    expect(rest).toMatchObject(sentRest);
    for (const [sent, got] of [
      [body.from, from],
      [body.to, to],
    ] as const) {
      expect(got).toEqual({
        ...sent,
        payment_institution: {
          ...sent.payment_institution,
          real_external_id: sent.payment_institution.external_id,
        },
      });
    }
    expect(answer.converted_amount).toBe(Math.round(2500.75 * 0.92 * 100) / 100);
    expect(answer.search_vector).toEqual(
      expect.arrayContaining([body.external_id, 'rent', 'Ann Example', 'Bo Example']),
    );
  });

  it('computes real_external_id for aliases, and follows a customer changing its aliases', async () => {
    await saveCustomer({ external_id: 'KA-1', alias_ids: ['LEG-55501', 'CRD-1'] });
    const institution = (externalId: string) => ({
      from: { payment_institution: { external_id: externalId, real_external_id: 'ignored' } },
    });
    const real = async (externalId: string) =>
      (await submit(minimal(institution(externalId)))).from.payment_institution.real_external_id;

    expect(await real('LEG-55501')).toBe('KA-1');
    expect(await real('CRD-1')).toBe('KA-1');
    const derived = await real('alias:acct-9');
    expect(derived).toMatch(/^RID-[0-9A-F]{16}$/);
    expect(await real('alias:acct-9')).toBe(derived);
    expect(await real('alias:acct-10')).not.toBe(derived);
    expect(await real('IBAN-PLAIN')).toBe('IBAN-PLAIN');
    expect(await real('KA-1')).toBe('KA-1');
    // Saving the customer with other aliases: the old one no longer stands for it.
    await saveCustomer({ external_id: 'KA-1', alias_ids: ['LEG-55502'] });
    expect(await real('LEG-55501')).toBe('LEG-55501');
    expect(await real('LEG-55502')).toBe('KA-1');
    // A generated customer's aliases resolve too.
    const generated = t.sandbox.db
      .prepare('SELECT alias, external_id AS externalId FROM customer_aliases LIMIT 1')
      .get() as { alias: string; externalId: string } | undefined;
    expect(generated).toBeDefined();
    expect(await real(generated?.alias ?? '')).toBe(generated?.externalId);
  });

  it("links the customers its participants name, by their service ids, and notes it on each one's timeline", async () => {
    const sender = await saveCustomer({ external_id: 'KC-1' });
    const aliased = await saveCustomer({ external_id: 'KC-2', alias_ids: ['LEG-66601'] });
    const byInternal = await saveCustomer({ external_id: 'KC-3' });
    const linked = async (from: object, to: object) =>
      (await submit(minimal({ from, to }))).customers;

    expect(await linked({ external_id: 'KC-1' }, { external_id: 'nobody' })).toEqual([sender]);
    expect(await linked({ external_id: 'nobody' }, { external_id: 'LEG-66601' })).toEqual([
      aliased,
    ]);
    expect(await linked({ payment_institution: { internal_customer_id: byInternal } }, {})).toEqual(
      [byInternal],
    );
    expect(
      await linked(
        { external_id: 'KC-1' },
        { external_id: 'LEG-66601', payment_institution: { internal_customer_id: byInternal } },
      ),
    ).toEqual([sender, aliased, byInternal]);
    // The same customer on both sides is listed once.
    expect(
      await linked(
        { external_id: 'KC-1' },
        { payment_institution: { internal_customer_id: 'KC-1' } },
      ),
    ).toEqual([sender]);
    expect(await linked({ full_name: 'KC-1' }, { external_id: 'alias:KC-1' })).toEqual([]);

    const events = TimelineShape.parse(
      (await t.call('GET', '/api/v1/customers/KC-2/timeline')).json(),
    ).filter((event) => event.EventType === 'kyt_transaction');
    expect(events).toHaveLength(2);
    expect(events[0]?.Description).toMatch(/score \d+/);
  });

  it.each([
    ['a missing amount', { amount: undefined }, /^amount: required/],
    ['a non-numeric amount', { amount: '12.50' }, /^amount: must be the amount, a number/],
    ['a negative amount', { amount: -5 }, /^amount: must not be negative/],
    ['a missing currency', { currency: undefined }, /^currency: required/],
    [
      'an unknown currency',
      { currency: 'XYZ' },
      /^currency: unknown currency "XYZ": use one of EUR, USD/,
    ],
    [
      'a malformed date',
      { date: '31/01/2026' },
      /^date: must be an ISO 8601 date-time with a UTC offset/,
    ],
    ['a date without offset', { date: '2026-01-31T10:00:00' }, /^date: must be an ISO 8601/],
    ['a missing sender', { from: undefined }, /^from: required: the sender, a Participant object/],
    ['a missing receiver', { to: undefined }, /^to: required: the receiver, a Participant object/],
    ['a sender that is not an object', { from: 'Ann' }, /^from: must be the sender/],
    ['a missing external id', { external_id: undefined }, /^external_id: required/],
    [
      'a device field of the wrong type',
      { from: { device: { '2fa': 'yes' } } },
      /^from\.device\.2fa: /,
    ],
  ])('refuses %s with the default error body naming the field', async (_name, change, message) => {
    const externalId = nextId('bad');
    const body: Record<string, unknown> = { ...minimal({ external_id: externalId }), ...change };
    const response = await t.call('POST', PATH, { body });
    expect(response.status).toBe(400);
    const { errors } = ErrorBodyShape.parse(response.json());
    const current = errors.find((error) => !error.deprecated);
    expect(current?.code).toBe('validation.invalid_body');
    expect(current?.message).toMatch(message);
    expect(errors.find((error) => error.deprecated)).toMatchObject({
      code: 'ERR_BAD_REQUEST',
      will_be_deprecated: true,
    });
    expect(stored(externalId)).toBe(0);
  });

  it('names every bad field at once', async () => {
    const response = await t.call('POST', PATH, {
      body: { external_id: 'x', amount: 'ten', currency: 'EURO', date: 'today', to: {} },
    });
    const message = ErrorBodyShape.parse(response.json()).errors[0]?.message ?? '';
    for (const field of ['amount', 'currency', 'date', 'from'])
      expect(message).toContain(`${field}:`);
    const notAnObject = await t.call('POST', PATH, { body: [{ amount: 1 }] });
    expect(notAnObject.status).toBe(400);
    expect(ErrorBodyShape.parse(notAnObject.json()).errors[1]?.message).toMatch(
      /^body: must be a KYT transaction, a JSON object, not an array/,
    );
  });

  it('accepts currencies of the rate table in any case, and gives them in capitals', async () => {
    const answer = await submit(minimal({ currency: 'btc', amount: 0.5 }));
    expect(answer.currency).toBe('BTC');
    expect(answer.converted_amount).toBe(29_000);
  });

  it('makes each score from its rules by the documented formula, and its state from the score', async () => {
    const country = fc.constantFrom('DE', 'FR', 'AF', 'KP', 'KY', 'BR', 'VE');
    const device = fc.record(
      {
        '2fa': fc.boolean(),
        '3ds': fc.boolean(),
        country,
        session_duration: fc.integer({ min: 0, max: 400 }),
      },
      { requiredKeys: [] },
    );
    const party = fc.record(
      {
        domicile_code: country,
        device,
        payment_method: fc.record({ type: fc.constantFrom('card', 'transfer'), country }),
        payment_institution: fc.record({ country }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    const sender = fc.constantFrom('PF-1', 'PF-2', 'PF-3');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amount: fc.oneof(
            fc.integer({ min: 0, max: 120_000 }),
            fc.double({ min: 0, max: 1e7, noNaN: true }),
          ),
          currency: fc.constantFrom('EUR', 'USD', 'GBP', 'JPY', 'BTC'),
          from: party,
          senderId: sender,
          to: party,
          crypto: fc.boolean(),
        }),
        async ({ senderId, crypto, from, ...rest }) => {
          const answer = await submit({
            ...minimal(rest),
            from: { ...from, external_id: senderId },
            ...(crypto ? { crypto: { blockchain: 'bitcoin', tx_hash: 'ab' } } : {}),
          });
          expect(answer.score).toBe(documentedScore(answer.rules));
          expect(answer.state.code).toBe(documentedState(answer.score));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('adds a part no rule accounts for while the scoring is opaque', async () => {
    expect((await t.call('PUT', '/__sandbox/kyt/scoring', { body: { opaque: true }, token: null })).status).toBe(401); // prettier-ignore
    expect((await t.call('PUT', '/__sandbox/kyt/scoring', { body: { opaque: 'yes' } })).status).toBe(400); // prettier-ignore
    const body = (externalId: string) =>
      minimal({ external_id: externalId, amount: 20_000, from: { external_id: 'OPQ-1' } });
    const plain = await submit(body(nextId('plain')));
    const switched = await t.call('PUT', '/__sandbox/kyt/scoring', { body: { opaque: true } });
    expect(switched.json()).toEqual({ opaque: true });
    expect((await t.call('GET', '/__sandbox/kyt/scoring')).json()).toEqual({ opaque: true });

    const opaque = await submit(body(nextId('opaque')));
    expect(opaque.rules).toEqual(plain.rules);
    expect(documentedScore(opaque.rules)).toBe(plain.score);
    expect(opaque.score).toBe(Math.min(100, plain.score + 7));
    expect(opaque.state.code).toBe(documentedState(opaque.score));
    const capped = await submit(minimal({ to: { domicile_code: 'KP' } }));
    expect(capped.score).toBe(100);

    await t.call('PUT', '/__sandbox/kyt/scoring', { body: { opaque: false } });
    const again = await submit(body(nextId('again')));
    expect(again.score).toBe(documentedScore(again.rules));
  });

  it("scores velocity from the sender's day, under any of its ids, and reads it through the indexes", async () => {
    await saveCustomer({ external_id: 'KV-1', alias_ids: ['LEG-77701'] });
    const at = (minute: number) => new Date(Date.UTC(2026, 1, 10, 9, minute)).toISOString();
    const velocity = (answer: KytTransactionAnswer) =>
      answer.rules.find((rule) => rule.code === 'VELOCITY')?.score;
    for (let minute = 0; minute < 5; minute += 1) {
      const answer = await submit(
        minimal({ date: at(minute), from: { external_id: minute % 2 ? 'LEG-77701' : 'KV-1' } }),
      );
      expect(velocity(answer)).toBe(0);
    }
    const sixth = await submit(minimal({ date: at(5), from: { external_id: 'LEG-77701' } }));
    expect(velocity(sixth)).toBe(60);
    const nextDay = await submit(
      minimal({ date: '2026-02-11T10:00:00Z', from: { external_id: 'KV-1' } }),
    );
    expect(velocity(nextDay)).toBe(0);
    const other = await submit(minimal({ date: at(6), from: { external_id: 'KV-2' } }));
    expect(velocity(other)).toBe(0);

    const plan = (sql: string) =>
      (
        t.sandbox.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('id:KV-1', 0, 1, 10) as Array<{
          detail: string;
        }>
      )
        .map((row) => row.detail)
        .join(' | ');
    expect(plan(HISTORY_SQL.recent)).toMatch(
      /SEARCH kyt_transactions USING COVERING INDEX kyt_by_sender /,
    );
    expect(plan(HISTORY_SQL.nearThreshold)).toMatch(
      /SEARCH kyt_transactions USING COVERING INDEX kyt_near_threshold_by_sender /,
    );
    // Newest first straight off the index: no sort of the sender's whole day.
    for (const sql of Object.values(HISTORY_SQL)) expect(plan(sql)).not.toMatch(/TEMP B-TREE/);
  });

  it('cuts the answer of a dropped connection after storing the transaction', async () => {
    await t.call('PUT', '/__sandbox/faults', { body: { dropRate: 1 } });
    const externalId = nextId('dropped');
    const result = await postRaw(
      t.sandbox.baseUrl,
      t.sandbox.token,
      minimal({ external_id: externalId }),
    );
    expect(result.cut).toBe(true);
    expect(result.status).toBe(200);
    expect(stored(externalId)).toBe(1);

    await t.call('PUT', '/__sandbox/faults', { body: { dropRate: 0, malformedRate: 1 } });
    const malformedId = nextId('malformed');
    const malformed = await postRaw(
      t.sandbox.baseUrl,
      t.sandbox.token,
      minimal({ external_id: malformedId }),
    );
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text) as unknown).toThrow();
    expect(stored(malformedId)).toBe(1);
  });

  it('refuses a 429 storm before doing anything, with Retry-After', async () => {
    await t.call('PUT', '/__sandbox/faults', {
      body: { throttleRate: 1, retryAfterSeconds: 3 },
    });
    const ids = [nextId('storm'), nextId('storm'), nextId('storm')];
    const results = await Promise.all(
      ids.map((externalId) =>
        postRaw(t.sandbox.baseUrl, t.sandbox.token, minimal({ external_id: externalId })),
      ),
    );
    for (const result of results) {
      expect(result.status).toBe(429);
      expect(result.retryAfter).toBe('3');
      expect(ErrorBodyShape.parse(JSON.parse(result.text)).errors.at(-1)?.code).toBe(
        'rate_limit.exceeded',
      );
    }
    for (const externalId of ids) expect(stored(externalId)).toBe(0);
  });
});
