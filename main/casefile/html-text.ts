// Every string the dossier shows comes from the service or an investigator: it is written as text,
// never as markup. Characters HTML reads as markup are escaped; each string is isolated (<bdi>, or a
// block with dir="auto") so right-to-left text reads right and cannot reorder what is around it;
// and the invisible controls that reorder or hide text (bidi embeddings, overrides, isolates and
// marks, other control characters) are shown as what they are, `[U+202E]`, rather than obeyed:
// "invoice\u202Efdp.exe" is printed as invoice[U+202E]fdp.exe, not as invoiceexe.pdf.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Bidi formatting characters (ALM, LRM, RLM, LRE…RLO, LRI…PDI) and control characters other than
 * tab and line breaks (C0, DEL, C1), and lone surrogates: shown as their code, never obeyed.
 */
const SHOWN_AS_CODE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const codeOf = (char: string) =>
  `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;

/** The text escaped for HTML, its invisible controls written out as `[U+XXXX]`. */
export function escapeText(value: string): string {
  return value
    .replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
    .replace(SHOWN_AS_CODE, (char) => `<span class="ctl">${codeOf(char)}</span>`);
}

/** One value inline: escaped and isolated; an em dash for nothing. */
export function t(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return `<bdi>${escapeText(String(value))}</bdi>`;
}

/** A time (as labels.ts writes it) kept on one line. */
export function when(value: string): string {
  return `<span class="when">${t(value)}</span>`;
}

/** Text of several lines (a note, a reason, an excerpt): kept as written, isolated as a block. */
export function block(value: string, className = 'text'): string {
  return `<div class="${className}" dir="auto">${value === '' ? '—' : escapeText(value)}</div>`;
}

/** An id or a hash, in a fixed-width font, broken anywhere when it does not fit. */
export function mono(value: string | null | undefined): string {
  return value ? `<span class="mono">${escapeText(value)}</span>` : '—';
}

/** A table of already escaped cells; a line saying so when there are no rows. */
export function table(
  head: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  empty: string,
): string {
  if (rows.length === 0) return `<p class="muted">${escapeText(empty)}</p>`;
  const header = head.map((cell) => `<th>${escapeText(cell)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Label and value pairs (values already escaped), as a two-column table. */
export function facts(pairs: ReadonlyArray<readonly [string, string]>): string {
  const rows = pairs.map(
    ([label, value]) => `<tr><th>${escapeText(label)}</th><td>${value}</td></tr>`,
  );
  return `<table class="facts"><tbody>${rows.join('')}</tbody></table>`;
}

/** A section: its heading (a fixed label) and its body; `page` starts it on a new page. */
export function section(id: string, title: string, body: string, page = false): string {
  return `<section id="${id}"${page ? ' class="page"' : ''}><h2>${escapeText(title)}</h2>${body}</section>`;
}
