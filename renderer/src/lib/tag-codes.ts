// Tag codes as the investigator types them: several at once, separated by commas.

/** The service's limits on tag codes (Upload document, Update document). */
export const MAX_TAG_LENGTH = 64;
export const MAX_TAGS = 50;

/** The tags in typed text: split at commas and line breaks, trimmed, empty parts dropped. */
export function splitTagCodes(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export interface TagAddition {
  tags: string[];
  /** What could not be added, with the reason, for the field to show. */
  problem: string | null;
  /** The typed parts left out (too long, over the count), kept so nothing typed is lost. */
  leftOver: string;
}

/** Adds typed tags to a list: each tag once, in the order typed, within the service's limits. */
export function addTagCodes(existing: readonly string[], text: string): TagAddition {
  const tags = [...existing];
  const left: string[] = [];
  let problem: string | null = null;
  for (const tag of splitTagCodes(text)) {
    if (tags.includes(tag)) continue;
    if (tag.length > MAX_TAG_LENGTH) {
      problem = `A tag code is at most ${MAX_TAG_LENGTH} characters; shorten “${tag.slice(0, 20)}…”.`;
      left.push(tag);
    } else if (tags.length >= MAX_TAGS) {
      problem = `A document takes at most ${MAX_TAGS} tags.`;
      left.push(tag);
    } else {
      tags.push(tag);
    }
  }
  return { tags, problem, leftOver: left.join(', ') };
}

/**
 * Typing into a tag field: the parts before the last comma are finished tags; the part after it
 * is still being typed.
 */
export function splitFinished(text: string): { finished: string; typing: string } {
  const last = Math.max(text.lastIndexOf(','), text.lastIndexOf('\n'));
  if (last < 0) return { finished: '', typing: text };
  return { finished: text.slice(0, last), typing: text.slice(last + 1).trimStart() };
}

/** Suggestions not chosen yet, most used first (the facets' order). */
export function tagSuggestions(
  known: ReadonlyArray<{ value: string; count: number }>,
  chosen: readonly string[],
): Array<{ value: string; count: number }> {
  return known.filter((tag) => !chosen.includes(tag.value));
}
