import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Customer360, PressSourceView } from '../../../preload/contract';
import { PressSubject } from '../../../preload/contract';
import {
  cleanPressFilter,
  keptRangeProblem,
} from '../../../renderer/src/features/press/press-filter';
import {
  parseCountryCodes,
  subjectFromCustomer,
  subjectFromForm,
  formFromSubject,
  subjectFromReport,
} from '../../../renderer/src/features/press/press-subject';
import { filterSources } from '../../../renderer/src/features/press/source-filter';
import { TextPieces } from '../../../renderer/src/features/press/TextPieces';
import {
  categoryChangeLabel,
  numberChange,
} from '../../../renderer/src/features/press/diff-labels';

describe('the press list filter from the address', () => {
  it('keeps only known fields of the right shape, so a hand-edited address cannot break the list', () => {
    expect(
      cleanPressFilter({
        subject: '  Anna ',
        category: 'fraud',
        severity: 'extreme',
        keptFrom: '2026-02-30x',
        keptTo: '2026-03-01',
        customerExternalId: 'C1',
        other: 1,
      }),
    ).toEqual({
      subject: 'Anna',
      category: 'fraud',
      keptTo: '2026-03-01',
      customerExternalId: 'C1',
    });
    expect(cleanPressFilter(null)).toEqual({});
    expect(cleanPressFilter([1])).toEqual({});
    expect(cleanPressFilter({ subject: '   ' })).toEqual({});
  });

  it('says plainly when the kept range ends before it starts', () => {
    expect(keptRangeProblem({ keptFrom: '2026-03-02', keptTo: '2026-03-01' })).toMatch(/before/);
    expect(keptRangeProblem({ keptFrom: '2026-03-01', keptTo: '2026-03-01' })).toBeNull();
    expect(keptRangeProblem({ keptFrom: '2026-03-01' })).toBeNull();
  });
});

function customer(fields: Customer360['identity']['fields'], accountType = ''): Customer360 {
  return {
    identity: {
      externalId: 'C-7',
      id: 's7',
      name: 'Anna Maria Smith',
      accountType,
      fields,
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

describe('a report subject prefilled from the cached customer', () => {
  it('takes the name components, country codes, date of birth and entity type', () => {
    const subject = subjectFromCustomer(
      customer(
        {
          first_name: 'Anna',
          middle_name: 'Maria',
          last_name: 'Smith',
          date_of_birth: '1980-04-05',
          nationality_codes: ['de', 'FR'],
          nationality_code: 'DE',
          domicile_codes: ['AT', 'not a code'],
          domicile_code: 7,
        },
        'N',
      ),
    );
    expect(subject).toEqual({
      name: 'Anna Maria Smith',
      firstName: 'Anna',
      middleName: 'Maria',
      lastName: 'Smith',
      countryCodes: ['DE', 'FR', 'AT'],
      dateOfBirth: '1980-04-05',
      entityType: 'person',
      customerExternalId: 'C-7',
    });
    expect(PressSubject.safeParse(subject).success).toBe(true);
  });

  it('makes a firm of a company, and leaves out what the cache does not know', () => {
    const subject = subjectFromCustomer(
      customer({ company_name: 'Acme Ltd', date_of_birth: '05/04/1980' }, 'F'),
    );
    expect(subject).toEqual({
      name: 'Anna Maria Smith',
      companyName: 'Acme Ltd',
      countryCodes: [],
      entityType: 'firm',
      customerExternalId: 'C-7',
    });
  });

  it('survives the trip through the editable form', () => {
    const subject = subjectFromCustomer(
      customer({ first_name: 'Anna', last_name: 'Smith', nationality_codes: ['DE'] }, 'N'),
    );
    const back = subjectFromForm(formFromSubject(subject));
    expect(back).toEqual({ ok: true, subject });
  });
});

describe('a report generated again', () => {
  it('starts from what the report was made for', () => {
    expect(
      subjectFromReport({
        subjectName: 'Anna Smith',
        customerExternalId: 'C-7',
        input: {
          name: 'Anna Smith',
          components: [
            { field: 'first_name', value: 'Anna' },
            { field: 'last_name', value: 'Smith' },
            { field: 'raw_queried_name', value: 'anna smith' },
          ],
          countryCodes: ['de', 'Germany'],
          age: 45,
          entity: 1,
        },
      }),
    ).toEqual({
      name: 'Anna Smith',
      firstName: 'Anna',
      lastName: 'Smith',
      countryCodes: ['DE'],
      entityType: 'person',
      customerExternalId: 'C-7',
    });
  });

  it('falls back on the subject name when the service did not say', () => {
    expect(
      subjectFromReport({ subjectName: 'Acme', customerExternalId: null, input: null }),
    ).toEqual({ name: 'Acme', countryCodes: [] });
  });
});

describe('the generate form', () => {
  it('reads country codes as typed, and names the ones that are not codes', () => {
    expect(parseCountryCodes(' de, fr  at;DE ')).toEqual({ codes: ['DE', 'FR', 'AT'], bad: [] });
    expect(parseCountryCodes('Germany, FR')).toEqual({ codes: ['FR'], bad: ['Germany'] });
    expect(parseCountryCodes('')).toEqual({ codes: [], bad: [] });
  });

  it('refuses an empty name and a bad date before anything is sent', () => {
    const empty = formFromSubject({ name: '' });
    const problems = (form: typeof empty) => {
      const result = subjectFromForm(form);
      return result.ok ? {} : result.errors;
    };
    expect(problems(empty).name).toMatch(/name/);
    expect(problems({ ...empty, name: 'X', dateOfBirth: '1980-13-40' }).dateOfBirth).toMatch(
      /YYYY-MM-DD/,
    );
    expect(problems({ ...empty, name: 'X', countries: 'Germany' }).countries).toContain('Germany');
    expect(subjectFromForm({ ...empty, lastName: 'Smith' })).toEqual({
      ok: true,
      subject: { name: '', lastName: 'Smith', countryCodes: [] },
    });
  });
});

function source(key: string, patch: Partial<PressSourceView> = {}): PressSourceView {
  return {
    key,
    url: `https://${key}.example/a`,
    site: `${key}.example`,
    title: `Title ${key}`,
    snippet: '',
    summary: '',
    quality: false,
    images: [],
    index: null,
    citedIn: [],
    read: false,
    ...patch,
  };
}

describe('the sources of a report', () => {
  const sources = [
    source('a', { quality: true, title: 'Fraud charges filed' }),
    source('b', { read: true, snippet: 'court said FRAUD' }),
    source('c', { citedIn: ['Financial crime'] }),
  ];
  it('filter by unread, quality and words in title, snippet, summary, site or citing section', () => {
    expect(filterSources(sources, {}).map((s) => s.key)).toEqual(['a', 'b', 'c']);
    expect(filterSources(sources, { unreadOnly: true }).map((s) => s.key)).toEqual(['a', 'c']);
    expect(filterSources(sources, { qualityOnly: true }).map((s) => s.key)).toEqual(['a']);
    expect(filterSources(sources, { text: 'fraud' }).map((s) => s.key)).toEqual(['a', 'b']);
    expect(filterSources(sources, { text: 'financial' }).map((s) => s.key)).toEqual(['c']);
    expect(filterSources(sources, { text: 'c.example' }).map((s) => s.key)).toEqual(['c']);
  });
});

describe('summaries compared', () => {
  const RLO = '\u202E';
  it('mark added and removed words for screen readers too, not by colour alone', () => {
    const html = renderToStaticMarkup(
      createElement(TextPieces, {
        pieces: [
          { op: 'same', text: 'The firm ' },
          { op: 'removed', text: 'was cleared' },
          { op: 'added', text: `was charged${RLO}` },
        ],
      }),
    );
    expect(html).toMatch(/<del[^>]*><span class="visually-hidden">removed: <\/span>was cleared/);
    expect(html).toMatch(/<ins[^>]*><span class="visually-hidden">added: <\/span>was charged/);
    // Service text: isolated, direction controls shown and not applied.
    expect(html).toMatch(/^<bdi dir="auto"/);
    expect(html).not.toContain(RLO);
    expect(html).toContain('>RLO</abbr>');
  });

  it('hostile markup in a summary stays text', () => {
    const html = renderToStaticMarkup(
      createElement(TextPieces, {
        pieces: [{ op: 'added', text: '<img src=x onerror=alert(1)>' }],
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });
});

describe('changes in words', () => {
  it('name every category change', () => {
    for (const change of [
      'added',
      'removed',
      'severity',
      'certainty',
      'severity-and-certainty',
      'reverted',
      'restored',
      'unchanged',
    ] as const)
      expect(categoryChangeLabel(change)).toMatch(/\w/);
  });
  it('say how a number moved', () => {
    expect(numberChange(3, 5)).toBe('3 → 5 (+2)');
    expect(numberChange(0.8, 0.5)).toBe('0.8 → 0.5 (−0.3)');
    expect(numberChange(null, 4)).toBe('none → 4');
    expect(numberChange(4, 4)).toBe('4 (unchanged)');
    expect(numberChange(null, null)).toBe('none (unchanged)');
  });
});
