import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentPage, type DocumentFilter } from '../../../main/cache/document-queries';
import type { CacheDb } from '../../../main/cache/open-cache';
import {
  customer,
  damage,
  detail,
  document,
  openTestCache,
  type CustomerDocument,
} from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');
const SECOND = 1_709_251_200; // 2024-03-01T00:00:00Z

/** The documents as a sync writes them: each customer's complete set with its detail. */
function cacheWith(documents: readonly CustomerDocument[]): CacheDb {
  const { db, writer } = openTestCache();
  const owners = [...new Set(documents.map((entry) => entry.customer_external_id))];
  for (const owner of owners) {
    const person = customer(owner);
    writer.putCustomerDetail({
      customer: person,
      detail: detail(person),
      stats: null,
      events: [],
      documents: documents.filter((entry) => entry.customer_external_id === owner),
      nowMs: NOW,
    });
  }
  return db;
}

// The model: the same search in plain JavaScript over the records themselves.
const createdMs = (entry: CustomerDocument): number =>
  entry.created_at > 100_000_000_000 ? entry.created_at : entry.created_at * 1000;

function keeps(filter: DocumentFilter, entry: CustomerDocument): boolean {
  const contains = (value: string, needle: string | undefined) =>
    !needle || value.toLowerCase().includes(needle.toLowerCase());
  const seconds = Math.floor(createdMs(entry) / 1000);
  return (
    (!filter.customerExternalId || entry.customer_external_id === filter.customerExternalId) &&
    contains(entry.display_name, filter.displayName) &&
    contains(entry.file_name, filter.fileName) &&
    (!filter.fileTypes?.length ||
      filter.fileTypes.some((type) => type.toLowerCase() === entry.file_type.toLowerCase())) &&
    (filter.createdFrom === undefined || seconds >= filter.createdFrom) &&
    (filter.createdTo === undefined || seconds <= filter.createdTo) &&
    (!filter.tags?.length || filter.tags.some((tag) => entry.tags.includes(tag)))
  );
}

function expectedIds(documents: readonly CustomerDocument[], filter: DocumentFilter): string[] {
  return documents
    .filter((entry) => keeps(filter, entry))
    .sort((a, b) => createdMs(b) - createdMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((entry) => entry.id);
}

const ids = (db: CacheDb, filter: DocumentFilter, offset = 0, limit = 1000) =>
  documentPage(db, { filter, offset, limit }).rows.map((row) => row.id);

const RECORDS = [
  document('D1', 'C1', {
    display_name: 'Passport Anne',
    file_name: 'passport-anne.PDF',
    file_type: 'PDF',
    created_at: SECOND,
    tags: ['kyc', 'identity'],
  }),
  document('D2', 'C1', {
    display_name: 'Proof of address',
    file_name: 'utility-bill.jpg',
    file_type: 'jpg',
    created_at: SECOND + 86_400,
    tags: ['address'],
  }),
  // Sent in milliseconds: read as the same kind of time as the others.
  document('D3', 'C2', {
    display_name: 'Company register extract',
    file_name: 'kbis.pdf',
    file_type: 'pdf',
    created_at: (SECOND + 2 * 86_400) * 1000 + 500,
    tags: ['kyb'],
  }),
  document('D4', 'C2', {
    display_name: 'passport director',
    file_name: 'director.png',
    file_type: 'png',
    created_at: SECOND - 86_400,
    tags: [],
  }),
  document('D5', 'C3', {
    display_name: 'Bank statement',
    file_name: 'statement-march.pdf',
    file_type: 'pdf',
    created_at: SECOND,
    tags: ['kyc'],
  }),
];

describe('documentPage, each filter', () => {
  const db = cacheWith(RECORDS);
  const filters: Array<[string, DocumentFilter]> = [
    ['no filter', {}],
    ['customer', { customerExternalId: 'C2' }],
    ['customer (exact, not a part)', { customerExternalId: 'C' }],
    ['display name, any case', { displayName: 'PASSPORT' }],
    ['file name, any case', { fileName: '.pdf' }],
    ['file types, any of, any case', { fileTypes: ['Pdf', 'PNG'] }],
    ['created from, inclusive', { createdFrom: SECOND }],
    ['created to, inclusive', { createdTo: SECOND }],
    ['created to, the millisecond document within its second', { createdTo: SECOND + 2 * 86_400 }],
    ['created from, after the millisecond document', { createdFrom: SECOND + 2 * 86_400 + 1 }],
    ['tags, any of', { tags: ['identity', 'kyb'] }],
    ['tags, exact', { tags: ['ky'] }],
    ['empty text and lists', { displayName: '', fileName: '', fileTypes: [], tags: [] }],
  ];
  for (const [name, filter] of filters) {
    it(`answers ${name} as the model does`, () => {
      expect(ids(db, filter)).toEqual(expectedIds(RECORDS, filter));
    });
  }

  it('finds what each filter names (the model is not trivially empty)', () => {
    expect(ids(db, {})).toEqual(['D3', 'D2', 'D1', 'D5', 'D4']);
    expect(ids(db, { customerExternalId: 'C' })).toEqual([]);
    expect(ids(db, { displayName: 'PASSPORT' })).toEqual(['D1', 'D4']);
    expect(ids(db, { fileTypes: ['Pdf', 'PNG'] })).toEqual(['D3', 'D1', 'D5', 'D4']);
    expect(ids(db, { createdFrom: SECOND, createdTo: SECOND })).toEqual(['D1', 'D5']);
    expect(ids(db, { createdTo: SECOND + 2 * 86_400 })).toContain('D3');
    expect(ids(db, { createdTo: SECOND + 2 * 86_400 - 1 })).not.toContain('D3');
    expect(ids(db, { tags: ['ky'] })).toEqual([]);
  });

  it('combines filters: every one must hold', () => {
    const filter: DocumentFilter = {
      customerExternalId: 'C1',
      fileTypes: ['pdf'],
      tags: ['kyc'],
      createdFrom: SECOND - 10,
      createdTo: SECOND + 10,
      displayName: 'anne',
      fileName: 'PASSPORT',
    };
    expect(ids(db, filter)).toEqual(['D1']);
    expect(ids(db, { ...filter, customerExternalId: 'C3' })).toEqual([]);
    expect(ids(db, { fileTypes: ['pdf'], tags: ['kyc'] })).toEqual(
      expectedIds(RECORDS, { fileTypes: ['pdf'], tags: ['kyc'] }),
    );
  });

  it('maps the record to the view, with its time in both units', () => {
    const [d3] = documentPage(db, {
      filter: { customerExternalId: 'C2' },
      offset: 0,
      limit: 1,
    }).rows;
    expect(d3).toEqual({
      id: 'D3',
      customerExternalId: 'C2',
      displayName: 'Company register extract',
      fileName: 'kbis.pdf',
      fileType: 'pdf',
      fileMime: 'application/pdf',
      fileSize: 4096,
      source: 'internal',
      fileUrl: '',
      createdAt: '2024-03-03T00:00:00.500Z',
      tags: ['kyb'],
    });
    const [d1] = documentPage(db, { filter: { tags: ['identity'] }, offset: 0, limit: 5 }).rows;
    expect(d1?.createdAt).toBe('2024-03-01T00:00:00.000Z');
  });
});

describe('documentPage, paging', () => {
  const db = cacheWith(RECORDS);

  it('gives the total of all matches on every page, and the page asked for', () => {
    const all = expectedIds(RECORDS, {});
    const first = documentPage(db, { filter: {}, offset: 0, limit: 2 });
    const second = documentPage(db, { filter: {}, offset: 2, limit: 2 });
    const last = documentPage(db, { filter: {}, offset: 4, limit: 2 });
    expect([first.total, second.total, last.total]).toEqual([5, 5, 5]);
    expect([first.offset, second.offset, last.offset]).toEqual([0, 2, 4]);
    expect([...first.rows, ...second.rows, ...last.rows].map((row) => row.id)).toEqual(all);
    expect(last.rows).toHaveLength(1);
  });

  it('counts matches, not the page, and past the end gives no rows', () => {
    const page = documentPage(db, { filter: { fileTypes: ['pdf'] }, offset: 10, limit: 2 });
    expect(page).toEqual({ total: 3, offset: 10, rows: [] });
  });
});

describe('documentPage, text the user typed', () => {
  const tricky = [
    document('W1', 'C1', { display_name: '100% done', file_name: 'a_b.pdf' }),
    document('W2', 'C1', { display_name: '1000 done', file_name: 'axb.pdf' }),
    document('W3', 'C1', { display_name: 'back\\slash', file_name: 'plain.pdf' }),
    document('W4', 'C1', { display_name: 'Éric Dupont', file_name: 'ÉRIC.pdf' }),
  ];
  const db = cacheWith(tricky);

  it('matches %, _ and \\ literally, not as wildcards', () => {
    expect(ids(db, { displayName: '%' })).toEqual(['W1']);
    expect(ids(db, { displayName: '100%' })).toEqual(['W1']);
    expect(ids(db, { fileName: 'a_b' })).toEqual(['W1']);
    expect(ids(db, { fileName: '_' })).toEqual(['W1']);
    expect(ids(db, { displayName: '\\' })).toEqual(['W3']);
    expect(ids(db, { displayName: '\\%' })).toEqual([]);
  });

  it('ignores case beyond ASCII', () => {
    expect(ids(db, { displayName: 'éric' })).toEqual(['W4']);
    expect(ids(db, { fileName: 'éric' })).toEqual(['W4']);
  });
});

describe('documentPage, a damaged record', () => {
  it('lists it with the columns it still has instead of failing', () => {
    const db = cacheWith(RECORDS);
    damage(db, 'documents', 'raw', { id: 'D2' }, '{"file_mime": "ima');
    const page = documentPage(db, { filter: { customerExternalId: 'C1' }, offset: 0, limit: 10 });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.id)).toEqual(['D2', 'D1']);
    expect(page.rows[0]).toEqual({
      id: 'D2',
      customerExternalId: 'C1',
      displayName: 'Proof of address',
      fileName: 'utility-bill.jpg',
      fileType: 'jpg',
      fileMime: '',
      fileSize: 0,
      source: '',
      fileUrl: '',
      createdAt: '2024-03-02T00:00:00.000Z',
      tags: ['address'],
    });
  });
});

describe('documentPage, for any documents and filter', () => {
  const word = fc.constantFrom('pass', 'Pass', 'ÉTÉ', 'été', '50%', '5_0', 'a\\b', 'x', '');
  const seconds = fc.integer({ min: SECOND, max: SECOND + 20 });
  const created = fc.oneof(
    seconds,
    fc.tuple(seconds, fc.integer({ min: 0, max: 999 })).map(([at, ms]) => at * 1000 + ms),
  );
  const owner = fc.constantFrom('C1', 'C2', 'C3');
  const fileType = fc.constantFrom('pdf', 'PDF', 'jpg', 'Png');
  const tag = fc.constantFrom('kyc', 'kyb', 'address', 'KYC');
  const records = fc
    .array(
      fc.record({
        owner,
        name: fc.array(word, { maxLength: 3 }).map((parts) => parts.join(' ')),
        file: fc.array(word, { maxLength: 2 }).map((parts) => parts.join('-')),
        type: fileType,
        created,
        tags: fc.uniqueArray(tag, { maxLength: 3 }),
      }),
      { maxLength: 25 },
    )
    .map((seeds) =>
      seeds.map((seed, index) =>
        document(`D${String(index).padStart(2, '0')}`, seed.owner, {
          display_name: seed.name,
          file_name: seed.file,
          file_type: seed.type,
          created_at: seed.created,
          tags: seed.tags,
        }),
      ),
    );
  const filters: fc.Arbitrary<DocumentFilter> = fc.record(
    {
      customerExternalId: owner,
      displayName: word,
      fileName: word,
      fileTypes: fc.array(fileType, { maxLength: 2 }),
      createdFrom: seconds,
      createdTo: seconds,
      tags: fc.array(tag, { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );

  it('is the model, in order, page by page', () => {
    fc.assert(
      fc.property(
        records,
        filters,
        fc.nat({ max: 30 }),
        fc.integer({ min: 1, max: 10 }),
        (documents, filter, offset, limit) => {
          const db = cacheWith(documents);
          const expected = expectedIds(documents, filter);
          expect(ids(db, filter)).toEqual(expected);
          const page = documentPage(db, { filter, offset, limit });
          expect(page.total).toBe(expected.length);
          expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + limit));
          db.close();
        },
      ),
      { numRuns: 200 },
    );
  });
});
