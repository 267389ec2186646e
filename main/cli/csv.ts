/**
 * CSV of records whose columns are the first record's top-level fields (nested values as JSON).
 * RFC 4180 quoting; cells that a spreadsheet would run as a formula are prefixed with a quote.
 */
export function* toCsv(records: Iterable<Record<string, unknown>>): Generator<string> {
  let columns: string[] | null = null;
  for (const record of records) {
    if (!columns) {
      columns = Object.keys(record);
      yield `${columns.map(cell).join(',')}\r\n`;
    }
    yield `${columns.map((column) => cell(record[column])).join(',')}\r\n`;
  }
}

function cell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
