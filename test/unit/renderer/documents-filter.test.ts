import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashToRoute, routeToHash } from '../../../renderer/src/lib/routes';
import {
  cleanDocumentFilter,
  filterKey,
  isFilterEmpty,
  lastPageOffset,
  pageRange,
  pageStep,
  patchFilter,
} from '../../../renderer/src/features/documents/document-filter';
import { DocumentFilter } from '../../../preload/contract';

describe('the document filter from the address', () => {
  it('keeps every filter of the document search, trimmed and in one order', () => {
    expect(
      cleanDocumentFilter({
        customerExternalId: '  CUST-1 ',
        displayName: ' passport ',
        fileName: 'scan',
        fileTypes: ['PDF', '.png', 'pdf'],
        createdFrom: '2024-01-01',
        createdTo: '2024-03-31',
        tags: ['kyc', 'identity', 'kyc'],
      }),
    ).toEqual({
      customerExternalId: 'CUST-1',
      displayName: 'passport',
      fileName: 'scan',
      fileTypes: ['pdf', 'png'],
      createdFrom: '2024-01-01',
      createdTo: '2024-03-31',
      tags: ['identity', 'kyc'],
    });
  });

  it('drops what a hand-edited address may carry: unknown fields, wrong types, empty values, non-days', () => {
    expect(
      cleanDocumentFilter({
        customerExternalId: 42,
        displayName: '   ',
        fileName: ['a'],
        fileTypes: 'pdf',
        createdFrom: '2024-02-30',
        createdTo: 'yesterday',
        tags: [1, '', 'ok'],
        offset: 100,
      }),
    ).toEqual({ tags: ['ok'] });
    expect(cleanDocumentFilter(null)).toEqual({});
    expect(cleanDocumentFilter(['x'])).toEqual({});
  });

  it('leaves out values the bridge would refuse instead of failing the whole search', () => {
    const filter = cleanDocumentFilter({
      customerExternalId: 'x'.repeat(257),
      fileName: 'y'.repeat(256),
      tags: ['t'.repeat(65), 'short'],
      fileTypes: Array.from({ length: 40 }, (_, index) => `t${String(index).padStart(2, '0')}`),
    });
    expect(filter.customerExternalId).toBeUndefined();
    expect(filter.fileName).toBeUndefined();
    expect(filter.tags).toEqual(['short']);
    expect(filter.fileTypes).toHaveLength(32);
  });

  it('reads a range typed backwards as the same days', () => {
    expect(cleanDocumentFilter({ createdFrom: '2024-05-01', createdTo: '2024-01-01' })).toEqual({
      createdFrom: '2024-01-01',
      createdTo: '2024-05-01',
    });
  });

  it('whatever the address holds, the cleaned filter is one the bridge accepts, and cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const clean = cleanDocumentFilter(raw);
        expect(DocumentFilter.safeParse(clean).success).toBe(true);
        expect(cleanDocumentFilter(clean)).toEqual(clean);
      }),
    );
  });

  it('survives the trip through the address', () => {
    const filter = cleanDocumentFilter({
      displayName: 'Bank statement & co / 100%',
      fileTypes: ['pdf'],
      tags: ['source-of-funds'],
      createdFrom: '2023-12-31',
    });
    const route = hashToRoute(routeToHash({ screen: 'documents', filter }));
    expect(route).toEqual({ screen: 'documents', filter });
    expect(cleanDocumentFilter(route?.screen === 'documents' ? route.filter : null)).toEqual(
      filter,
    );
  });

  it('patches: a value sets a field, undefined or an empty list removes it', () => {
    const start = { displayName: 'scan', tags: ['kyc'] };
    expect(patchFilter(start, { fileName: 'pdf' })).toEqual({
      displayName: 'scan',
      fileName: 'pdf',
      tags: ['kyc'],
    });
    expect(patchFilter(start, { displayName: undefined, tags: [] })).toEqual({});
    expect(isFilterEmpty(patchFilter(start, { displayName: ' ', tags: [] }))).toBe(true);
  });

  it('keys the same filter the same, whatever the order of its fields', () => {
    expect(filterKey({ tags: ['b', 'a'], displayName: 'x' })).toBe(
      filterKey({ displayName: 'x ', tags: ['a', 'b'] }),
    );
    expect(filterKey({ displayName: 'x' })).not.toBe(filterKey({ fileName: 'x' }));
  });
});

describe('paging', () => {
  it('counts the rows shown from one', () => {
    expect(pageRange(0, 50, 312)).toEqual([1, 50, 312]);
    expect(pageRange(300, 12, 312)).toEqual([301, 312, 312]);
    expect(pageRange(0, 0, 0)).toEqual([0, 0, 0]);
  });

  it('steps a page at a time and stops at either end', () => {
    expect(pageStep(0, 312, 1)).toBe(50);
    expect(pageStep(300, 312, 1)).toBeNull();
    expect(pageStep(50, 312, -1)).toBe(0);
    expect(pageStep(0, 312, -1)).toBeNull();
    // An offset between pages (from an older, longer list) steps back to the top.
    expect(pageStep(20, 312, -1)).toBe(0);
    expect(pageStep(0, 50, 1)).toBeNull();
  });

  it('finds the last page of a list that shrank', () => {
    expect(lastPageOffset(312)).toBe(300);
    expect(lastPageOffset(300)).toBe(250);
    expect(lastPageOffset(0)).toBe(0);
  });
});
