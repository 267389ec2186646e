import { describe, expect, it } from 'vitest';
import {
  RAW_ANSWER_MAX_CHARS,
  answerBrief,
  answerView,
  stateView,
  type ResolveCustomer,
} from '../../../main/kyt/kyt-answer';
import { planState, rule } from '../../support/kyt-readers';

/** An answer with every response field of the interface, as the plan's sandbox sends it. */
function fullAnswer() {
  return {
    id: 'txn_01HZX',
    amount: 12_500,
    currency: 'EUR',
    date: '2026-11-27T14:30:00+01:00',
    external_id: 'cd-0001',
    label: 'Invoice 7731',
    review_groups: ['payments'],
    client_id: 42,
    converted_amount: 12_500,
    converted_currency: 'EUR',
    converted_date: '2026-11-27T13:30:00Z',
    customers: ['cus_1001', 'C-2002'],
    rules: [rule('HIGH_RISK_COUNTRY', 100, 40)],
    score: 62,
    search_vector: ['anna', 'berg'],
    state: planState(62),
    from: {
      account_type: 'individual',
      domicile_code: 'SE',
      external_id: 'C-1001',
      full_name: 'Anna Berg',
      device: {
        '2fa': false,
        '3ds': true,
        country: 'SE',
        ip: '192.0.2.10',
        session_duration: 12.5,
        user_agent: 'Mozilla/5.0',
      },
      payment_institution: {
        code: 'EXBK',
        country: 'SE',
        external_id: 'alias-77',
        real_external_id: 'C-2002',
        name: 'Example Bank',
      },
      payment_method: { code: 'VISA', country: 'SE', type: 'card' },
    },
    to: { full_name: 'Nordic Parts AB', external_id: 'C-2002' },
  };
}

const known: Record<string, { externalId: string; name: string }> = {
  cus_1001: { externalId: 'C-1001', name: 'Anna Berg' },
  'C-2002': { externalId: 'C-2002', name: 'Nordic Parts AB' },
};
const resolve: ResolveCustomer = (id) => known[id] ?? null;

describe('answerBrief', () => {
  it('reads what lists and filters need from a full answer', () => {
    expect(answerBrief(fullAnswer())).toEqual({
      serviceId: 'txn_01HZX',
      score: 62,
      state: {
        text: 'Under review',
        code: 'review',
        members: [
          { key: 'code', value: '"review"' },
          { key: 'label', value: '"Under review"' },
        ],
      },
      convertedAmount: 12_500,
      convertedCurrency: 'EUR',
      customers: ['cus_1001', 'C-2002'],
    });
  });

  it('takes numbers sent as text, and nothing that is not a finite number', () => {
    const brief = answerBrief({ id: 17, score: '46.5', converted_amount: '1e999' });
    expect(brief).toMatchObject({ serviceId: '17', score: 46.5, convertedAmount: null });
    for (const score of ['', ' ', 'abc', '0x1F', 'NaN', 'Infinity', true, [], {}, null]) {
      expect(answerBrief({ score }).score).toBeNull();
    }
  });

  it('keeps each customer once, in the order sent, and only ids', () => {
    const brief = answerBrief({ customers: ['b', 'a', 'b', 7, null, { id: 'x' }, true, ''] });
    expect(brief.customers).toEqual(['b', 'a', '7']);
  });

  it('answers nothing known for an answer that is not an object', () => {
    for (const raw of [undefined, null, 'scored', 62, [], [fullAnswer()]]) {
      expect(answerBrief(raw)).toEqual({
        serviceId: null,
        score: null,
        state: null,
        convertedAmount: null,
        convertedCurrency: null,
        customers: [],
      });
    }
  });
});

describe('stateView', () => {
  it('names a state by its label, else its name, code or description, else its JSON', () => {
    expect(stateView({ code: 'blocked', label: 'Blocked' })?.text).toBe('Blocked');
    expect(stateView({ code: 'blocked', label: '', name: 'Stopped' })?.text).toBe('Stopped');
    expect(stateView({ code: 3, level: 'high' })).toEqual({
      text: '3',
      code: '3',
      members: [
        { key: 'code', value: '3' },
        { key: 'level', value: '"high"' },
      ],
    });
    expect(stateView({ description: 'Held for review' })?.text).toBe('Held for review');
    expect(stateView({ level: 2, flags: ['a'] })).toEqual({
      text: '{"level":2,"flags":["a"]}',
      code: null,
      members: [
        { key: 'level', value: '2' },
        { key: 'flags', value: '["a"]' },
      ],
    });
  });

  it('keeps a code of any type as text, and the members in the order received', () => {
    const state = stateView({ zeta: null, code: { id: 9 }, alpha: true });
    expect(state?.code).toBe('{"id":9}');
    expect(state?.members.map((member) => member.key)).toEqual(['zeta', 'code', 'alpha']);
    expect(state?.members[0]?.value).toBe('null');
  });

  it('takes a bare string or number as its own text', () => {
    expect(stateView('blocked')).toEqual({ text: 'blocked', code: null, members: [] });
    expect(stateView(2)).toEqual({ text: '2', code: null, members: [] });
  });

  it('shows a state text exactly as sent: no trimming, markup and bidi controls untouched', () => {
    const label = '  <b>Blocked</b> \u202Egnp.exe\u202C ';
    expect(stateView({ label })?.text).toBe(label);
  });

  it('answers null when there is no state', () => {
    expect(stateView(undefined)).toBeNull();
    expect(stateView(null)).toBeNull();
  });

  it('cuts a huge member with a note instead of carrying it whole', () => {
    const state = stateView({ label: 'x'.repeat(50_000) });
    expect(state?.text.length).toBeLessThan(11_000);
    expect(state?.text).toMatch(/… \(cut: 50,000 characters\)$/);
  });
});

describe('answerView', () => {
  it('echoes each participant field with the form labels, in the form order', () => {
    const view = answerView(fullAnswer(), resolve);
    expect(view.from?.fields).toEqual([
      { path: 'from.full_name', label: 'Sender full name', value: 'Anna Berg' },
      { path: 'from.external_id', label: 'Sender external id', value: 'C-1001' },
      { path: 'from.account_type', label: 'Sender account type', value: 'individual' },
      { path: 'from.domicile_code', label: 'Sender domicile', value: 'SE' },
      { path: 'from.device.2fa', label: 'Sender device 2FA', value: 'false' },
      { path: 'from.device.3ds', label: 'Sender device 3DS', value: 'true' },
      { path: 'from.device.country', label: 'Sender device country', value: 'SE' },
      { path: 'from.device.ip', label: 'Sender device IP', value: '192.0.2.10' },
      {
        path: 'from.device.session_duration',
        label: 'Sender session duration (s)',
        value: '12.5',
      },
      { path: 'from.device.user_agent', label: 'Sender user agent', value: 'Mozilla/5.0' },
      { path: 'from.payment_institution.code', label: 'Sender institution code', value: 'EXBK' },
      {
        path: 'from.payment_institution.country',
        label: 'Sender institution country',
        value: 'SE',
      },
      {
        path: 'from.payment_institution.external_id',
        label: 'Sender institution external id',
        value: 'alias-77',
      },
      {
        path: 'from.payment_institution.real_external_id',
        label: 'Sender institution real external id',
        value: 'C-2002',
      },
      {
        path: 'from.payment_institution.name',
        label: 'Sender institution name',
        value: 'Example Bank',
      },
      { path: 'from.payment_method.code', label: 'Sender payment method code', value: 'VISA' },
      {
        path: 'from.payment_method.country',
        label: 'Sender payment method country',
        value: 'SE',
      },
      { path: 'from.payment_method.type', label: 'Sender payment method type', value: 'card' },
    ]);
    expect(view.to?.fields.map((field) => field.label)).toEqual([
      'Receiver full name',
      'Receiver external id',
    ]);
  });

  it('lists members the interface does not name by their path, after the known ones', () => {
    const view = answerView(
      {
        id: 't',
        to: {
          risk: { band: 'high' },
          full_name: 'Nordic Parts AB',
          tags: ['a', 'b'],
          device: { ip: '198.51.100.7', carrier: 'Tele2', '2fa': null },
          payment_method: null,
        },
      },
      resolve,
    );
    expect(view.to?.fields).toEqual([
      { path: 'to.full_name', label: 'Receiver full name', value: 'Nordic Parts AB' },
      { path: 'to.device.ip', label: 'Receiver device IP', value: '198.51.100.7' },
      { path: 'to.risk.band', label: 'to.risk.band', value: 'high' },
      { path: 'to.tags', label: 'to.tags', value: '["a","b"]' },
      { path: 'to.device.carrier', label: 'to.device.carrier', value: 'Tele2' },
    ]);
  });

  it('keeps participant strings exactly as sent', () => {
    const name = ' Ａnna\u200F <i>Berg</i>\n';
    const view = answerView({ id: 't', from: { full_name: name } }, resolve);
    expect(view.from?.fields[0]?.value).toBe(name);
  });

  it('shows a participant that is not an object as its JSON, and none when absent', () => {
    const view = answerView({ id: 't', from: 'C-1001', to: null }, resolve);
    expect(view.from?.fields).toEqual([{ path: 'from', label: 'Sender', value: 'C-1001' }]);
    expect(view.to).toBeNull();
  });

  it('links the customers the cache knows and keeps the others unnamed', () => {
    const view = answerView({ id: 't', customers: ['cus_1001', 'C-9999'] }, resolve);
    expect(view.customers).toEqual([
      { id: 'cus_1001', externalId: 'C-1001', name: 'Anna Berg' },
      { id: 'C-9999', externalId: null, name: null },
    ]);
  });

  it('keeps the customers unnamed when the cache cannot be read', () => {
    const failing: ResolveCustomer = () => {
      throw new Error('cache closed');
    };
    expect(answerView({ customers: ['cus_1001'] }, failing).customers).toEqual([
      { id: 'cus_1001', externalId: null, name: null },
    ]);
  });

  it('reads every other response field', () => {
    const view = answerView(fullAnswer(), resolve);
    expect(view).toMatchObject({
      serviceId: 'txn_01HZX',
      score: 62,
      convertedAmount: 12_500,
      convertedCurrency: 'EUR',
      convertedDate: '2026-11-27T13:30:00Z',
      clientId: 42,
      searchVector: ['anna', 'berg'],
    });
    expect(view.state?.text).toBe('Under review');
  });

  it('keeps the whole answer as pretty JSON', () => {
    const raw = fullAnswer();
    expect(answerView(raw, resolve).raw).toBe(JSON.stringify(raw, null, 2));
  });

  it('cuts a huge answer at about 200 KB and says it is kept whole', () => {
    const raw = { id: 't', comment: 'é'.repeat(300_000) };
    const text = answerView(raw, resolve).raw;
    expect(text.startsWith('{\n  "id": "t",\n  "comment": "éé')).toBe(true);
    expect(text.length).toBeLessThan(RAW_ANSWER_MAX_CHARS + 200);
    const length = JSON.stringify(raw, null, 2).length;
    expect(text).toContain(
      `cut here: the answer is ${length.toLocaleString('en')} characters long as JSON`,
    );
    expect(text).toContain('CaseDesk keeps it whole in the local store.');
  });

  it('never splits a surrogate pair where it cuts', () => {
    const raw = '😀'.repeat(RAW_ANSWER_MAX_CHARS);
    const text = answerView(raw, resolve).raw;
    const kept = text.slice(0, text.indexOf('\n…'));
    expect(kept.length % 2).toBe(1); // the opening quote, then whole pairs
    expect(kept.endsWith('😀')).toBe(true);
  });

  it('answers an empty view for an answer that is not an object, with the answer shown', () => {
    const view = answerView(['odd'], resolve);
    expect(view).toMatchObject({
      serviceId: '',
      score: null,
      state: null,
      customers: [],
      from: null,
      to: null,
      searchVector: [],
    });
    expect(view.raw).toBe('[\n  "odd"\n]');
    expect(answerView(undefined, resolve).raw).toBe('');
  });
});
