import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../main/cli/csv';

const csvOf = (records: Array<Record<string, unknown>>) => [...toCsv(() => records)].join('');

describe('the CSV export', () => {
  it('has a column for every field any record has, not only the first record’s', () => {
    const csv = csvOf([
      { id: 'A1', score: 80 },
      { id: 'A2', score: 40, extra: 'only here' },
      { id: 'A3', nested: { deep: true } },
    ]);
    expect(csv).toBe(
      'id,score,extra,nested\r\n' +
        'A1,80,,\r\n' +
        'A2,40,only here,\r\n' +
        'A3,,,"{""deep"":true}"\r\n',
    );
  });

  it('prefixes text a spreadsheet would run as a formula with a quote; numbers stay numbers', () => {
    const csv = csvOf([
      { a: '=HYPERLINK("x")', b: '+1', c: '-2+3', d: '@SUM(A1)', e: -5, f: '\tx', g: 'plain' },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",'+1,'-2+3,'@SUM(A1),-5,'\tx,plain`);
  });

  it('writes nothing for no records', () => {
    expect(csvOf([])).toBe('');
  });
});
