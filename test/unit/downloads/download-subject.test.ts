import { describe, expect, it } from 'vitest';
import { downloadSubject } from '../../../main/downloads/download-subject';
import { customer, detail, document, openTestCache } from '../cache/review-records';

function cacheWithDocuments(...documents: ReturnType<typeof document>[]) {
  const { db, writer } = openTestCache();
  const person = customer('C1');
  writer.putCustomerDetail({
    customer: person,
    detail: detail(person),
    stats: null,
    events: [],
    documents,
    nowMs: Date.parse('2026-11-01T00:00:00Z'),
  });
  return db;
}

describe('what a download is warned about', () => {
  it('judges the name the file gets on disk, also when it comes from the display name', () => {
    const db = cacheWithDocuments(
      document('D1', 'C1', { file_name: 'statement.pdf', display_name: 'Statement' }),
      document('D2', 'C1', { file_name: 'setup.exe', display_name: 'Statement' }),
      // Nothing of "..." is usable, so the display name names the file: a program.
      document('D3', 'C1', { file_name: '...', display_name: 'Invoice.exe' }),
      document('D4', 'C1', { file_name: 'report.pdf\u202Eexe.scr', display_name: 'Report' }),
    );
    const warnings = (id: string) => downloadSubject(db, { kind: 'document', id }).warnings;
    expect(warnings('D1')).toEqual([]);
    expect(warnings('D2')).toEqual(['executable']);
    expect(warnings('D3')).toEqual(['executable']);
    expect(warnings('D4')).toEqual(['executable']);
  });
});
