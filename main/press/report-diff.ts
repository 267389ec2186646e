import type {
  PressCategoryChange,
  PressCategoryView,
  PressDiff,
  PressReportDetail,
  PressSourceView,
} from '../../preload/contract';
import { diffWords } from './word-diff';

// What changed between two kept reports of a subject (issue 14): categories matched by name,
// sources by URL, namesake facts, and the summaries word by word. Pure: the press core reads both
// reports from the local store and hands them here, older first.

type CategoryEntry = PressDiff['categories'][number];
type CategoryFacts = Omit<PressCategoryView, 'sourceKeys'>;

const fold = (text: string) => text.trim().toLowerCase();

/**
 * Where each change is listed: what an investigator must look at first (new findings, findings
 * withdrawn, findings graded differently), then what went back or away, unchanged ones last.
 */
const LISTING_ORDER: Record<PressCategoryChange, number> = {
  added: 0,
  reverted: 1,
  'severity-and-certainty': 2,
  severity: 3,
  certainty: 4,
  restored: 5,
  removed: 6,
  unchanged: 7,
};

/** high > medium > low > anything else the service may send. */
function severityRank(severity: string): number {
  const rank = ['low', 'medium', 'high'].indexOf(fold(severity));
  return rank + 1;
}

function changeOf(before: CategoryFacts, after: CategoryFacts): PressCategoryChange {
  if (!before.reverted && after.reverted) return 'reverted';
  if (before.reverted && !after.reverted) return 'restored';
  const severity = fold(before.severity) !== fold(after.severity);
  const certainty = fold(before.degreeOfCertainty) !== fold(after.degreeOfCertainty);
  if (severity && certainty) return 'severity-and-certainty';
  if (severity) return 'severity';
  if (certainty) return 'certainty';
  return 'unchanged';
}

function facts(category: PressCategoryView): CategoryFacts {
  const { category: name, severity, degreeOfCertainty, reason, reverted } = category;
  return { category: name, severity, degreeOfCertainty, reason, reverted };
}

/**
 * Pairs the items of two lists with the same key, occurrence by occurrence (a report may name a
 * category or cite a URL twice): each item lands in exactly one pair or is left over on its side.
 */
function pairByKey<T>(
  older: readonly T[],
  newer: readonly T[],
  key: (item: T) => string,
): { pairs: Array<[T, T]>; onlyOlder: T[]; onlyNewer: T[] } {
  const waiting = new Map<string, T[]>();
  for (const item of older) {
    const itemKey = key(item);
    const list = waiting.get(itemKey);
    if (list) list.push(item);
    else waiting.set(itemKey, [item]);
  }
  const paired = new Set<T>();
  const pairs: Array<[T, T]> = [];
  const onlyNewer: T[] = [];
  const taken = new Map<string, number>();
  for (const item of newer) {
    const itemKey = key(item);
    const list = waiting.get(itemKey);
    const next = taken.get(itemKey) ?? 0;
    const match = list?.[next];
    if (match === undefined) {
      onlyNewer.push(item);
      continue;
    }
    taken.set(itemKey, next + 1);
    paired.add(match);
    pairs.push([match, item]);
  }
  return { pairs, onlyOlder: older.filter((item) => !paired.has(item)), onlyNewer };
}

function diffCategories(
  older: readonly PressCategoryView[],
  newer: readonly PressCategoryView[],
): CategoryEntry[] {
  const { pairs, onlyOlder, onlyNewer } = pairByKey(older, newer, (item) => fold(item.category));
  const entries: CategoryEntry[] = [
    ...onlyNewer.map((item) => ({
      category: item.category.trim(),
      change: 'added' as const,
      before: null,
      after: facts(item),
    })),
    ...pairs.map(([before, after]) => ({
      category: after.category.trim(),
      change: changeOf(before, after),
      before: facts(before),
      after: facts(after),
    })),
    ...onlyOlder.map((item) => ({
      category: item.category.trim(),
      change: 'removed' as const,
      before: facts(item),
      after: null,
    })),
  ];
  const weight = (entry: CategoryEntry) =>
    severityRank((entry.after ?? entry.before)?.severity ?? '');
  // Array.prototype.sort is stable: ties keep the reports' own order.
  return entries.sort(
    (left, right) =>
      LISTING_ORDER[left.change] - LISTING_ORDER[right.change] ||
      weight(right) - weight(left) ||
      fold(left.category).localeCompare(fold(right.category)),
  );
}

/**
 * The URL as written, with what does not change the article it names set aside: spaces around
 * it, the case of its scheme and host, the fragment, a trailing slash on the path.
 */
function normalizeUrl(url: string): string {
  const withoutFragment = url.trim().replace(/#.*$/s, '');
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)([^/?]*)([^?]*)(.*)$/is.exec(withoutFragment);
  if (!parts) return withoutFragment.replace(/\/+$/, '');
  const [, scheme = '', authority = '', path = '', query = ''] = parts;
  // The user part of an authority (user@host) keeps its case; the host does not have one.
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : authority.slice(at + 1);
  const user = at < 0 ? '' : authority.slice(0, at + 1);
  return `${scheme.toLowerCase()}${user}${host.toLowerCase()}${path.replace(/\/+$/, '')}${query}`;
}

/**
 * What makes two sources of two reports the same article: the URL, normalised; for a source
 * without a URL, its title and site (any case). The prefixes keep the two kinds apart.
 */
export function sourceIdentity(source: PressSourceView): string {
  const url = normalizeUrl(source.url);
  if (url) return `url ${url}`;
  return `title ${fold(source.title)}\u0000${fold(source.site)}`;
}

function sameNamesake(diff: PressDiff['namesake']): boolean {
  return diff.countBefore === diff.countAfter && diff.scoreBefore === diff.scoreAfter;
}

/** What changed from `older` to `newer`, two kept reports of one subject. */
export function diffReports(older: PressReportDetail, newer: PressReportDetail): PressDiff {
  const categories = diffCategories(older.categories, newer.categories);
  const { pairs, onlyOlder, onlyNewer } = pairByKey(older.sources, newer.sources, sourceIdentity);
  const namesake = {
    countBefore: older.namesake?.count ?? null,
    countAfter: newer.namesake?.count ?? null,
    scoreBefore: older.namesake?.score ?? null,
    scoreAfter: newer.namesake?.score ?? null,
  };
  const generalSummary = diffWords(older.generalSummary, newer.generalSummary);
  const riskSummary = diffWords(older.riskSummary, newer.riskSummary);
  // A reworded reason lists no change of its own (the reader shows both reasons), but the two
  // reports are not "the same" then.
  const same =
    categories.every(
      (entry) => entry.change === 'unchanged' && entry.before?.reason === entry.after?.reason,
    ) &&
    onlyOlder.length === 0 &&
    onlyNewer.length === 0 &&
    sameNamesake(namesake) &&
    older.generalSummary === newer.generalSummary &&
    older.riskSummary === newer.riskSummary;
  return {
    older: older.summary,
    newer: newer.summary,
    categories,
    sources: { added: onlyNewer, removed: onlyOlder, unchanged: pairs.length },
    namesake,
    generalSummary,
    riskSummary,
    same,
  };
}
