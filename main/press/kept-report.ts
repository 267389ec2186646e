import { z } from 'zod';
import {
  PressSubject,
  type PressCategoryView,
  type PressReportDetail,
  type PressReportSummary,
  type PressSourceView,
} from '../../preload/contract';
import { WirePressReportSchema, type WirePressReport } from '../api/wire/press';
import { foldedWords, subjectKey } from './subject-key';

// A kept report is the report as the service sent it, never rewritten, plus what only CaseDesk
// knows of it. Everything screens read is derived from that, so a better derivation later reads
// every report kept before it.

export const PRESS_REPORT_KIND = 'press-report';

export const KeptPressReport = z.object({
  v: z.literal(1),
  wire: WirePressReportSchema,
  origin: z.enum(['generated', 'opened', 'forced']),
  /** What the investigator asked for, when CaseDesk generated it. */
  asked: PressSubject.nullable(),
  customerExternalId: z.string().nullable(),
  previousReportId: z.string().nullable(),
  /** Keys of sources the investigator marked read. */
  readSources: z.array(z.string()).default([]),
  /** When CaseDesk first kept it. */
  keptAtMs: z.number().int(),
});
export type KeptPressReport = z.output<typeof KeptPressReport>;

type WireSource = WirePressReport['general_sources'][number];

const RISK_START = 240;
const SEVERITY_RANK: Record<string, number> = { high: 3, medium: 2, low: 1 };

/** high > medium > low > any other value (kept, ranked below low); empty values do not count. */
export function severityRank(severity: string): number {
  const known = SEVERITY_RANK[severity.trim().toLowerCase()];
  return known ?? (severity.trim() === '' ? -1 : 0);
}

/** The URL's host; empty when it has none or is not a URL. */
export function siteOf(url: string): string {
  try {
    return new URL(url.trim()).hostname;
  } catch {
    return '';
  }
}

/** The name a subject is asked under: its name, else its person's names, else its company. */
export function nameAskedFor(subject: z.output<typeof PressSubject>): string {
  if (subject.name.trim()) return subject.name.trim();
  const person = [subject.firstName, subject.middleName, subject.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return person || (subject.companyName ?? '').trim();
}

/** Reports with the same group are the same subject: the same customer, else the same name key. */
export function groupOf(customerExternalId: string | null, key: string): string {
  return customerExternalId ? `customer:${customerExternalId}` : `name:${key}`;
}

/**
 * Every source once per URL (else per index, else per place): a source several sections cite is
 * one source citing them all, its empty fields filled from the other copies.
 */
function collectSources(wire: WirePressReport, read: ReadonlySet<string>) {
  const byKey = new Map<string, PressSourceView>();
  let place = 0;
  const add = (source: WireSource, citedIn: string): string => {
    place += 1;
    const site = source.website;
    const url = (site?.url ?? '').trim();
    const index = typeof site?.index === 'number' ? site.index : null;
    const key = url || (index === null ? `#${place}` : `#${index}`);
    const found = byKey.get(key);
    if (!found) {
      byKey.set(key, {
        key,
        url,
        site: siteOf(url),
        title: site?.title ?? '',
        snippet: site?.snippet ?? '',
        summary: site?.summary ?? '',
        quality: site?.is_known_as_quality_source === true,
        images: [...new Set(site?.images ?? [])],
        index,
        citedIn: [citedIn],
        read: read.has(key),
      });
      return key;
    }
    found.title ||= site?.title ?? '';
    found.snippet ||= site?.snippet ?? '';
    found.summary ||= site?.summary ?? '';
    found.quality ||= site?.is_known_as_quality_source === true;
    found.index ??= index;
    for (const image of site?.images ?? [])
      if (!found.images.includes(image)) found.images.push(image);
    if (!found.citedIn.includes(citedIn)) found.citedIn.push(citedIn);
    return key;
  };
  for (const source of wire.general_sources) add(source, 'general');
  const categories: PressCategoryView[] = wire.report_categories.map((category) => {
    const name = category.category ?? '';
    const keys = category.sources.map((source) => add(source, name || 'a category'));
    return {
      category: name,
      severity: category.severity ?? '',
      degreeOfCertainty: category.degree_of_certainty ?? '',
      reason: category.reason ?? '',
      reverted: category.reverted === true,
      sourceKeys: [...new Set(keys)],
    };
  });
  for (const source of wire.other_sources) add(source, 'other');
  return { sources: [...byKey.values()], categories };
}

function highestSeverity(categories: readonly PressCategoryView[]): string | null {
  let best: string | null = null;
  for (const category of categories) {
    if (category.reverted || severityRank(category.severity) < 0) continue;
    if (best === null || severityRank(category.severity) > severityRank(best))
      best = category.severity;
  }
  return best;
}

function inputOf(wire: WirePressReport): PressReportDetail['input'] {
  const input = wire.metadata?.input;
  if (!input) return null;
  const components = Object.entries(input.search_name_components ?? {}).flatMap(([field, value]) =>
    typeof value === 'string' && value.trim() ? [{ field, value }] : [],
  );
  return {
    name: input.name ?? '',
    components,
    countryCodes: input.additional_info?.CountryCodes ?? [],
    age: input.additional_info?.Age ?? null,
    entity: input.additional_info?.Entity ?? null,
  };
}

function missingSections(wire: WirePressReport, sourceCount: number): string[] {
  const missing: string[] = [];
  if (!wire.general_summary?.trim()) missing.push('general summary');
  if (!wire.risk_summary?.trim()) missing.push('risk summary');
  if (sourceCount === 0) missing.push('sources');
  if (!wire.namesake) missing.push('namesake');
  if (!wire.metadata?.input) missing.push('input');
  return missing;
}

/** The name the report is about: its input's name, else the name asked for. */
function subjectNameOf(kept: KeptPressReport): string {
  return (
    kept.wire.metadata?.input?.name?.trim() || (kept.asked ? nameAskedFor(kept.asked) : '') || ''
  );
}

/** The report as the reader shows it. */
export function detailOf(kept: KeptPressReport): PressReportDetail {
  const { wire } = kept;
  const read = new Set(kept.readSources);
  const { sources, categories } = collectSources(wire, read);
  const subjectName = subjectNameOf(kept);
  const riskSummary = wire.risk_summary ?? '';
  const summary: PressReportSummary = {
    id: wire.report_body_id,
    createdAt: wire.created_at ?? null,
    keptAtMs: kept.keptAtMs,
    subjectName,
    subjectKey: subjectKey(kept.asked ? nameAskedFor(kept.asked) : subjectName),
    customerExternalId: kept.customerExternalId,
    origin: kept.origin,
    previousReportId: kept.previousReportId,
    categories: categories.map(({ category, severity, reverted }) => ({
      category,
      severity,
      reverted,
    })),
    highestSeverity: highestSeverity(categories),
    sourceCount: sources.length,
    readSourceCount: sources.filter((source) => source.read).length,
    namesakeCount: wire.namesake?.count ?? null,
    riskSummaryStart: riskSummary.slice(0, RISK_START),
  };
  return {
    summary,
    generalSummary: wire.general_summary ?? '',
    riskSummary,
    categories,
    sources,
    namesake: wire.namesake
      ? {
          count: wire.namesake.count ?? null,
          score: wire.namesake.score ?? null,
          historicalOrDeadEntity: wire.namesake.historical_or_dead_entity ?? null,
          indexes: JSON.stringify(wire.namesake.indexes),
        }
      : null,
    input: inputOf(wire),
    // "Generate again" starts from what was asked (a date of birth the service's input lacks).
    asked: kept.asked,
    missingSections: missingSections(wire, sources.length),
  };
}

export const DIGEST_VERSION = 1;

/** What is kept beside the report for lists and search (local store migration 002). */
export function indexOf(kept: KeptPressReport, detail: PressReportDetail = detailOf(kept)) {
  const words = new Set(
    [
      detail.summary.subjectName,
      detail.generalSummary,
      detail.riskSummary,
      ...detail.categories.map((category) => category.category),
      ...detail.sources.map((source) => source.title),
    ].flatMap(foldedWords),
  );
  return {
    subject: groupOf(kept.customerExternalId, detail.summary.subjectKey),
    digest: { v: DIGEST_VERSION, summary: detail.summary },
    searchText: ` ${[...words].join(' ')} `,
  };
}
