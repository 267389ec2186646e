import type {
  PressCategoryView,
  PressReportDetail,
  PressReportSummary,
  PressSourceView,
} from '../../preload/contract';

// Kept press reports as the press core hands them to screens, built small for tests and benches.

export function makeSource(url: string, extra: Partial<PressSourceView> = {}): PressSourceView {
  const site = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  return {
    key: url === '' ? '#0' : url,
    url,
    site,
    title: `Article at ${url}`,
    snippet: '',
    summary: '',
    quality: false,
    images: [],
    index: null,
    citedIn: ['general'],
    read: false,
    ...extra,
  };
}

export function makeCategory(
  category: string,
  extra: Partial<PressCategoryView> = {},
): PressCategoryView {
  return {
    category,
    severity: 'medium',
    degreeOfCertainty: 'likely',
    reason: `Articles about ${category}.`,
    reverted: false,
    sourceKeys: [],
    ...extra,
  };
}

export function makeSummary(
  id: string,
  extra: Partial<PressReportSummary> = {},
): PressReportSummary {
  return {
    id,
    createdAt: null,
    keptAtMs: 0,
    subjectName: 'Jane Roe',
    subjectKey: 'jane roe',
    customerExternalId: null,
    origin: 'generated',
    previousReportId: null,
    categories: [],
    highestSeverity: null,
    sourceCount: 0,
    readSourceCount: 0,
    namesakeCount: null,
    riskSummaryStart: '',
    ...extra,
  };
}

export function makeReport(
  id: string,
  extra: Partial<Omit<PressReportDetail, 'summary'>> = {},
): PressReportDetail {
  return {
    summary: makeSummary(id),
    generalSummary: '',
    riskSummary: '',
    categories: [],
    sources: [],
    namesake: null,
    input: null,
    missingSections: [],
    ...extra,
  };
}
