// A message's body is untrusted HTML as the service sent it. A case file quotes it as text only:
// its markup is dropped (never rendered), its entities read, its lines kept. The dossier then
// escapes the text like any other (html-text.ts), so nothing of the message can become markup.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function entity(whole: string, name: string): string {
  if (name.startsWith('#')) {
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  }
  return NAMED[name.toLowerCase()] ?? whole;
}

/** The text a message's HTML shows, markup dropped, blocks and line breaks as new lines. */
export function messageText(html: string): string {
  return html
    .replace(/<(script|style|head|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote|pre|table)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, entity)
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first `limit` characters of a text (never cutting a surrogate pair), and whether it was cut. */
export function excerpt(text: string, limit: number): { text: string; truncated: boolean } {
  const points = Array.from(text);
  if (points.length <= limit) return { text, truncated: false };
  return { text: `${points.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}
