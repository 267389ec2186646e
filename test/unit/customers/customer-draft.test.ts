import { describe, expect, it } from 'vitest';
import { draftOfReadShape } from '../../../main/customers/customer-draft';
import { CustomerDraft } from '../../../preload/contract';

describe('draftOfReadShape', () => {
  it('maps a cached customer to the write shape the form edits', () => {
    const draft = draftOfReadShape('N-1', {
      external_id: 'N-1',
      id: 'svc-1',
      revision_number: '4',
      account_type: { code: 'N', label: 'Individual' },
      first_name: 'Ada',
      last_name: 'Okafor',
      middle_name: '',
      date_of_birth: '1980-04-23',
      nationality_code: 'ng',
      nationality_codes: ['GB', 'NG'],
      domicile_code: 'GB',
      domicile_codes: [],
      review_groups: ['EU', 'High'],
      contacts: 'ada@example.org; +44 20 7946 0000',
      custom_fields: { segment: 'retail', score: 3 },
      name_variations: [{ first_name: 'Adaeze', last_name: 'Okafor', company_name: '' }, {}],
      kyc_level: 2,
      disabled: false,
      alias_ids: ['A-1', ''],
    });
    expect(draft).toEqual({
      external_id: 'N-1',
      account_type: 'N',
      first_name: 'Ada',
      last_name: 'Okafor',
      date_of_birth: '1980-04-23',
      alias_ids: ['A-1'],
      nationality_codes: ['NG', 'GB'],
      domicile_codes: ['GB'],
      review_groups: ['EU', 'High'],
      contacts: ['ada@example.org', '+44 20 7946 0000'],
      kyc_level: 2,
      disabled: false,
      fields: { segment: 'retail', score: 3 },
      variations: [{ _op: 'set', first_name: 'Adaeze', last_name: 'Okafor' }],
    });
    expect(CustomerDraft.safeParse(draft).success).toBe(true);
  });

  it('keeps the id asked when the record has none, and leaves out what it cannot map', () => {
    const draft = draftOfReadShape('F-9', {
      account_type: 'F',
      company_name: 'Acme Ltd',
      kyc_level: 1.5,
      custom_fields: [],
      review_groups: 'ops,  risk;',
    });
    expect(draft).toEqual({
      external_id: 'F-9',
      account_type: 'F',
      company_name: 'Acme Ltd',
      review_groups: ['ops', 'risk'],
    });
  });
});
