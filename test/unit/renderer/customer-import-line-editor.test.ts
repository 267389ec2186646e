import { describe, expect, it, vi } from 'vitest';
import type { ImportLine } from '../../../preload/contract';
import { formOfDraft } from '../../../renderer/src/features/customers/customer-form';

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
