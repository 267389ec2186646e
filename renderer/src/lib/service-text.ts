// Text the service sent (names, subjects, comments, headers) as the screens show it. Shown inside
// an isolate (<bdi dir="auto">), right-to-left text cannot reorder the words around it; the
// explicit direction controls (embeddings, overrides, isolates) would still reorder the text
// itself ("invoice\u202Efdp.exe" reads "invoiceexe.pdf"), so they are shown as what they are.

/** The explicit bidirectional formatting characters and their Unicode abbreviations. */
const BIDI_CONTROLS: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;

export type ServiceTextPart = { text: string } | { control: string; codePoint: string };

const BIDI_CONTROL_ANY = /[\u202A-\u202E\u2066-\u2069]/;
/** Whether the text holds a direction control (most do not: they are shown as they are). */
export const hasDirectionControl = (text: string): boolean => BIDI_CONTROL_ANY.test(text);

/** The text cut where a direction control stands; each control becomes a visible part. */
export function serviceTextParts(text: string): ServiceTextPart[] {
  const parts: ServiceTextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(BIDI_CONTROL)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    const char = match[0];
    parts.push({
      control: BIDI_CONTROLS[char] ?? '?',
      codePoint: `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`,
    });
    from = match.index + char.length;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from) });
  return parts;
}

/** The same as one line of plain text (tooltips, labels): controls as "[RLO]". */
export function plainServiceText(text: string): string {
  return text.replace(BIDI_CONTROL, (char) => `[${BIDI_CONTROLS[char] ?? '?'}]`);
}

/** Longer than this, a service string is cut for display; the whole text stays in the tooltip. */
export const SHOWN_UP_TO = 500;
