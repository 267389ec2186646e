import { randomUUID } from 'node:crypto';

// Press report bodies with known contents, for the sandbox to keep as a colleague's reports would
// be (PUT /__sandbox/press/reportbody/{id}), so what the screens show (changes, filters,
// search) is known exactly.

export interface PlantedSource {
  url: string;
  title: string;
  snippet?: string;
  quality?: boolean;
  images?: string[];
}

export interface PlantedCategory {
  category: string;
  severity: 'low' | 'medium' | 'high';
  certainty: 'low' | 'medium' | 'high';
  reverted?: boolean;
  sources: PlantedSource[];
}

export interface PlantedReport {
  id: string;
  name: string;
  createdAt: string;
  risk: string;
  general: string;
  categories: PlantedCategory[];
  namesake: { count: number; score: number };
}

/** The report as the service sends it (spec: Press report), sources indexed in order. */
export function wireReport(report: PlantedReport): Record<string, unknown> {
  let index = 0;
  const website = (source: PlantedSource) => ({
    consulted_by_agents: [],
    website: {
      images: source.images ?? [],
      index: index++,
      is_known_as_quality_source: source.quality ?? false,
      snippet: source.snippet ?? `${source.title}: what the article says.`,
      summary: `About ${report.name}.`,
      title: source.title,
      url: source.url,
    },
  });
  const categories = report.categories.map((category) => ({
    category: category.category,
    degree_of_certainty: category.certainty,
    reason: `Articles on ${category.category.toLowerCase()} name ${report.name}.`,
    reverted: category.reverted ?? false,
    severity: category.severity,
    sources: category.sources.map(website),
  }));
  const [first = '', ...rest] = report.name.split(' ');
  return {
    report_body_id: report.id,
    created_at: report.createdAt,
    general_summary: report.general,
    risk_summary: report.risk,
    general_sources: categories.flatMap((category) => category.sources),
    other_sources: [],
    report_categories: categories,
    namesake: {
      count: report.namesake.count,
      historical_or_dead_entity: false,
      indexes: [],
      score: report.namesake.score,
    },
    metadata: {
      input: {
        additional_info: { Age: 0, CountryCodes: ['GB'], Entity: 1 },
        name: report.name,
        search_name_components: {
          company_name: '',
          first_name: first,
          last_name: rest.join(' '),
          middle_name: '',
          raw_queried_name: report.name,
          trading_name: '',
        },
      },
      sources: {},
      time: {},
      tokens: {},
    },
  };
}

export const newReportId = () => `press_e2e${randomUUID().replace(/-/g, '').slice(0, 16)}`;
