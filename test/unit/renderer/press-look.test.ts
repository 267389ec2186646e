import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
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
