import type {
  CustomerDraft,
  ImportLine,
  RelationDraft,
  SaveProblem,
} from '../../../../preload/contract';

// The grid's editable columns: which write-shape field each shows for a customer line and for a
// relation line, how a value reads as text, and how the text typed in a cell becomes the value
// again. Problems the service names by field are shown beside that field's cell.

export type ValueKind = 'text' | 'list' | 'integer' | 'boolean';

export interface GridColumn {
  key: string;
  label: string;
  kind: ValueKind;
  /** The field this column shows on a customer line, on a relation line (none: an empty cell). */
  customer?: keyof CustomerDraft;
  relation?: keyof RelationDraft;
  /** Width in rem; a column that grows shares the room left, by this factor, beyond its width. */
  width: number;
  grow?: number;
}

export const GRID_COLUMNS: readonly GridColumn[] = [
  {
    key: 'external_id',
    label: 'External id',
    kind: 'text',
    customer: 'external_id',
    relation: 'relation_external_id',
    width: 10,
    grow: 1.2,
  },
  {
    key: 'account_type',
    label: 'Account type',
    kind: 'text',
    customer: 'account_type',
    width: 7,
  },
  { key: 'first_name', label: 'First name', kind: 'text', customer: 'first_name', width: 9 },
  { key: 'last_name', label: 'Last name', kind: 'text', customer: 'last_name', width: 9 },
  {
    key: 'company_name',
    label: 'Company name',
    kind: 'text',
    customer: 'company_name',
    width: 11,
  },
  {
    key: 'date_of_birth',
    label: 'Date of birth',
    kind: 'text',
    customer: 'date_of_birth',
    width: 11,
  },
  {
    key: 'nationality_codes',
    label: 'Nationalities',
    kind: 'list',
    customer: 'nationality_codes',
    width: 8,
  },
  {
    key: 'domicile_codes',
    label: 'Domiciles',
    kind: 'list',
    customer: 'domicile_codes',
    width: 8,
  },
  {
    key: 'parent',
    label: 'Parent',
    kind: 'text',
    customer: 'parent_external_id',
    relation: 'parent_customer_external_id',
    width: 9,
  },
  {
    key: 'child',
    label: 'Child',
    kind: 'text',
    relation: 'child_customer_external_id',
    width: 9,
  },
  {
    key: 'relation_type',
    label: 'Relation type',
    kind: 'integer',
    relation: 'relation_type',
    width: 7,
  },
  { key: 'kyc_level', label: 'KYC level', kind: 'integer', customer: 'kyc_level', width: 6 },
];

/** The field a column shows on this line, or null (the cell is empty and cannot be edited). */
export const fieldOf = (column: GridColumn, line: Pick<ImportLine, 'kind'>): string | null =>
  (line.kind === 'customer' ? column.customer : column.relation) ?? null;

/** The line's write shape as a record, whether or not it could be read. */
function shapeOf(line: ImportLine): Record<string, unknown> {
  if (line.kind === 'customer') return { ...(line.customer ?? { external_id: line.externalId }) };
  return {
    ...(line.relation ?? {
      relation_external_id: line.externalId,
      parent_customer_external_id: '',
      child_customer_external_id: '',
    }),
  };
}

/** A value as the cell shows it and the editor starts from. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => textOf(item)).join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** One field of the line as read, without copying the line (a cell is drawn for every column). */
function valueOf(line: ImportLine, field: string): unknown {
  const shape: object | null = line.kind === 'customer' ? line.customer : line.relation;
  return shape ? (shape as Record<string, unknown>)[field] : undefined;
}

export function cellText(column: GridColumn, line: ImportLine): string {
  const field = fieldOf(column, line);
  if (!field) return '';
  if (field === 'external_id' || field === 'relation_external_id') {
    const value = valueOf(line, field);
    return typeof value === 'string' && value !== '' ? value : line.externalId;
  }
  return textOf(valueOf(line, field));
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const REQUIRED = new Set([
  'external_id',
  'relation_external_id',
  'parent_customer_external_id',
  'child_customer_external_id',
]);

/** The text typed in a cell as the field's value; `undefined` leaves the field out. */
export function parseCell(kind: ValueKind, field: string, text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '') {
    if (REQUIRED.has(field))
      return {
        ok: false,
        message:
          field === 'child_customer_external_id' || field === 'parent_customer_external_id'
            ? 'A relation needs the external id of both its customers: type it, or press Escape to keep the value.'
            : 'Every line needs an external id: type the id your system gives it, or press Escape to keep the value.',
      };
    return { ok: true, value: undefined };
  }
  switch (kind) {
    case 'text':
      return { ok: true, value: trimmed };
    case 'list': {
      const items = trimmed
        .split(/[;,]/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
      return { ok: true, value: items.length ? items : undefined };
    }
    case 'integer':
      return /^-?\d{1,15}$/.test(trimmed)
        ? { ok: true, value: Number(trimmed) }
        : { ok: false, message: 'Type a whole number, such as 2, or leave the cell empty.' };
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      if (['yes', 'true', '1'].includes(lower)) return { ok: true, value: true };
      if (['no', 'false', '0'].includes(lower)) return { ok: true, value: false };
      return { ok: false, message: 'Type yes or no, or leave the cell empty.' };
    }
  }
}

export type LineEdit =
  | { ok: true; customer: CustomerDraft }
  | { ok: true; relation: RelationDraft }
  | { ok: false; message: string };

/** The line's write shape with one cell's text in place: what `editLine` is sent. */
export function editedShape(line: ImportLine, column: GridColumn, text: string): LineEdit {
  const field = fieldOf(column, line);
  if (!field) return { ok: false, message: `A ${line.kind} line has no ${column.label}.` };
  const parsed = parseCell(column.kind, field, text);
  if (!parsed.ok) return parsed;
  const shape = shapeOf(line);
  if (parsed.value === undefined) delete shape[field];
  else shape[field] = parsed.value;
  return line.kind === 'customer'
    ? { ok: true, customer: shape as CustomerDraft }
    : { ok: true, relation: shape as RelationDraft };
}

/** `nationality_codes[1]` and `fields.risk` name the fields `nationality_codes` and `fields`. */
export const fieldRoot = (field: string): string => field.split(/[.[]/, 1)[0] ?? field;

/** The column a problem is shown beside on this line, or null (the line's other problems). */
export function columnOfProblem(problem: SaveProblem, line: ImportLine): GridColumn | null {
  if (!problem.field) return null;
  const root = fieldRoot(problem.field);
  return GRID_COLUMNS.find((column) => fieldOf(column, line) === root) ?? null;
}

export interface PlacedProblem extends SaveProblem {
  severity: 'error' | 'warning';
}

/** The line's problems by the column they sit beside; `other` for the rest. */
export function placeProblems(line: ImportLine): Map<string, PlacedProblem[]> {
  const placed = new Map<string, PlacedProblem[]>();
  const add = (problem: SaveProblem, severity: PlacedProblem['severity']) => {
    const key = columnOfProblem(problem, line)?.key ?? 'other';
    placed.set(key, [...(placed.get(key) ?? []), { ...problem, severity }]);
  };
  for (const problem of line.errors) add(problem, 'error');
  for (const problem of line.warnings) add(problem, 'warning');
  return placed;
}

/** How a problem reads: the service's detail, with its code when that says something more. */
export function problemText(problem: SaveProblem): string {
  const detail = problem.detail.trim();
  const code = problem.code.trim();
  if (!detail) return code || 'A problem the service did not describe.';
  return code && !detail.includes(code) ? `${detail} (${code})` : detail;
}
