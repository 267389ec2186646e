import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Customer360 } from '../../../preload/contract';
import { makeReport } from '../../support/press-report';

// How a press report reads, beyond its strings being text: the facts an investigator scans are
// named in words.

vi.mock('../../../renderer/src/lib/api', () => ({
  api: {},
  unwrap: () => Promise.reject(new Error('no bridge in this test')),
  errorMessage: (error: unknown) => String(error),
}));

// The navigation store behind record links reads the window's address when first imported.
vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

const { ReportReader } = await import('../../../renderer/src/features/press/ReportReader');
const { subjectFromReport } = await import('../../../renderer/src/features/press/press-subject');

describe('what a report was made for', () => {
  it('names the name components in words, and an unknown one as the service sent it', () => {
    const html = renderToStaticMarkup(
      createElement(ReportReader, {
        report: makeReport('r1', {
          input: {
            name: 'Anna Maria Lind',
            components: [
              { field: 'first_name', value: 'Anna' },
              { field: 'middle_name', value: 'Maria' },
              { field: 'last_name', value: 'Lind' },
              { field: 'raw_queried_name', value: 'Anna Maria Lind' },
              { field: 'company_name', value: 'Lind AB' },
              { field: 'trading_name', value: 'Lind Trading' },
              { field: 'alias_x', value: 'AL' },
            ],
            countryCodes: ['SE'],
            age: 41,
            entity: 1,
          },
        }),
        onOpenLink: () => undefined,
        onToggleRead: () => undefined,
        busyKey: null,
      }),
    );
    const terms = [...html.matchAll(/<dt>(.*?)<\/dt>/g)].map((match) =>
      (match[1] ?? '').replace(/<[^>]+>/g, ''),
    );
    expect(terms).toEqual(
      expect.arrayContaining([
        'First name',
        'Middle name',
        'Last name',
        'Name as queried',
        'Company name',
        'Trading name',
        'alias_x',
      ]),
    );
    expect(terms.some((term) => /_name$/.test(term))).toBe(false);
  });
});

function customer(externalId: string, dateOfBirth: string): Customer360 {
  return {
    identity: {
      externalId,
      id: 's1',
      name: 'Anna Lind',
      accountType: 'N',
      fields: { first_name: 'Anna', last_name: 'Lind', date_of_birth: dateOfBirth },
      nameVariations: [],
      reviewGroups: [],
    },
    risk: null,
    stats: null,
    detailSyncedAt: null,
    relations: { asParent: [], asChild: [] },
    timeline: [],
    timelineMayBeCut: null,
    documents: [],
    threads: [],
    alerts: [],
    pressReportCount: 0,
    kytTransactionCount: 0,
  };
}

describe('a customer’s report generated again', () => {
  // A report says the subject's age, not the date of birth it was made with: without it the new
  // report would be made for less than the one it is compared with.
  const report = {
    subjectName: 'Anna Lind',
    customerExternalId: 'C-1',
    input: {
      name: 'Anna Lind',
      components: [],
      countryCodes: ['SE'],
      age: 45,
      entity: 1,
    },
  };

  it('takes the date of birth from the cached customer', () => {
    expect(subjectFromReport(report, customer('C-1', '1980-04-05'))).toEqual({
      name: 'Anna Lind',
      countryCodes: ['SE'],
      entityType: 'person',
      customerExternalId: 'C-1',
      dateOfBirth: '1980-04-05',
    });
  });

  it('takes nothing from another customer, or from none', () => {
    expect(subjectFromReport(report, customer('C-2', '1980-04-05')).dateOfBirth).toBeUndefined();
    expect(subjectFromReport(report, null).dateOfBirth).toBeUndefined();
  });
});
