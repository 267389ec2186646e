/**
 * ISO 3166 alpha-2 codes with their English names, from the browser's own region names (no list
 * to keep up to date). Codes the browser names that are not countries are left out.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let cached: ReadonlyArray<{ code: string; name: string }> | null = null;

export function countryCodes(): ReadonlyArray<{ code: string; name: string }> {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found: Array<{ code: string; name: string }> = [];
  for (let a = 65; a <= 90; a += 1)
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = names.of(code);
      if (name && name !== code) found.push({ code, name });
    }
  cached = found;
  return found;
}

export function countryName(code: string): string | null {
  return countryCodes().find((country) => country.code === code.toUpperCase())?.name ?? null;
}
