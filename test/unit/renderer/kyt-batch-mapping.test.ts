import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KYT_FIELDS as CONTRACT_FIELDS } from '../../../preload/contract/kyt';
import { KYT_FIELDS } from '../../../renderer/src/features/kyt/batch/kyt-fields';
import {
  columnChoices,
  mappedIn,
  mappingForColumns,
  mappingGroups,
  mappingProblems,
  placeImportErrors,
  separatorName,
  unusedColumns,
  withTarget,
} from '../../../renderer/src/features/kyt/batch/column-mapping';
import {
  chooseBatchFile,
  isBatchFileName,
} from '../../../renderer/src/features/kyt/batch/batch-file';

// The column mapping of a CSV batch as the import dialog edits it, and which dropped file it takes.

describe('the fields a column can fill', () => {
  it('are the contract’s, entry for entry (the renderer keeps a copy it may import)', () => {
    expect(KYT_FIELDS).toEqual(CONTRACT_FIELDS);
  });

  it('list the required ones first (amount, currency), then the sender’s, the receiver’s and the others', () => {
    const groups = mappingGroups({});
    expect(groups.map((group) => group.id)).toEqual([
      'required',
      'sender',
      'receiver',
      'transaction',
    ]);
    expect(groups[0]?.fields.map((field) => field.path)).toEqual(['amount', 'currency']);
    expect(groups[1]?.fields.every((field) => field.path.startsWith('from.'))).toBe(true);
    expect(groups[2]?.fields.every((field) => field.path.startsWith('to.'))).toBe(true);
    expect(groups[1]?.fields.map((field) => field.label)).toContain('Sender full name');
    expect(groups[3]?.fields.map((field) => field.path)).toContain('date');
  });

  it('offer every field exactly once', () => {
    const paths = mappingGroups({}).flatMap((group) => group.fields.map((field) => field.path));
    expect([...paths].sort()).toEqual(KYT_FIELDS.map((field) => field.path).sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('show a mapped path CaseDesk does not list under its own path, so nothing is imported unseen', () => {
    const groups = mappingGroups({ 'fields.risk_band': 'band', amount: 'amt' });
    const other = groups.find((group) => group.id === 'other');
    expect(other?.fields).toEqual([
      { path: 'fields.risk_band', label: 'fields.risk_band', type: 'text' },
    ]);
    expect(mappedIn(other!, { 'fields.risk_band': 'band' })).toBe(1);
  });
});

describe('the file’s columns', () => {
  it('are offered once each, in the file’s order, without the nameless ones', () => {
    expect(columnChoices(['amount', '', 'currency', 'amount', '  ', 'payer'])).toEqual([
      'amount',
      'currency',
      'payer',
    ]);
  });

  it('keep of a mapping only the columns this file has, whatever the mapping and the file', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KYT_FIELDS.map((field) => field.path)), fc.string()),
        fc.array(fc.string()),
        (mapping, columns) => {
          const kept = mappingForColumns(mapping, columns);
          const offered = new Set(columnChoices(columns));
          for (const [path, column] of Object.entries(kept)) {
            expect(offered.has(column)).toBe(true);
            expect(mapping[path]).toBe(column);
          }
          for (const [path, column] of Object.entries(mapping))
            if (offered.has(column)) expect(kept[path]).toBe(column);
        },
      ),
    );
  });

  it('no field takes are named as not imported', () => {
    expect(
      unusedColumns({ amount: 'amt', currency: 'cur' }, ['amt', 'cur', 'memo', 'memo']),
    ).toEqual(['memo']);
  });

  it('are given to a field, or taken from it with “not in the file”', () => {
    const mapped = withTarget({}, 'from.full_name', 'payer');
    expect(mapped).toEqual({ 'from.full_name': 'payer' });
    expect(withTarget(mapped, 'from.full_name', '')).toEqual({});
    // The mapping edited is never changed in place (the dialog's state).
    expect(mapped).toEqual({ 'from.full_name': 'payer' });
  });
});

describe('a mapping that cannot be imported', () => {
  it('says which required field lacks its column and what to do', () => {
    const { errors } = mappingProblems({ 'from.full_name': 'payer', 'to.full_name': 'payee' });
    expect(Object.keys(errors)).toEqual(['amount', 'currency']);
    expect(errors.amount).toMatch(/Choose the column that holds the amount/);
    expect(errors.currency).toMatch(/three letters/);
    expect(
      mappingProblems({ amount: 'a', currency: 'c', 'from.full_name': 'p', 'to.iban': 'q' }),
    ).toEqual({ errors: {}, warnings: [] });
  });

  it('warns, without stopping, when no column fills the sender or the receiver', () => {
    const { errors, warnings } = mappingProblems({ amount: 'a', currency: 'c' });
    expect(errors).toEqual({});
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/empty sender/);
    expect(warnings[1]).toMatch(/empty receiver/);
  });

  it('places main’s refusals beside their field (by path, or mapping.path), others beside the buttons', () => {
    expect(
      placeImportErrors({
        amount: 'The column “amt” has no numbers.',
        'mapping.currency': 'Choose the currency’s column.',
        file: 'The file cannot be read.',
      }),
    ).toEqual({
      byPath: {
        amount: 'The column “amt” has no numbers.',
        currency: 'Choose the currency’s column.',
      },
      other: ['The file cannot be read.'],
    });
  });
});

describe('the separator found', () => {
  it('is named in words, a tab included', () => {
    expect(separatorName(',')).toBe('Comma (,)');
    expect(separatorName(';')).toBe('Semicolon (;)');
    expect(separatorName('\t')).toBe('Tab');
    expect(separatorName('|')).toBe('Vertical bar (|)');
    expect(separatorName(null)).toBe('None');
    expect(separatorName('#')).toBe('"#"');
  });
});

describe('the file a drop or the picker gives', () => {
  const offered = (name: string, isFolder = false) => ({ file: { name }, isFolder });

  it('is taken when it is one CSV or NDJSON file, whatever the case of its ending', () => {
    for (const name of ['tx.csv', 'TX.CSV', 'lines.ndjson', 'lines.jsonl', 'export.txt'])
      expect(chooseBatchFile([offered(name)])).toEqual({ ok: true, file: { name } });
  });

  it('is refused, saying what to do, when it is a folder, another kind of file, or one of several', () => {
    const message = (choice: ReturnType<typeof chooseBatchFile>) =>
      choice.ok ? '' : choice.message;
    expect(message(chooseBatchFile([offered('exports.csv', true)]))).toMatch(/is a folder/);
    expect(message(chooseBatchFile([offered('statement.pdf')]))).toMatch(
      /is not a CSV or NDJSON file.*\.csv, \.ndjson, \.jsonl, \.txt/,
    );
    expect(message(chooseBatchFile([offered('a.csv'), offered('b.csv')]))).toMatch(/one at a time/);
    expect(chooseBatchFile([])).toMatchObject({ ok: false });
  });

  it('is named safely in a refusal: no hidden character of the name reaches the message', () => {
    const refused = chooseBatchFile([offered('invoice\u202Ecsv.exe')]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).not.toMatch(/\u202E/);
  });

  it('is taken exactly when its name ends as a batch file', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (name, isFolder) => {
        const choice = chooseBatchFile([offered(name, isFolder)]);
        expect(choice.ok).toBe(!isFolder && isBatchFileName(name));
        if (!choice.ok) expect(choice.message.length).toBeGreaterThan(0);
      }),
    );
  });
});
