import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ImportLine } from '../../../preload/contract';
import {
  formOfDraft,
  problemsByField,
} from '../../../renderer/src/features/customers/customer-form';

// The whole-line editor's shapes: what is kept of a line edited in the form, whatever the form
// leaves unsaid. (The features' index files bring their screens: no bridge, no window here.)

vi.mock('../../../renderer/src/lib/api', () => ({
  api: {},
  BridgeCallError: class extends Error {},
  unwrap: () => Promise.reject(new Error('no bridge in this test')),
  errorMessage: (error: unknown) => String(error),
  fieldErrors: () => ({}),
}));
vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

const { customerOf, customerOfForm, relationFormOf, relationOfForm } =
  await import('../../../renderer/src/features/customer-import/line-editor-shapes');

const base: ImportLine = {
  line: 7,
  kind: 'customer',
  externalId: 'C-7',
  status: 'invalid',
  customer: null,
  relation: null,
  source: 'C-7;N;Anna',
  errors: [],
  warnings: [],
  customerId: null,
};

const customerLine = (customer: ImportLine['customer']): ImportLine => ({ ...base, customer });
const relationLine = (relation: ImportLine['relation']): ImportLine => ({
  ...base,
  kind: 'relation',
  externalId: 'R-1',
  relation,
});

describe('the whole-line editor: a customer line', () => {
  it('gives back the line unchanged when nothing is edited, contacts and custom fields included', () => {
    const line = customerLine({
      external_id: 'C-7',
      account_type: 'N',
      first_name: 'Anna',
      contacts: ['ops@example.com'],
      review_groups: ['retail'],
      fields: { segment: 'retail', score: 3 },
    });
    expect(customerOfForm(formOfDraft(customerOf(line)), line)).toEqual(line.customer);
  });

  it('does not add "disabled: false" to a line that did not say (an upsert would enable the customer)', () => {
    const line = customerLine({ external_id: 'C-7', first_name: 'Anna' });
    expect(customerOfForm(formOfDraft(customerOf(line)), line)).not.toHaveProperty('disabled');
    const said = customerLine({ external_id: 'C-7', disabled: false });
    expect(customerOfForm(formOfDraft(customerOf(said)), said)).toHaveProperty('disabled', false);
    const ticked = { ...formOfDraft(customerOf(line)), disabled: true };
    expect(customerOfForm(ticked, line)).toHaveProperty('disabled', true);
  });

  it('keeps what the form cannot hold, unless the investigator changed it', () => {
    const line = customerLine({
      external_id: ' C-7 ',
      account_type: 'X',
      first_name: 'Anna',
      company_name: 'Anna Holdings',
      fields: { postcode: '01234', floor: '42' },
      contacts: ['ops@example.com'],
    });
    const form = formOfDraft(customerOf(line));
    // Only the phone typed: the rest is the line's own, refused account type and text "42" too.
    expect(customerOfForm({ ...form, phone: '+33 1 23' }, line)).toEqual({
      ...line.customer,
      phone: '+33 1 23',
    });
    // The account type chosen: it replaces the line's, and a firm's names go with an individual.
    expect(customerOfForm({ ...form, account_type: 'N' }, line)).toEqual({
      ...line.customer,
      account_type: 'N',
      company_name: undefined,
    });
    // The contacts emptied: they are removed.
    const emptied = customerOfForm({ ...form, contacts: '' }, line);
    expect(emptied).not.toHaveProperty('contacts');
    expect(emptied.fields).toEqual({ postcode: '01234', floor: '42' });
    // One custom field changed: the other keeps its text.
    const one = customerOfForm(
      { ...form, fields: form.fields.replace('postcode = 01234', 'postcode = 75001') },
      line,
    );
    expect(one.fields).toEqual({ postcode: 75001, floor: '42' });
  });

  it('starts an unreadable line from its external id', () => {
    expect(customerOf(base)).toEqual({ external_id: 'C-7' });
  });

  it('drops a custom field emptied in the form, and adds contacts typed in it', () => {
    const line = customerLine({ external_id: 'C-7', fields: { risk: 'high' } });
    const form = {
      ...formOfDraft(customerOf(line)),
      fields: '',
      contacts: 'a@example.com; b@example.com',
    };
    expect(customerOfForm(form, line)).toEqual({
      external_id: 'C-7',
      contacts: ['a@example.com', 'b@example.com'],
    });
  });
});

describe('the whole-line editor: a relation line', () => {
  const relation = {
    relation_external_id: 'R-1',
    parent_customer_external_id: 'C-1',
    child_customer_external_id: 'C-2',
    relation_type: 4,
    fields: { since: '2020-01-01', share: 0.5 },
  };

  it('gives back the line unchanged when nothing is edited', () => {
    const line = relationLine(relation);
    expect(relationOfForm(relationFormOf(line), line)).toEqual({ ok: true, draft: relation });
  });

  it('reads custom fields typed as name = value lines, JSON where it reads', () => {
    const line = relationLine(relation);
    const form = { ...relationFormOf(line), fieldText: 'since = 2021\n\n note = a = b \n' };
    expect(relationOfForm(form, line)).toEqual({
      ok: true,
      draft: { ...relation, fields: { since: 2021, note: 'a = b' } },
    });
  });

  it('keeps a custom field typed as text when another field is changed', () => {
    const line = relationLine({ ...relation, fields: { code: '42' }, relation_type: 2 });
    const form = { ...relationFormOf(line), type: '4' };
    expect(relationOfForm(form, line)).toEqual({
      ok: true,
      draft: { ...relation, fields: { code: '42' }, relation_type: 4 },
    });
  });

  it('changes one custom field and leaves the others as the line has them', () => {
    const line = relationLine({ ...relation, fields: { code: '42', note: 'a\nb' } });
    const form = { ...relationFormOf(line) };
    form.fieldText = form.fieldText.replace('code = 42', 'code = 43');
    const built = relationOfForm(form, line);
    expect(built).toEqual({
      ok: true,
      draft: { ...relation, fields: { code: 43, note: 'a\nb' } },
    });
  });

  it('leaves "disabled" unsaid for a relation that could not be read, once its ends are filled', () => {
    const line = relationLine(null);
    const form = { ...relationFormOf(line), parent: 'C-1', child: 'C-2', type: '4' };
    expect(relationOfForm(form, line)).toEqual({
      ok: true,
      draft: {
        relation_external_id: 'R-1',
        parent_customer_external_id: 'C-1',
        child_customer_external_id: 'C-2',
        relation_type: 4,
      },
    });
  });

  it('names the problems to fix before anything is kept', () => {
    const line = relationLine(null);
    const form = { ...relationFormOf(line), type: 'two', fieldText: '= orphan' };
    const built = relationOfForm(form, line);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(Object.keys(built.problems).sort()).toEqual([
      'child_customer_external_id',
      'fields',
      'parent_customer_external_id',
      'relation_type',
    ]);
    // The unreadable relation starts from its external id.
    expect(relationFormOf(line).relationExternalId).toBe('R-1');
  });
});

describe('the customer form: problems of fields the account type hides', () => {
  const problems = [
    {
      code: 'invalid_date_of_birth',
      detail: 'date_of_birth must be YYYY-MM-DD',
      field: 'date_of_birth',
    },
    { code: 'unknown_custom_field', detail: 'Unknown custom field "risk"', field: 'fields.risk' },
    { code: 'x', detail: 'About the line', field: null },
  ];

  it('are shown with the general ones, never lost beside a field that is not drawn', () => {
    const firm = problemsByField(problems, 'F');
    expect(firm.byField.has('date_of_birth')).toBe(false);
    expect(firm.general.map((problem) => problem.field)).toEqual(['date_of_birth', null]);
    expect(firm.byField.get('fields')).toHaveLength(1);
    const individual = problemsByField(problems, 'N');
    expect(individual.byField.get('date_of_birth')).toHaveLength(1);
    expect(individual.general).toHaveLength(1);
  });
});

describe('the whole-line editor, for any line a file can hold', () => {
  // Text the form bends: separators, spaces around, JSON look-alikes, line breaks, direction marks.
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(' a ', 'a, b', 'x;y', '42', 'true', 'null', 'a\nb', '\u202Eabc', ''),
  );
  const list = fc.oneof(text, fc.array(text, { maxLength: 3 }));
  const draft = fc.record(
    {
      external_id: text.filter((value) => value.trim().length > 0),
      account_type: fc.constantFrom('N', 'F', 'X', 'n', ''),
      first_name: text,
      last_name: text,
      company_name: text,
      date_of_birth: text,
      contacts: list,
      review_groups: list,
      alias_ids: fc.array(text, { maxLength: 3 }),
      kyc_level: fc.integer({ min: -5, max: 20 }),
      disabled: fc.boolean(),
      phone: text,
      fields: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.oneof(text, fc.integer(), fc.boolean()),
        { maxKeys: 3 },
      ),
    },
    { requiredKeys: ['external_id'] },
  );

  it('keeps the line exactly as read when nothing is changed, and changes only the field edited', () => {
    fc.assert(
      fc.property(draft, fc.string({ minLength: 1, maxLength: 8 }), (customer, phone) => {
        const line = customerLine(customer);
        const form = formOfDraft(customerOf(line));
        expect(customerOfForm(form, line)).toEqual(customer);
        const typed = `+${phone.trim() || '1'}`;
        const edited = customerOfForm({ ...form, phone: typed }, line);
        const { phone: _before, ...rest } = customer;
        const { phone: after, ...others } = edited;
        expect(others).toEqual(rest);
        // The phone typed replaces the line's, unless the form reads both the same way.
        if (typed.trim() !== (customer.phone ?? '').trim()) expect(after).toBe(typed.trim());
      }),
    );
  });
});
