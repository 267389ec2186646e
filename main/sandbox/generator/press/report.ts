// Instant press (adverse media) reports. The findings about a name follow from a hash of the
// normalised name, so "Sergey Ivanov", "IVANOV Sergei" and "Иванов Сергей" get the same report;
// about six names in ten are clean. Given the previous report of the same name, the new one starts
// from it and applies at most one change (a new article, a withdrawn or reinstated finding, a
// revised severity or certainty, namesakes found or ruled out), and the general summary says what
// changed: a chain of reports is stable (the same previous report gives the same next one) and
// comparing any two of them is meaningful.
import type { PressReport, PressSource } from '../../model';
import { ageAt, parseIsoMs } from '../dates';
import { countryName } from '../geo';
import { hashString, Rng } from '../rng';
import { nameTokens } from '../screening/normalize';
import { ARTICLES, type ArticleTemplate, NEUTRAL_ARTICLES, OUTLETS, type Severity } from './corpus';

type Category = PressReport['report_categories'][number];

export interface PressInput {
  reportId: string;
  createdAt: string;
  name: string;
  countryCodes: string[];
  dateOfBirth: string;
  entityType: 1 | 2 | null;
  previous: PressReport | null;
}

function nameKey(name: string, firm: boolean): string {
  return nameTokens(name, firm).sort().join(' ');
}

/** The categories and severities a name's base report holds (used for customer indicators too). */
export function pressFindings(
  name: string,
  firm: boolean,
): { category: string; severity: Severity }[] {
  const key = nameKey(name, firm);
  if (key.length === 0) return [];
  const rng = Rng.fromSeed(hashString(key, 0x9e55)).fork('press');
  if (rng.chance(0.62)) return [];
  const count = rng.weighted([
    [1, 60],
    [2, 30],
    [3, 10],
  ]);
  const picked = new Map<string, ArticleTemplate>();
  for (let i = 0; i < 6 && picked.size < count; i++) {
    const article = rng.pick(ARTICLES);
    if (!picked.has(article.category)) picked.set(article.category, article);
  }
  return [...picked.values()].map((article) => ({
    category: article.category,
    severity: article.severity,
  }));
}

function fill(template: string, name: string, rng: Rng, country: string): string {
  return template
    .replace(/\{name\}/g, name)
    .replace(/\{country\}/g, country)
    .replace(/\{year\}/g, String(rng.int(2014, 2024)))
    .replace(/\{amount\}/g, `EUR ${rng.int(2, 950)} million`);
}

function source(
  rng: Rng,
  name: string,
  country: string,
  article: { title: string; snippet: string; summary: string },
  index: number,
): PressSource {
  const outlet = rng.pick(OUTLETS);
  const title = fill(article.title, name, rng, country);
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return {
    consulted_by_agents: [],
    website: {
      images: rng.chance(0.4) ? [`https://${outlet.domain}/media/${rng.digits(6)}.jpg`] : [],
      index,
      is_known_as_quality_source: outlet.quality,
      snippet: fill(article.snippet, name, rng, country),
      summary: fill(article.summary, name, rng, country),
      title,
      url: `https://${outlet.domain}/${rng.int(2016, 2025)}/${slug}`,
    },
  };
}

function certainty(input: PressInput, rng: Rng): string {
  const evidence = (input.dateOfBirth ? 1 : 0) + (input.countryCodes.length > 0 ? 1 : 0);
  return rng.pick(
    [
      ['low', 'medium'],
      ['medium', 'high'],
      ['high', 'high'],
    ][evidence] ?? ['medium'],
  );
}

function baseCategories(input: PressInput, firm: boolean, counter: { next: number }): Category[] {
  const key = nameKey(input.name, firm);
  const country = countryName(input.countryCodes[0] ?? 'GB');
  return pressFindings(input.name, firm).map(({ category }) => {
    const rng = Rng.fromSeed(hashString(`${key}:${category}`, 0x7a11));
    const articles = ARTICLES.filter((article) => article.category === category);
    const main = articles.find((article) => article.severity === 'high') ?? articles[0];
    const chosen = rng.pick(articles);
    const sources = Array.from({ length: rng.int(1, 3) }, () =>
      source(
        rng,
        input.name,
        country,
        chosen ?? main ?? { title: '', snippet: '', summary: '' },
        counter.next++,
      ),
    );
    return {
      category,
      degree_of_certainty: certainty(input, rng),
      reason: fill(chosen?.summary ?? '', input.name, rng, country),
      reverted: false,
      severity: chosen?.severity ?? 'medium',
      sources,
    };
  });
}

interface Change {
  categories: Category[];
  other: PressReport['other_sources'];
  namesake: { count: number; score: number };
  note: string;
}

type ChangeKind = 'none' | 'article' | 'revert' | 'restore' | 'severity' | 'certainty' | 'namesake';

// A clean name mostly stays clean (new namesakes are what changes); a flagged one gathers
// articles, has findings withdrawn and reinstated, and sees severities and certainties revised.
function chooseChange(roll: number, active: number, reverted: number): ChangeKind {
  if (active === 0) {
    if (roll < 0.4) return 'none';
    if (roll < 0.8) return 'namesake';
    if (roll < 0.9) return reverted > 0 ? 'restore' : 'none';
    return 'article';
  }
  if (roll < 0.15) return 'none';
  if (roll < 0.42) return 'article';
  if (roll < 0.54) return 'revert';
  if (roll < 0.62) return reverted > 0 ? 'restore' : 'certainty';
  if (roll < 0.75) return 'severity';
  if (roll < 0.87) return 'certainty';
  return 'namesake';
}

const WITHDRAWN = ' Finding withdrawn: the sources relate to a namesake.';
const REINSTATED = ' Finding reinstated: a later source confirms the identity.';
const baseReason = (reason: string) => reason.replace(WITHDRAWN, '').replace(REINSTATED, '');

function neutralSource(rng: Rng, input: PressInput, country: string, index: number): PressSource {
  return source(
    rng,
    input.name,
    country,
    {
      title: rng.pick(NEUTRAL_ARTICLES),
      snippet: `Mention of a person or entity named ${input.name}.`,
      summary: 'Not relevant: namesake or neutral mention.',
    },
    index,
  );
}

function applyChange(
  input: PressInput,
  previous: PressReport,
  firm: boolean,
  counter: { next: number },
): Change {
  const rng = Rng.fromSeed(
    hashString(`${nameKey(input.name, firm)}:${previous.report_body_id}`, 0xc4a9),
  );
  const categories: Category[] = structuredClone(previous.report_categories);
  const other = structuredClone(previous.other_sources);
  const namesake = { count: previous.namesake.count, score: previous.namesake.score };
  const country = countryName(input.countryCodes[0] ?? 'GB');
  const active = categories.filter((category) => !category.reverted);
  const reverted = categories.filter((category) => category.reverted);
  const done = (note: string): Change => ({ categories, other, namesake, note });
  switch (chooseChange(rng.next(), active.length, reverted.length)) {
    case 'none':
      return done('No change since the previous report.');
    case 'article': {
      const article = rng.pick(ARTICLES);
      const target = categories.find((category) => category.category === article.category);
      const added = source(rng, input.name, country, article, counter.next++);
      if (target) target.sources.push(added);
      else
        categories.push({
          category: article.category,
          degree_of_certainty: certainty(input, rng),
          reason: fill(article.summary, input.name, rng, country),
          reverted: false,
          severity: article.severity,
          sources: [added],
        });
      return done(`1 new source in ${article.category}${target ? '' : ' (new category)'}.`);
    }
    case 'revert': {
      const target = rng.pick(active);
      target.reverted = true;
      target.reason = `${baseReason(target.reason)}${WITHDRAWN}`;
      return done(`Finding in ${target.category} reverted (namesake).`);
    }
    case 'restore': {
      const target = rng.pick(reverted);
      target.reverted = false;
      target.reason = `${baseReason(target.reason)}${REINSTATED}`;
      return done(`Finding in ${target.category} reinstated.`);
    }
    case 'severity': {
      const target = rng.pick(active);
      const before = target.severity;
      target.severity = before === 'low' ? 'medium' : before === 'medium' ? 'high' : 'medium';
      return done(
        before === 'high'
          ? `Severity of ${target.category} lowered from high to medium (charges reduced).`
          : `Severity of ${target.category} raised from ${before} to ${target.severity}.`,
      );
    }
    case 'certainty': {
      const target = rng.pick(active);
      const before = target.degree_of_certainty;
      target.degree_of_certainty =
        before === 'low' ? 'medium' : before === 'medium' ? 'high' : 'medium';
      return done(
        `Certainty of ${target.category} revised from ${before} to ${target.degree_of_certainty}.`,
      );
    }
    case 'namesake': {
      const grew = rng.chance(0.7) || namesake.count === 0;
      const step = rng.int(1, 5);
      namesake.count = grew ? namesake.count + step : Math.max(0, namesake.count - step);
      namesake.score = Math.max(0, Math.min(100, namesake.score + rng.int(-15, 15)));
      if (grew) other.push(neutralSource(rng, input, country, counter.next++));
      return done(
        `Namesakes ${grew ? 'found' : 'ruled out'}: ${namesake.count} in all (score ${namesake.score}).`,
      );
    }
  }
}

function riskSummary(categories: readonly Category[]): string {
  const active = categories.filter((category) => !category.reverted);
  if (active.length === 0) return 'No adverse media found.';
  const high = active.some((category) => category.severity === 'high');
  const list = active.map((category) => `${category.category} (${category.severity})`).join(', ');
  return `${high ? 'High' : 'Moderate'} press risk: ${active.length} adverse media categor${active.length === 1 ? 'y' : 'ies'}: ${list}.`;
}

function components(
  name: string,
  firm: boolean,
): PressReport['metadata']['input']['search_name_components'] {
  if (firm)
    return {
      company_name: name,
      first_name: '',
      last_name: '',
      middle_name: '',
      raw_queried_name: name,
      trading_name: '',
    };
  const parts = name.trim().split(/\s+/);
  return {
    company_name: '',
    first_name: parts.length > 1 ? (parts[0] ?? '') : '',
    last_name: parts[parts.length - 1] ?? '',
    middle_name: parts.slice(1, -1).join(' '),
    raw_queried_name: name,
    trading_name: '',
  };
}

export function buildPressReport(input: PressInput): PressReport {
  const firm = input.entityType === 2;
  const key = nameKey(input.name, firm);
  const rng = Rng.fromSeed(hashString(key, 0x5eed)).fork('report');
  const counter = { next: 0 };
  const country = countryName(input.countryCodes[0] ?? 'GB');
  // The service compares with any report it is given; one about another name has nothing to
  // carry over, so the new report starts from the name's own findings and says so.
  const previous =
    input.previous && nameKey(input.previous.metadata.input.name, firm) === key
      ? input.previous
      : null;
  if (previous) {
    const indexes = [
      ...previous.general_sources,
      ...previous.other_sources,
      ...previous.report_categories.flatMap((c) => c.sources),
    ].map((s) => s.website.index);
    counter.next = Math.max(-1, ...indexes) + 1;
  }
  const change = previous ? applyChange(input, previous, firm, counter) : null;
  const categories = change ? change.categories : baseCategories(input, firm, counter);
  const namesakeCount = rng.int(0, 40);
  const other =
    change?.other ??
    Array.from({ length: Math.min(namesakeCount, rng.int(0, 4)) }, () =>
      neutralSource(rng, input, country, counter.next++),
    );
  const general = categories.flatMap((category) => category.sources);
  const createdMs = parseIsoMs(input.createdAt) ?? 0;
  const age = input.dateOfBirth ? (ageAt(input.dateOfBirth, createdMs) ?? 0) : 0;
  const searchedBefore = previous?.metadata.sources['searched'];
  const searched =
    typeof searchedBefore === 'number'
      ? searchedBefore + (general.length % 7) + 3
      : 40 + rng.int(0, 400);
  const previousNote = !input.previous
    ? ''
    : previous
      ? ` Compared with report ${previous.report_body_id} of ${previous.created_at}: ${change?.note ?? ''}`
      : ` Compared with report ${input.previous.report_body_id} of ${input.previous.created_at} (about another name): no findings carried over.`;
  const namesakeScore = rng.int(0, 100);
  return {
    report_body_id: input.reportId,
    created_at: input.createdAt,
    general_summary: `Searched ${searched} sources for "${input.name}"${input.countryCodes.length ? ` (${input.countryCodes.join(', ')})` : ''}; ${general.length} relevant, ${other.length} about namesakes or neutral.${previousNote}`,
    risk_summary: riskSummary(categories),
    general_sources: general,
    other_sources: other,
    report_categories: categories,
    namesake: {
      count: change ? change.namesake.count : namesakeCount,
      historical_or_dead_entity: hashString(key, 0xdead) % 37 === 0,
      indexes: other.map((s) => s.website.index),
      score: change ? change.namesake.score : namesakeScore,
    },
    metadata: {
      input: {
        additional_info: {
          Age: age,
          CountryCodes: input.countryCodes.slice(),
          Entity: input.entityType ?? 0,
        },
        name: input.name,
        search_name_components: components(input.name, firm),
      },
      sources: {
        searched,
        relevant: general.length,
        languages: ['en', 'de', 'fr', 'es'].slice(0, rng.int(1, 4)),
      },
      time: { started_at: input.createdAt, duration_ms: rng.int(1800, 24_000) },
      tokens: { input: rng.int(8_000, 60_000), output: rng.int(500, 4_000) },
    },
  };
}
