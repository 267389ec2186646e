// A phonetic key for blocking: spellings that sound alike share a key, so screening only compares
// a subject with profiles that could plausibly be the same name (Mueller/Müller/Muller → mlr,
// Iwanow/Ivanov → ifnf, Mohammed/Muhammad → md).

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/tsch/g, 'c'],
  [/shch|sch|sh/g, 's'],
  [/ch|kh/g, 'c'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/gh/g, 'g'],
  [/ck|q|c/g, 'k'],
  [/x/g, 'ks'],
  [/tz|ts|dz|z/g, 's'],
  [/[vw]/g, 'f'],
  [/[yj]/g, 'i'],
];

export function phoneticKey(token: string): string {
  let text = token;
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  const head = text.charAt(0);
  const tail = text.slice(1).replace(/[aeiouh]/g, '');
  let key = '';
  for (const char of head + tail) if (key.charAt(key.length - 1) !== char) key += char;
  return key;
}
