import type { PressSourceView } from '../../../../preload/contract';

export interface SourceFilter {
  unreadOnly?: boolean;
  qualityOnly?: boolean;
  /** Words found in the title, snippet, summary, site, address or the sections citing it. */
  text?: string;
}

const fold = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** A report's sources narrowed as the reader asks (a report may cite thousands). */
export function filterSources(sources: PressSourceView[], filter: SourceFilter): PressSourceView[] {
  const words = fold(filter.text ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return sources.filter((source) => {
    if (filter.unreadOnly && source.read) return false;
    if (filter.qualityOnly && !source.quality) return false;
    if (!words.length) return true;
    const haystack = fold(
      [
        source.title,
        source.snippet,
        source.summary,
        source.site,
        source.url,
        ...source.citedIn,
      ].join('\n'),
    );
    return words.every((word) => haystack.includes(word));
  });
}
