import { describe, expect, it } from 'vitest';
import { reportOfAnswer } from '../../../main/customers/save-report';

const relation = {
  relation_external_id: 'R1',
  parent_customer_external_id: 'P1',
  child_customer_external_id: 'C1',
};

describe('the service’s save answer, per line', () => {
  it('matches lines by id when the answer is in another order, and tells a forced risk scan', () => {
    const report = reportOfAnswer(
      {
        added: [{ customer_id: 'id-a', external_id: 'A' }],
        detail: [
          { external_id: 'R1', errors: [], warnings: [] },
          {
            external_id: 'B',
            errors: [{ error: 'last_name_required', detail: 'needs a last_name' }],
            warnings: [],
          },
          {
            external_id: 'A',
            errors: [],
            warnings: [{ error: 'risk_scan_deferred', detail: 'scan and risk run later' }],
          },
        ],
        status: 'partial_success',
        verify_input: false,
      },
      { customers: [{ external_id: 'A' }, { external_id: 'B' }], relations: [relation] },
      { verify: false, disableRiskScan: false },
    );
    expect(
      report.lines.map((line) => [line.externalId, line.errors.length, line.customerId]),
    ).toEqual([
      ['A', 0, 'id-a'],
      ['B', 1, null],
      ['R1', 0, null],
    ]);
    expect(report.lines[1]?.errors[0]?.field).toBe('last_name');
    expect(report).toMatchObject({ failed: true, riskScanForced: true, status: 'partial_success' });
  });

  it('gives a problem to its line when the answer spells the id in another case or with spaces', () => {
    const report = reportOfAnswer(
      {
        added: [],
        detail: [
          {
            external_id: ' C-7 ',
            errors: [{ error: 'invalid_date_of_birth', detail: 'use YYYY-MM-DD' }],
            warnings: [],
          },
        ],
        status: 'failure',
        verify_input: true,
      },
      { customers: [{ external_id: 'c-7' }], relations: [] },
      { verify: true, disableRiskScan: false },
    );
    expect(report.lines).toHaveLength(1);
    expect(report.lines[0]?.errors.map((problem) => problem.field)).toEqual(['date_of_birth']);
    expect(report.failed).toBe(true);
  });
});
