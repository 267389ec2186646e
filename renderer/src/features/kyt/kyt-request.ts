import type { KytTransaction } from '../../../../preload/contract';
import { KYT_FORM_FIELDS, fieldLabel } from './kyt-fields';

// A request as sent, as rows of label and value: every field of the interface it carries, in the
// contract's order, then anything else it held, by its path. Values are text, never markup.

export interface RequestRow {
  path: string;
  label: string;
  value: string;
}

function flatten(prefix: string, value: unknown, into: Map<string, string>): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object') {
    into.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    into.set(
      prefix,
      value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', '),
    );
    return;
  }
  // Custom fields are the tenant's: each one a row, its value as JSON when not text.
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (prefix === 'fields')
      into.set(path, typeof inner === 'string' ? inner : (JSON.stringify(inner) ?? ''));
    else flatten(path, inner, into);
  }
}

const yesNo = (path: string, value: string) =>
  /\.(2fa|3ds)$/.test(path) ? (value === 'true' ? 'Yes' : value === 'false' ? 'No' : value) : value;

export function requestRows(request: KytTransaction | Record<string, unknown>): RequestRow[] {
  const values = new Map<string, string>();
  flatten('', request, values);
  const rows: RequestRow[] = [];
  for (const def of KYT_FORM_FIELDS) {
    const value = values.get(def.path);
    if (value === undefined) continue;
    rows.push({ path: def.path, label: def.label, value: yesNo(def.path, value) });
    values.delete(def.path);
  }
  for (const [path, value] of values) {
    const custom = path.startsWith('fields.');
    rows.push({
      path,
      label: custom ? `Custom field ${path.slice('fields.'.length)}` : fieldLabel(path),
      value,
    });
  }
  return rows;
}
