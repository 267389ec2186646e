// Token-set name similarity (0..1): every token of the shorter name is paired with its closest
// token of the other (order does not matter: "Wang Wei" is "Wei Wang"); weak pairs count as
// misses; surplus tokens of the longer name (a middle name one list omits) cost a little when
// the shorter name has at least two tokens, a lot when it has one, and more when the surplus token
// is a person's first given name (Huda Mohammed al-Rashid is not Mohammed al-Rashid).
import type { TokenTable } from './watchlist-index';

/** Below this Jaro–Winkler similarity two tokens are different names. */
const TOKEN_MATCH = 0.8;

/** "Xiao Ming" against "Xiaoming", "Garcia Lopez" against "Garcialopez": join the two tokens. */
function mergeAdjacent(
  table: TokenTable,
  tokens: readonly number[],
  other: readonly number[],
): readonly number[] {
  if (tokens.length < 2) return tokens;
  const targets = new Set(other.map((id) => table.texts[id] ?? ''));
  for (let i = 0; i + 1 < tokens.length; i++) {
    const joined = (table.texts[tokens[i] ?? -1] ?? '') + (table.texts[tokens[i + 1] ?? -1] ?? '');
    if (targets.has(joined)) {
      return [...tokens.slice(0, i), table.intern(joined), ...tokens.slice(i + 2)];
    }
  }
  return tokens;
}

export function nameSimilarity(
  table: TokenTable,
  subject: readonly number[],
  profile: readonly number[],
  person: boolean,
): number {
  const left = mergeAdjacent(table, subject, profile);
  const right = mergeAdjacent(table, profile, left);
  const n = left.length;
  const m = right.length;
  if (n === 0 || m === 0) return 0;
  const sims = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) sims[i * m + j] = table.similarity(left[i] ?? 0, right[j] ?? 0);
  }
  const usedLeft = new Uint8Array(n);
  const usedRight = new Uint8Array(m);
  const pairs = Math.min(n, m);
  let matched = 0;
  let total = 0;
  for (let k = 0; k < pairs; k++) {
    let best = -1;
    let bestI = 0;
    let bestJ = 0;
    for (let i = 0; i < n; i++) {
      if (usedLeft[i] === 1) continue;
      for (let j = 0; j < m; j++) {
        const value = sims[i * m + j] ?? 0;
        if (usedRight[j] === 0 && value > best) {
          best = value;
          bestI = i;
          bestJ = j;
        }
      }
    }
    usedLeft[bestI] = 1;
    usedRight[bestJ] = 1;
    const weight =
      ((table.weights[left[bestI] ?? 0] ?? 1) + (table.weights[right[bestJ] ?? 0] ?? 1)) / 2;
    total += weight;
    if (best >= TOKEN_MATCH) matched += weight * best;
  }
  if (total === 0) return 0;
  const surplusCost = (position: number) =>
    pairs < 2 ? 0.3 : person && position === 0 ? 0.18 : 0.06;
  let penalty = 0;
  for (let i = 0; i < n; i++) {
    if (usedLeft[i] === 0) penalty += surplusCost(i) * (table.weights[left[i] ?? 0] ?? 1);
  }
  for (let j = 0; j < m; j++) {
    if (usedRight[j] === 0) penalty += surplusCost(j) * (table.weights[right[j] ?? 0] ?? 1);
  }
  return Math.max(0, matched / total - penalty);
}
