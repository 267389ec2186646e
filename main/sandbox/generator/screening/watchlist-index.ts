// The watchlist, indexed for screening: every profile name as interned tokens, and posting lists
// from phonetic keys to names (blocking), so a subject is only compared with the few hundred names
// that share its keys rather than with the whole list.
import type { AccountType } from '../../model';
import { jaroWinkler } from './jaro-winkler';
import { GENERIC_FIRM_WORDS, nameTokens } from './normalize';
import { phoneticKey } from './phonetic';
import { watchlistProfile, type WatchlistProfile } from './watchlist';

/** Interned tokens with their weights and a memo of pairwise similarities. */
export class TokenTable {
  private readonly ids = new Map<string, number>();
  readonly texts: string[] = [];
  readonly weights: number[] = [];
  readonly keys: string[] = [];
  private readonly similarities = new Map<number, number>();

  intern(text: string): number {
    const known = this.ids.get(text);
    if (known !== undefined) return known;
    const id = this.texts.length;
    this.ids.set(text, id);
    this.texts.push(text);
    const generic = GENERIC_FIRM_WORDS.has(text);
    this.weights.push(generic ? 0.35 : text.length === 1 ? 0.6 : 1);
    this.keys.push(generic || text.length < 2 ? '' : phoneticKey(text));
    return id;
  }

  similarity(a: number, b: number): number {
    if (a === b) return 1;
    const key = a < b ? a * 1_048_576 + b : b * 1_048_576 + a;
    const known = this.similarities.get(key);
    if (known !== undefined) return known;
    const textA = this.texts[a] ?? '';
    const textB = this.texts[b] ?? '';
    let value: number;
    if (textA.length === 1 || textB.length === 1) {
      // An initial ("J.") stands for any name with that first letter.
      value = textA.charAt(0) === textB.charAt(0) ? 0.85 : 0;
    } else {
      value = jaroWinkler(textA, textB);
    }
    // Live screening interns new tokens forever; bound the memo instead of the vocabulary.
    if (this.similarities.size > 4_000_000) this.similarities.clear();
    this.similarities.set(key, value);
    return value;
  }
}

export interface IndexedName {
  profile: number;
  name: number;
  tokens: readonly number[];
  /** Distinct blocking keys of the name (generic words have none). */
  keyCount: number;
}

export interface WatchlistIndex {
  seed: number;
  size: number;
  profiles: readonly WatchlistProfile[];
  /** Profile position by profile number. */
  byNumber: ReadonlyMap<string, number>;
  names: readonly IndexedName[];
  tokens: TokenTable;
  postings: Readonly<Record<AccountType, Map<string, number[]>>>;
  /** Scratch counters for candidate gathering, one per indexed name. */
  hits: Uint8Array;
}

export function tokensOf(
  table: TokenTable,
  parts: { first_name: string; middle_name: string; last_name: string; company_name: string },
  firm: boolean,
): number[] {
  const texts = firm
    ? nameTokens(parts.company_name, true)
    : [
        ...nameTokens(parts.first_name, false),
        ...nameTokens(parts.middle_name, false),
        ...nameTokens(parts.last_name, false),
      ];
  return texts.slice(0, 8).map((text) => table.intern(text));
}

export function distinctKeys(table: TokenTable, tokens: readonly number[]): string[] {
  const keys = new Set<string>();
  for (const token of tokens) {
    const key = table.keys[token];
    if (key) keys.add(key);
  }
  return [...keys];
}

function build(seed: number, size: number): WatchlistIndex {
  const tokens = new TokenTable();
  const profiles: WatchlistProfile[] = [];
  const names: IndexedName[] = [];
  const postings: Record<AccountType, Map<string, number[]>> = { N: new Map(), F: new Map() };
  const byNumber = new Map<string, number>();
  for (let index = 0; index < size; index++) {
    const profile = watchlistProfile(seed, index);
    profiles.push(profile);
    byNumber.set(profile.profileNumber, index);
    const seen = new Set<string>();
    profile.names.forEach((name, nameIndex) => {
      const ids = tokensOf(tokens, name, profile.entity === 'F');
      const signature = ids
        .slice()
        .sort((a, b) => a - b)
        .join(',');
      if (ids.length === 0 || seen.has(signature)) return;
      seen.add(signature);
      const keys = distinctKeys(tokens, ids);
      const id = names.length;
      names.push({ profile: index, name: nameIndex, tokens: ids, keyCount: keys.length });
      for (const key of keys) {
        const list = postings[profile.entity].get(key);
        if (list) list.push(id);
        else postings[profile.entity].set(key, [id]);
      }
    });
  }
  return {
    seed,
    size,
    profiles,
    byNumber,
    names,
    tokens,
    postings,
    hits: new Uint8Array(names.length),
  };
}

/** How many profiles a seed's watchlist has unless a tenant was generated with another size. */
export const DEFAULT_WATCHLIST_PROFILES = 60_000;

const indexes = new Map<string, WatchlistIndex>();
const activeSizes = new Map<number, number>();

/**
 * Records the watchlist size a tenant of this seed was generated with, so that live screening
 * (which knows only the seed) screens against the same list.
 */
export function useWatchlistSize(seed: number, size: number): void {
  activeSizes.set(seed, size);
}

export function watchlistIndex(seed: number, size?: number): WatchlistIndex {
  const profiles = size ?? activeSizes.get(seed) ?? DEFAULT_WATCHLIST_PROFILES;
  const key = `${seed}:${profiles}`;
  const known = indexes.get(key);
  if (known) return known;
  const built = build(seed, profiles);
  if (indexes.size >= 3) {
    const oldest = indexes.keys().next().value;
    if (oldest !== undefined) indexes.delete(oldest);
  }
  indexes.set(key, built);
  return built;
}
