import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  KytComparison,
  KytExplanation,
  KytParticipantChoice,
  KytRuleView,
  KytSubmissionDetail,
  KytSubmissionSummary,
  Result,
} from '../../../preload/contract';
import { KytListFilter } from '../../../preload/contract/kyt';

// How the KYT screens read where an investigator depends on them: the explanation never invents
// one, a submission in doubt offers both decisions, changes are named in words, service strings
// stay text; and the form opens prefilled from what main answers (a scripted bridge here).

interface ScriptedBridge {
  participants: unknown[];
  detail: unknown;
  calls: Array<{ method: string; input: unknown }>;
}

const bridge = vi.hoisted((): ScriptedBridge => ({ participants: [], detail: null, calls: [] }));

vi.mock('../../../renderer/src/lib/api', () => {
  class BridgeCallError extends Error {
    constructor(
      readonly code: string,
      message: string,
      readonly fields?: Record<string, string>,
    ) {
      super(message);
    }
  }
  const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
  return {
    api: {
      kyt: {
        participants: (input: unknown) => {
          bridge.calls.push({ method: 'participants', input });
          return ok(bridge.participants);
        },
        get: (input: unknown) => {
          bridge.calls.push({ method: 'get', input });
          return ok(bridge.detail);
        },
        onChanged: () => () => undefined,
      },
      cache: { onChanged: () => () => undefined },
    },
    BridgeCallError,
    unwrap: async <T>(pending: Promise<Result<T>>) => {
      const result = await pending;
      if (result.ok) return result.value;
      throw new BridgeCallError(result.error.code, result.error.message);
    },
    errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
    fieldErrors: () => ({}),
  };
});

// The navigation store behind record links reads the window's address when first imported.
vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

const { BridgeCallError } = (await import('../../../renderer/src/lib/api')) as unknown as {
  BridgeCallError: new (code: string, message: string) => Error;
};
const { RulesTable } = await import('../../../renderer/src/features/kyt/RulesTable');
const { ExplanationView } = await import('../../../renderer/src/features/kyt/ExplanationView');
const { SubmissionList } = await import('../../../renderer/src/features/kyt/SubmissionList');
const { StatusPanel } = await import('../../../renderer/src/features/kyt/StatusPanel');
const { AnswerFacts, StateText } = await import('../../../renderer/src/features/kyt/AnswerView');
const { orderedRules } = await import('../../../renderer/src/features/kyt/CompareScreen');
const { changeText, ruleSideText, contributionText } =
  await import('../../../renderer/src/features/kyt/kyt-rules');
const { requestRows } = await import('../../../renderer/src/features/kyt/kyt-request');
const { cleanKytFilter, changedFilter, rangeProblems, pageText } =
  await import('../../../renderer/src/features/kyt/kyt-filter');
const { statusSentence, inDoubtText, STATUSES, statusLabel } =
  await import('../../../renderer/src/features/kyt/kyt-status');
const { draftFor } = await import('../../../renderer/src/features/kyt/kyt-prefill');
const { useKytDrafts, draftKey } = await import('../../../renderer/src/features/kyt/kyt-drafts');
const { submitErrorText, isLostAnswer } =
  await import('../../../renderer/src/features/kyt/kyt-errors');
const { pickerStatus } = await import('../../../renderer/src/features/kyt/ParticipantPicker');
const { formatAmount, formatScoreChange } =
  await import('../../../renderer/src/features/kyt/kyt-format');
const { api } = await import('../../../renderer/src/lib/api');

const RLO = '\u202E';

function rule(patch: Partial<KytRuleView>): KytRuleView {
  return {
    code: 'AMOUNT_THRESHOLD',
    active: true,
    score: 60,
    weight: 30,
    useWeight: true,
    role: 'weighted',
    fired: true,
    contribution: 30,
    ...patch,
  };
}

function summary(patch: Partial<KytSubmissionSummary> = {}): KytSubmissionSummary {
  return {
    id: 's1',
    serviceId: 'kyt_1',
    externalId: 'cd-1',
    status: 'scored',
    statusReason: null,
    createdAt: '2026-11-24T09:00:00Z',
    settledAt: '2026-11-24T09:00:01Z',
    amount: 1250.5,
    currency: 'EUR',
    date: '2026-11-24T10:00:00+01:00',
    label: 'Invoice 12',
    fromName: 'Anna Lind',
    fromExternalId: 'C-1',
    toName: null,
    toExternalId: 'C-2',
    customers: [],
    score: 45,
    state: { text: 'Under review', code: 'review', members: [] },
    convertedAmount: 1250.5,
    convertedCurrency: 'EUR',
    basedOnId: null,
    batch: null,
    ...patch,
  };
}

function detail(patch: Partial<KytSubmissionSummary> = {}): KytSubmissionDetail {
  return {
    summary: summary(patch),
    request: { amount: 1250.5, currency: 'EUR', external_id: 'cd-1', from: {}, to: {} },
    answer: null,
    explanation: null,
    outboxItemId: null,
  };
}

const render = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(element);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the rules table', () => {
  it('says in words which rules fired, how each counts and what it adds; an inactive one is ignored', () => {
    const html = render(
      createElement(RulesTable, {
        rules: [
          rule({}),
          rule({ code: 'NO_2FA', score: 0, fired: false, contribution: 0 }),
          rule({ code: 'SANCTIONS', useWeight: false, role: 'unweighted', contribution: 0 }),
          rule({ code: 'OLD', active: false, role: 'inactive', fired: false, contribution: null }),
          rule({ code: 'ODD', active: null, weight: null, role: 'unclear', contribution: null }),
        ],
      }),
    );
    const words = text(html);
    expect(words).toContain('AMOUNT_THRESHOLD Fired Yes 60 30 Yes Weighted 30 points');
    expect(words).toContain('NO_2FA Yes 0 30 Yes Weighted 0 points');
    expect(words).toContain('SANCTIONS Fired Yes 60 30 No Counts on its own 0 points');
    expect(words).toContain('OLD No 60 30 Yes Inactive: scored, ignored Ignored');
    expect(words).toContain('ODD Fired — 60 — Yes Unclear —');
  });

  it('keeps a hostile rule code as isolated text', () => {
    const html = render(createElement(RulesTable, { rules: [rule({ code: `<b>x</b>${RLO}` })] }));
    expect(html).not.toContain('<b>x');
    expect(html).toContain('&lt;b&gt;x');
    // In text (an attribute holding it changes nothing on screen).
    expect(text(html)).not.toContain(RLO);
    expect(html).toMatch(/<bdi dir="auto"/);
  });
});

describe('the explanation', () => {
  const explanation = (patch: Partial<KytExplanation>): KytExplanation => ({
    rules: [rule({})],
    outcome: 'accounted',
    method: 'weighted mean of the active weighted rules',
    computedScore: 44.6,
    text: 'The weighted mean of the active weighted rules gives 44.6, rounded to 45.',
    ...patch,
  });

  it('when the rules do not account for the score, says so plainly and offers no method', () => {
    const html = render(
      createElement(ExplanationView, {
        explanation: explanation({
          outcome: 'unaccounted',
          method: null,
          computedScore: null,
          text: 'No known combination of these rules gives 45.',
        }),
        score: 45,
      }),
    );
    expect(html).toContain('data-testid="kyt-unaccounted"');
    expect(text(html)).toContain('The rules do not account for this score');
    expect(text(html)).toContain('gives the score of 45 the service answered');
    expect(html).not.toContain('kyt-explanation-method');
    expect(html).toContain('data-testid="kyt-rules"');
  });

  it('when they do, names the method and what the rules give before rounding, with no warning', () => {
    const html = render(
      createElement(ExplanationView, { explanation: explanation({}), score: 45 }),
    );
    expect(html).not.toContain('kyt-unaccounted');
    expect(text(html)).toContain('Found by: weighted mean of the active weighted rules');
    expect(text(html)).toContain('the rules give 44.6 before the service’s rounding');
  });

  it('an answer without rules says it carried none', () => {
    const html = render(
      createElement(ExplanationView, {
        explanation: explanation({ rules: [], outcome: 'no-rules', method: null }),
        score: 45,
      }),
    );
    expect(html).toContain('data-testid="kyt-no-rules"');
    expect(html).not.toContain('kyt-unaccounted');
  });
});

describe('a submission in doubt', () => {
  const panel = (status: KytSubmissionSummary['status'], reason: string | null = null) =>
    render(
      createElement(StatusPanel, {
        detail: detail({ status, statusReason: reason }),
        deciding: null,
        decideError: null,
        onDecide: () => undefined,
      }),
    );

  it('offers both decisions, says why it is in doubt and that CaseDesk never re-sends it alone', () => {
    const html = panel('in-doubt', 'The connection closed after the request went out.');
    expect(html).toContain('data-testid="kyt-send-again"');
    expect(html).toContain('data-testid="kyt-mark-sent"');
    expect(text(html)).toContain('never sends it again by itself');
    expect(text(html)).toContain('The connection closed after the request went out.');
  });

  it('offers no decision once settled, or while waiting', () => {
    for (const status of STATUSES.filter((known) => known !== 'in-doubt')) {
      const html = panel(status);
      expect(html).not.toContain('kyt-send-again');
      expect(html).not.toContain('kyt-mark-sent');
      expect(text(html)).toContain(statusLabel(status));
    }
  });

  it('a refusal quotes the service and says nothing was stored there', () => {
    const html = panel('refused', 'currency: unknown code');
    expect(text(html)).toContain('it was not stored there');
    expect(text(html)).toContain('The service said: currency: unknown code');
  });

  it('waiting says where it waits: the outbox, or its batch', () => {
    expect(statusSentence({ status: 'waiting', batch: null })).toMatch(/outbox/);
    expect(statusSentence({ status: 'waiting', batch: { id: 'b', line: 3 } })).toMatch(/batch/);
    expect(inDoubtText(3)).toBe('3 submissions are in doubt: decide for each');
    expect(inDoubtText(1)).toBe('1 submission is in doubt: decide what to do with it');
  });
});

describe('the list of submissions', () => {
  it('shows each as text with its status in words, parties isolated', () => {
    const html = render(
      createElement(SubmissionList, {
        submissions: [
          summary({ status: 'in-doubt', score: null, state: null, toName: `Ali${RLO}evil` }),
          summary({ id: 's2', label: null, externalId: 'cd-2', basedOnId: 's1' }),
        ],
        selected: 0,
        onSelect: () => undefined,
        label: 'Kept KYT submissions',
      }),
    );
    expect(text(html)).toContain('In doubt');
    expect(text(html)).toContain('Scored');
    expect(html).toContain('data-submission-id="s2"');
    expect(text(html)).toContain('cd-2');
    expect(text(html)).toContain('What-if of another submission');
    expect(html).not.toContain(RLO);
    expect(html).toContain('>RLO</abbr>');
    expect(html).toContain('aria-selected="true"');
  });
});

describe('an answer', () => {
  it('links the customers the cache knows and names the others as not cached', () => {
    const html = render(
      createElement(AnswerFacts, {
        answer: {
          serviceId: 'kyt_9',
          score: 45,
          state: { text: 'Under review', code: 'review', members: [] },
          convertedAmount: 1100,
          convertedCurrency: 'USD',
          convertedDate: '2026-11-24T09:00:00Z',
          clientId: 1,
          customers: [
            { id: 'svc-1', externalId: 'C-1', name: 'Anna Lind' },
            { id: 'svc-2', externalId: null, name: null },
          ],
          from: null,
          to: null,
          searchVector: [],
          raw: '{}',
        },
      }),
    );
    expect(html).toContain('href="#/customer/C-1"');
    expect(text(html)).toContain('svc-2 (not in the cache)');
    expect(text(html)).toContain('1,100 USD');
  });

  it('keeps the state’s members for who asks, as received', () => {
    const html = render(
      createElement(StateText, {
        state: {
          text: 'Blocked',
          code: 'blocked',
          members: [
            { key: 'code', value: '"blocked"' },
            { key: 'why', value: '"<i>x</i>"' },
          ],
        },
      }),
    );
    expect(html).toContain('<details');
    expect(html).toContain('&quot;&lt;i&gt;x&lt;/i&gt;&quot;');
  });
});

describe('a comparison', () => {
  const side = (patch: Partial<KytRuleView>) => rule(patch);
  const rules: KytComparison['rules'] = [
    { code: 'SAME', a: side({}), b: side({}), change: 'same' },
    { code: 'SCORE', a: side({ score: 10 }), b: side({ score: 20 }), change: 'score' },
    {
      code: 'HIGH_RISK',
      a: side({ fired: false, score: 0 }),
      b: side({}),
      change: 'started-firing',
    },
    { code: 'GONE', a: side({}), b: side({ fired: false, score: 0 }), change: 'stopped-firing' },
  ];

  it('lists the rules that fire differently first, then other changes, then the same', () => {
    expect(orderedRules(rules).map((entry) => entry.code)).toEqual([
      'HIGH_RISK',
      'GONE',
      'SCORE',
      'SAME',
    ]);
  });

  it('names every change and each side in words', () => {
    for (const change of [
      'started-firing',
      'stopped-firing',
      'score',
      'weight',
      'same',
      'only-a',
      'only-b',
    ] as const)
      expect(changeText(change)).toMatch(/^[A-Z][a-z]/);
    expect(ruleSideText(side({ fired: false, score: 0 }))).toBe('Did not fire, score 0, weight 30');
    expect(ruleSideText(null)).toBe('Not in this answer');
    expect(contributionText(side({ role: 'inactive', contribution: null }))).toBe('Ignored');
    expect(formatScoreChange(44)).toBe('+44');
    expect(formatScoreChange(-5)).toBe('−5');
    expect(formatScoreChange(0)).toBe('no change');
    expect(formatScoreChange(null)).toBe('not comparable');
  });
});

describe('the request as sent', () => {
  it('reads field by field by the interface’s names, custom fields and unknown members too', () => {
    const rows = requestRows({
      amount: 10,
      currency: 'EUR',
      external_id: 'cd-1',
      review_groups: ['eu', 'retail'],
      fields: { channel: 'web', risk: { level: 2 } },
      from: { full_name: 'Anna', device: { '2fa': false } },
      to: { payment_institution: { real_external_id: 'BANK-1' } },
    });
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Amount', '10'],
      ['Currency', 'EUR'],
      ['Transaction id', 'cd-1'],
      ['Review groups', 'eu, retail'],
      ['Sender full name', 'Anna'],
      ['Sender device 2FA', 'No'],
      ['Custom field channel', 'web'],
      ['Custom field risk', '{"level":2}'],
      ['to.payment_institution.real_external_id', 'BANK-1'],
    ]);
  });
});

describe('the list filter from the address', () => {
  it('whatever the address holds, the filter it makes is one the bridge accepts', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        expect(KytListFilter.safeParse(cleanKytFilter(raw)).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            from: fc.string(),
            scoreMin: fc.oneof(fc.double(), fc.string()),
            status: fc.string(),
            offset: fc.oneof(fc.integer(), fc.double()),
            label: fc.string({ maxLength: 300 }),
          },
          { requiredKeys: [] },
        ),
        (raw) => {
          expect(KytListFilter.safeParse(cleanKytFilter(raw)).success).toBe(true);
        },
      ),
    );
  });

  it('keeps what it can read and drops what it cannot', () => {
    expect(
      cleanKytFilter({
        from: '2026-02-30',
        to: '2026-11-30',
        scoreMin: 40,
        scoreMax: Number.NaN,
        status: 'in-doubt',
        state: '  Blocked ',
        label: '',
        offset: 200,
        extra: 'x',
      }),
    ).toEqual({
      to: '2026-11-30',
      scoreMin: 40,
      status: 'in-doubt',
      state: 'Blocked',
      offset: 200,
    });
  });

  it('goes back to the first page when anything but the page changes', () => {
    expect(changedFilter({ label: 'a', offset: 100 }, { currency: 'EUR' })).toEqual({
      label: 'a',
      currency: 'EUR',
    });
    expect(changedFilter({ label: 'a' }, { offset: 100 })).toEqual({ label: 'a', offset: 100 });
    expect(changedFilter({ label: 'a', state: 'x' }, { state: undefined })).toEqual({ label: 'a' });
  });

  it('says when a range cannot match', () => {
    expect(
      rangeProblems({ from: '2026-11-30', to: '2026-11-01', scoreMin: 50, scoreMax: 10 }),
    ).toHaveLength(2);
    expect(
      rangeProblems({ from: '2026-11-01', to: '2026-11-01', scoreMin: 10, scoreMax: 10 }),
    ).toEqual([]);
    expect(pageText(100, 100, 1234)).toBe(`101–200 of ${(1234).toLocaleString()}`);
    expect(pageText(0, 0, 0)).toBe('0 of 0');
  });
});

describe('the form, opened from somewhere', () => {
  const now = new Date('2026-11-27T13:30:00Z');
  beforeEach(() => {
    bridge.participants = [];
    bridge.detail = null;
    bridge.calls = [];
  });

  it('from a customer’s page, fills that side from the cached customer', async () => {
    const choice: KytParticipantChoice = {
      externalId: 'C-1',
      name: 'Anna Lind',
      participant: { full_name: 'Anna Lind', domicile_code: 'SE', account_type: 'N' },
    };
    bridge.participants = [
      { externalId: 'C-10', name: 'Someone else', participant: { full_name: 'Someone else' } },
      choice,
    ];
    const draft = await draftFor({ to: 'C-1' }, api.kyt, now);
    expect(bridge.calls).toEqual([{ method: 'participants', input: { text: 'C-1', limit: 50 } }]);
    expect(draft.note).toBeNull();
    expect(draft.basedOnId).toBeNull();
    expect(draft.form.values).toMatchObject({
      'to.full_name': 'Anna Lind',
      'to.external_id': 'C-1',
      'to.domicile_code': 'SE',
      'to.account_type': 'N',
    });
    expect(Object.keys(draft.form.values).some((path) => path.startsWith('from.'))).toBe(false);
    expect(draft.form.values.date).toMatch(/^2026-11-27T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('with a customer the cache does not hold, fills its external id and says so', async () => {
    const draft = await draftFor({ from: 'C-404' }, api.kyt, now);
    expect(draft.form.values['from.external_id']).toBe('C-404');
    expect(draft.note).toMatch(/C-404 is not among the cached customers/);
  });

  it('as a what-if, starts from the kept request and remembers the original', async () => {
    bridge.detail = {
      ...detail({ id: 'orig' }),
      request: {
        amount: 900,
        currency: 'USD',
        external_id: 'cd-orig',
        label: 'Refund',
        from: { device: { country: 'SE' } },
        to: {},
      },
    };
    const draft = await draftFor({ duplicate: 'orig' }, api.kyt, now);
    expect(bridge.calls).toEqual([{ method: 'get', input: { id: 'orig' } }]);
    expect(draft.basedOnId).toBe('orig');
    expect(draft.form.values).toEqual({
      amount: '900',
      currency: 'USD',
      label: 'Refund',
      'from.device.country': 'SE',
    });
  });

  it('as a what-if of a submission not kept, starts empty and says why', async () => {
    const draft = await draftFor({ duplicate: 'gone' }, api.kyt, now);
    expect(draft.basedOnId).toBeNull();
    expect(draft.note).toMatch(/not kept here/);
  });

  it('keeps what was typed per place it was opened from, until it is submitted', () => {
    const { save, drop } = useKytDrafts.getState();
    const draft = {
      form: { values: { amount: '5' }, reviewGroups: [], custom: [] },
      basedOnId: null,
      note: null,
    };
    save(draftKey({ from: 'C-1' }), draft);
    expect(useKytDrafts.getState().drafts['from:C-1']).toBe(draft);
    expect(useKytDrafts.getState().drafts[draftKey(undefined)]).toBeUndefined();
    expect(draftKey({ duplicate: 'x' })).not.toBe(draftKey({ to: 'x' }));
    drop('from:C-1');
    expect(useKytDrafts.getState().drafts['from:C-1']).toBeUndefined();
  });
});

describe('what the screens say', () => {
  it('a lost answer says the transaction may be stored, and where to decide', () => {
    const lost = new BridgeCallError('outcome_unknown', 'The connection closed.');
    expect(isLostAnswer(lost)).toBe(true);
    const said = submitErrorText(lost);
    expect(said.title).toBe('It may be stored on the service');
    expect(said.text).toMatch(/in doubt/);
    expect(submitErrorText(new BridgeCallError('invalid_input', 'Bad body.'), 0).text).toBe(
      'Bad body.',
    );
    expect(submitErrorText(new BridgeCallError('invalid_input', 'Bad body.'), 2).text).toMatch(
      /beside them/,
    );
  });

  it('the participant picker says what it is doing', () => {
    expect(pickerStatus('', null, 'sender')).toMatch(/as the sender/);
    expect(pickerStatus('ann', null, 'sender')).toMatch(/Looking/);
    expect(pickerStatus('ann', { choices: [], problem: null }, 'sender')).toBe(
      'No cached customer matches.',
    );
    expect(pickerStatus('ann', { choices: null, problem: 'Offline.' }, 'sender')).toBe('Offline.');
  });

  it('an amount keeps its currency as written, crypto ones too', () => {
    expect(formatAmount(0.5, 'BTC')).toBe(`${(0.5).toLocaleString()} BTC`);
    expect(formatAmount(null, 'EUR')).toBe('—');
  });
});
