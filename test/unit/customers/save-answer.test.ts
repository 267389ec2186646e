import { describe, expect, it } from 'vitest';
import {
  customerProblemField,
  relationProblemField,
  saveReportOf,
} from '../../../main/customers/save-answer';

const relation = {
  relation_external_id: 'R1',
  parent_customer_external_id: 'P1',
  child_customer_external_id: 'C1',
};

describe('the service’s save answer, per line', () => {
  it('names the write-shape field a problem is about', () => {
    expect(customerProblemField('invalid_date_of_birth', 'use YYYY-MM-DD')).toBe('date_of_birth');
    expect(customerProblemField('unknown_parent', 'no customer X')).toBe('parent_external_id');
    expect(customerProblemField('kyc_level_requested_lower', '')).toBe('kyc_level_requested');
    expect(customerProblemField('unknown_custom_field', 'risk_note')).toBe('fields');
    expect(customerProblemField('something_else', 'nothing named')).toBeNull();
    expect(relationProblemField('unknown_customer', 'no customer C1 in the tenant', relation)).toBe(
      'child_customer_external_id',
    );
    expect(relationProblemField('self_relation', '', relation)).toBe('child_customer_external_id');
  });

  it('matches lines by id when the answer is in another order, and tells a forced risk scan', () => {
    const report = saveReportOf(
      {
        customers: [{ external_id: 'A' }, { external_id: 'B' }],
        relations: [relation],
        disableRiskScan: false,
      },
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
      'saved',
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
});
