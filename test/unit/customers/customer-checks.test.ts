import { describe, expect, it } from 'vitest';
import { checkCustomer, checkedLines, isIsoDate } from '../../../main/customers/customer-checks';

const fieldsOf = (customer: Parameters<typeof checkCustomer>[0]) =>
  checkCustomer(customer).map((problem) => problem.field);

describe('customer checks made before sending', () => {
  it('passes a well-formed customer', () => {
    expect(
      checkCustomer({
        external_id: 'N-1',
        account_type: 'N',
        date_of_birth: '2000-02-29',
        nationality_codes: ['GB', 'de'],
        kyc_level: 2,
      }),
    ).toEqual([]);
  });

  it('names the field of each problem, as the form shows it', () => {
    expect(
      fieldsOf({
        external_id: '  ',
        account_type: 'X',
        date_of_birth: '23/04/1980',
        domicile_codes: ['GBR'],
        nationality_codes: ['G1'],
        kyc_level: 1.5,
        kyc_level_requested: Number.NaN,
      }),
    ).toEqual([
      'external_id',
      'account_type',
      'date_of_birth',
      'nationality_codes',
      'domicile_codes',
      'kyc_level',
      'kyc_level_requested',
    ]);
  });

  it('tells a date in the right form that does not exist from one in the wrong form', () => {
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(checkCustomer({ external_id: 'a', date_of_birth: '2023-02-29' })[0]?.detail).toMatch(
      /not a real date/,
    );
    expect(checkCustomer({ external_id: 'a', date_of_birth: '1980-4-2' })[0]?.detail).toMatch(
      /YYYY-MM-DD/,
    );
  });

  it('reports every line when one fails, and nothing when all pass', () => {
    const ok = { external_id: 'N-1', account_type: 'N' };
    expect(checkedLines({ customers: [ok], relations: [], disableRiskScan: false })).toBeNull();
    const report = checkedLines({
      customers: [ok, { external_id: 'N-2', date_of_birth: 'soon' }],
      relations: [],
      disableRiskScan: false,
    });
    expect(report).toMatchObject({ outcome: 'verified', status: null, failed: true });
    expect(report?.lines.map((line) => line.errors.length)).toEqual([0, 1]);
  });
});
