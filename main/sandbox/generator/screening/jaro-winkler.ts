// Jaro–Winkler similarity: the usual string measure for personal names (it forgives transposed
// letters and rewards a shared beginning).

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  const matchedA = new Uint8Array(lengthA);
  const matchedB = new Uint8Array(lengthB);
  let matches = 0;
  for (let i = 0; i < lengthA; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lengthB - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] === 1 || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < lengthA; i++) {
    if (matchedA[i] !== 1) continue;
    while (matchedB[k] !== 1) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / lengthA + m / lengthB + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(4, lengthA, lengthB);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
