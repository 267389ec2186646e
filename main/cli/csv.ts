/**
 * CSV of records whose columns are the union of every record's top-level fields, in the order
 * they are first met (nested values as JSON, a missing field as an empty cell). A cache filled by
 * a service that sends extra fields on some records keeps them all, as the NDJSON export does.
 *
 * The records are read twice, once for the columns and once for the rows, so a table of any size
 * is never held in memory: `read` opens a fresh pass each time.
 *
 * RFC 4180 quoting. Text that a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return) is prefixed with a single quote, as OWASP advises for CSV injection;
 * this includes text such as "-5", since text cannot be told apart from a formula cheaply and
 * safely. JSON numbers are written as they are: a number cannot carry a formula, and -5 stays a
 * number the spreadsheet can sum.
 */
export function* toCsv(read: () => Iterable<Record<string, unknown>>): Generator<string> {
  const columns = new Set<string>();
  for (const record of read()) for (const key of Object.keys(record)) columns.add(key);
  if (columns.size === 0) return;
  const header = [...columns];
  yield `${header.map((column) => quote(neutralise(column))).join(',')}\r\n`;
  for (const record of read())
    yield `${header.map((column) => cell(record[column])).join(',')}\r\n`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return quote(String(value));
  return quote(neutralise(typeof value === 'string' ? value : JSON.stringify(value)));
}

function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
