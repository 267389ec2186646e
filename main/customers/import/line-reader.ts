import type { z } from 'zod';
import { CustomerDraft, RelationDraft, type ImportMapping } from '../../../preload/contract';
import type { SourceLine } from '../../lib/tabular/tabular-source';
import { CUSTOM_FIELD_PREFIX, fieldTypesOf, type FieldType, type ImportOf } from './import-mapping';

// One line of an import file into the write shape (zod, the contract's CustomerDraft or
// RelationDraft), or the reason it cannot be one. A CSV row goes through the mapping: lists split
// on `;` or `,`, `variations` read as JSON text, `fields.<name>` a custom field; a JSON item is the
// write shape as it is. Nothing is guessed: a cell that is not what its field takes is the line's
// reason, and the line is kept, never sent.

export type ReadLine =
  | { kind: 'customer'; customer: CustomerDraft; externalId: string }
  | { kind: 'relation'; relation: RelationDraft; externalId: string }
  | { kind: 'unreadable'; of: 'customer' | 'relation'; reason: string; externalId: string };

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** A cell as its field takes it, or a reason it cannot be. */
function cellValue(
  field: string,
  type: FieldType,
  cell: string,
): { value: unknown } | { error: string } {
  const text = cell.trim();
  switch (type) {
    case 'text':
      return { value: text };
    case 'list':
      return {
        value: text
          .split(/[;,]/)
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      };
    case 'boolean':
      if (TRUE.has(text.toLowerCase())) return { value: true };
      if (FALSE.has(text.toLowerCase())) return { value: false };
      return { error: `${field} is “${text}”: write true or false` };
    case 'integer':
      return /^[+-]?\d{1,15}$/.test(text)
        ? { value: Number(text) }
        : { error: `${field} is “${text}”: write a whole number` };
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: `${field} is not JSON text (a list of {"_op": "set", …} objects)` };
      }
  }
}

/** The zod issues of a draft as one sentence naming the fields. */
function issuesText(error: z.ZodError, value: unknown): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.join('.');
      const top = issue.path[0];
      if (
        issue.code === 'invalid_type' &&
        issue.path.length === 1 &&
        typeof top === 'string' &&
        (typeof value !== 'object' || value === null || !(top in value))
      )
        return `${path} is required`;
      if (issue.code === 'unrecognized_keys')
        return `${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} of the write shape`;
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

const idOf = (value: unknown, key: string): string =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>)[key] === 'string'
    ? ((value as Record<string, string>)[key] ?? '').trim()
    : '';

function drafted(of: ImportOf, value: unknown): ReadLine {
  if (of === 'customers') {
    const parsed = CustomerDraft.safeParse(value);
    return parsed.success
      ? { kind: 'customer', customer: parsed.data, externalId: parsed.data.external_id }
      : {
          kind: 'unreadable',
          of: 'customer',
          reason: `Not a customer: ${issuesText(parsed.error, value)}.`,
          externalId: idOf(value, 'external_id'),
        };
  }
  const parsed = RelationDraft.safeParse(value);
  return parsed.success
    ? { kind: 'relation', relation: parsed.data, externalId: parsed.data.relation_external_id }
    : {
        kind: 'unreadable',
        of: 'relation',
        reason: `Not a relation: ${issuesText(parsed.error, value)}.`,
        externalId: idOf(value, 'relation_external_id'),
      };
}

/** Reads CSV rows of a file with these columns through the mapping (checked beforehand). */
export function csvLineReader(
  of: ImportOf,
  mapping: ImportMapping,
  columns: readonly string[],
): (cells: readonly string[]) => ReadLine {
  const types = fieldTypesOf(of);
  const indexOf = new Map(columns.map((column, index) => [column, index]));
  const plan = Object.entries(mapping).flatMap(([field, column]) => {
    const index = indexOf.get(column);
    return index === undefined ? [] : [{ field, index }];
  });
  return (cells) => {
    const draft: Record<string, unknown> = {};
    const custom: Record<string, unknown> = {};
    const problems: string[] = [];
    for (const { field, index } of plan) {
      const cell = cells[index] ?? '';
      // An empty cell leaves the field out: a save changes only what it names.
      if (cell.trim() === '') continue;
      if (field.startsWith(CUSTOM_FIELD_PREFIX)) {
        custom[field.slice(CUSTOM_FIELD_PREFIX.length)] = cell;
        continue;
      }
      const type = types[field];
      if (type === undefined) continue;
      const read = cellValue(field, type, cell);
      if ('error' in read) problems.push(read.error);
      else draft[field] = read.value;
    }
    if (Object.keys(custom).length > 0) draft.fields = custom;
    const idField = of === 'customers' ? 'external_id' : 'relation_external_id';
    if (problems.length > 0)
      return {
        kind: 'unreadable',
        of: of === 'customers' ? 'customer' : 'relation',
        reason: `${problems.join('; ')}.`,
        externalId: idOf(draft, idField),
      };
    return drafted(of, draft);
  };
}

/** A source line into the write shape; a JSON file's `relations` member holds relations. */
export function readSourceLine(
  line: SourceLine,
  of: ImportOf,
  readCsv: ((cells: readonly string[]) => ReadLine) | null,
): ReadLine {
  const section: ImportOf =
    line.kind !== 'cells' && line.section === 'relations' ? 'relations' : of;
  const single = section === 'customers' ? 'customer' : 'relation';
  if (line.kind === 'error')
    return { kind: 'unreadable', of: single, reason: line.error, externalId: '' };
  if (line.kind === 'cells')
    return readCsv
      ? readCsv(line.cells)
      : { kind: 'unreadable', of: single, reason: 'No column mapping was given.', externalId: '' };
  return drafted(section, line.value);
}
