import { afterEach, describe, expect, it } from 'vitest';
import { KYT_FIELDS } from '../../../../preload/contract';
import {
  guessMapping,
  mappingFor,
  mappingProblem,
  MAPPING_KIND,
  saveMapping,
  savedMapping,
} from '../../../../main/kyt/batch/column-mapping';
import { memoryRecords } from '../../../support/kyt-fakes';

const opened: Array<{ close(): void }> = [];
function records() {
  const made = memoryRecords();
  opened.push(made);
  return made;
}
afterEach(() => {
  for (const one of opened.splice(0)) one.close();
});

describe('guessing a column mapping from the header', () => {
  it('knows each field by its path and its label, whatever the case, spaces, dots or underscores', () => {
    expect(
      guessMapping([
        'Amount',
        'CURRENCY',
        'from_name',
        'Sender Full Name',
        'from.device.ip',
        'to full_name',
        'Receiver-Domicile',
        'review groups',
        'crypto.tx_hash',
      ]),
    ).toEqual({
      amount: 'Amount',
      currency: 'CURRENCY',
      // The label is the better match: "from_name" is only another name for it.
      'from.full_name': 'Sender Full Name',
      'from.device.ip': 'from.device.ip',
      'to.full_name': 'to full_name',
      'to.domicile_code': 'Receiver-Domicile',
      review_groups: 'review groups',
      'crypto.tx_hash': 'crypto.tx_hash',
    });
  });

  it('knows the usual other names of a field', () => {
    expect(
      guessMapping([
        'amt',
        'ccy',
        'Transaction ID',
        'payer_name',
        'beneficiary iban',
        'payee bank',
        'timestamp',
      ]),
    ).toEqual({
      amount: 'amt',
      currency: 'ccy',
      external_id: 'Transaction ID',
      'from.full_name': 'payer_name',
      'to.payment_institution.name': 'payee bank',
      date: 'timestamp',
    });
  });

  it('maps every field from a header of its own paths, each column once', () => {
    const paths = KYT_FIELDS.map((field) => field.path);
    const mapping = guessMapping(paths);
    expect(Object.keys(mapping).sort()).toEqual([...paths].sort());
    for (const [path, column] of Object.entries(mapping)) expect(column).toBe(path);
  });

  it('uses one column for one field only, the first column naming it', () => {
    expect(guessMapping(['amount', 'Amount', 'value'])).toEqual({ amount: 'amount' });
  });
});

describe('the saved mapping', () => {
  it('is offered for a file that has all its columns, else a guess is', () => {
    const kept = records();
    saveMapping(kept, { amount: 'Betrag', currency: 'Währung', label: 'Zweck' }, new Date(0));
    expect(mappingFor(kept, ['Betrag', 'Währung', 'Zweck', 'Extra'])).toEqual({
      mapping: { amount: 'Betrag', currency: 'Währung', label: 'Zweck' },
      saved: true,
    });
    expect(mappingFor(kept, ['Betrag', 'Währung', 'currency'])).toEqual({
      mapping: { currency: 'currency' },
      saved: false,
    });
    expect(kept.list(MAPPING_KIND)).toHaveLength(1);
  });

  it('is passed over when it no longer reads', () => {
    const kept = records();
    kept.put(MAPPING_KIND, 'saved', { mapping: 'not a mapping' });
    expect(savedMapping(kept)).toBeNull();
    expect(mappingFor(kept, ['amount', 'currency']).saved).toBe(false);
  });
});

describe('a mapping that cannot read the file', () => {
  const columns = ['amt', 'ccy', 'name', 'name'];

  it('is refused when amount or currency has no column, saying which to map', () => {
    expect(mappingProblem({ amount: 'amt' }, columns)).toBe(
      'The column mapping cannot be used: map a column to Currency: a transaction needs it.',
    );
    expect(mappingProblem({}, columns)).toMatch(/map a column to Amount and to Currency/);
  });

  it('names the columns the file lacks, the fields that do not exist, the columns named twice', () => {
    const problem = mappingProblem(
      { amount: 'amt', currency: 'currency', 'from.iban': 'amt', label: 'name' },
      columns,
    );
    expect(problem).toContain('“from.iban” is not a field of a transaction');
    expect(problem).toContain(
      'the file has no column “currency” (its columns: “amt”, “ccy”, “name”, “name”)',
    );
    expect(problem).toContain('the header names “name” more than once');
  });

  it('is none for a mapping that can', () => {
    expect(mappingProblem({ amount: 'amt', currency: 'ccy' }, columns)).toBeNull();
  });
});
