import { describe, expect, it } from 'vitest';
import {
  applyDelta,
  applyVariations,
  lineProblems,
  splitList,
} from '../../../main/sandbox/ops/customer-input';

describe('review_groups and contacts as the spec allows them', () => {
  it('splits a string on ; and , and drops blanks and repeats', () => {
    expect(splitList(' retail-eu; high-risk,,onboarding ;retail-eu')).toEqual([
      'retail-eu',
      'high-risk',
      'onboarding',
    ]);
  });

  it('replaces with a string or plain strings, edits with {value, _op} items', () => {
    expect(applyDelta(['a', 'b'], 'c;d')).toEqual(['c', 'd']);
    expect(applyDelta(['a', 'b'], ['c', ' d '])).toEqual(['c', 'd']);
    expect(
      applyDelta(
        ['a', 'b'],
        [{ value: 'b', _op: 'del' }, { value: 'c', _op: 'set' }, { value: 'd' }],
      ),
    ).toEqual(['a', 'c', 'd']);
    expect(applyDelta(['a'], null)).toEqual(['a']);
    expect(applyDelta(['a'], undefined)).toEqual(['a']);
  });

  it('sets and deletes name variations', () => {
    const variation = { first_name: 'Mohamed', last_name: 'El-Amin' };
    const set = applyVariations([], [{ _op: 'set', ...variation }]);
    expect(set).toHaveLength(1);
    expect(applyVariations(set, [{ _op: 'del', ...variation }])).toEqual([]);
  });
});

describe('per-line problems of a save', () => {
  const known = (id: string) => id === 'PARENT';
  it('refuses impossible dates and non-ISO countries, and names a missing surname', () => {
    const { errors } = lineProblems(
      {
        external_id: 'x',
        account_type: 'N',
        date_of_birth: '2001-02-29',
        nationality_codes: ['FR', 'france'],
      },
      null,
      known,
    );
    expect(errors.map((error) => error.error).sort()).toEqual([
      'invalid_date_of_birth',
      'invalid_nationality_codes',
      'last_name_required',
    ]);
  });
  it('accepts a leap day and warns of an unknown parent', () => {
    const { errors, warnings } = lineProblems(
      {
        external_id: 'x',
        account_type: 'N',
        last_name: 'Doe',
        date_of_birth: '2000-02-29',
        parent_external_id: 'NOBODY',
      },
      null,
      known,
    );
    expect(errors).toEqual([]);
    expect(warnings.map((warning) => warning.error)).toEqual(['unknown_parent']);
  });
  it('needs a company name for a firm and an account type for a new customer', () => {
    expect(
      lineProblems({ external_id: 'x', account_type: 'F' }, null, known).errors[0]?.error,
    ).toBe('company_name_required');
    expect(lineProblems({ external_id: 'x', last_name: 'Doe' }, null, known).errors[0]?.error).toBe(
      'account_type_required',
    );
  });
});
