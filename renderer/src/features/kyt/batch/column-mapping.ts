import type {
  KytBatchFormat,
  KytColumnMapping,
  KytFieldDef,
  KytFieldType,
} from '../../../../../preload/contract';
import { KYT_FIELDS } from './kyt-fields';

// A CSV's column mapping as the import dialog edits it: for each field a transaction can carry
// (KYT_FIELDS, by path), the file's column that holds it, or none.

export type MappingGroupId = 'required' | 'sender' | 'receiver' | 'transaction' | 'other';

export interface MappingGroup {
  id: MappingGroupId;
  title: string;
  fields: KytFieldDef[];
}

/** Without these a line is no transaction: the contract's input requires them. */
export const REQUIRED_PATHS = ['amount', 'currency'] as const;

const isRequired = (path: string) => (REQUIRED_PATHS as readonly string[]).includes(path);

/**
 * Every field, the required ones first (amount, currency), then the sender's and the receiver's
 * (each transaction is between two participants), then the transaction's others. Paths the
 * mapping holds that CaseDesk does not list (a newer profile's, a custom one) are shown under
 * their own path, so nothing is imported that the investigator cannot see.
 */
export function mappingGroups(mapping: KytColumnMapping): MappingGroup[] {
  const known = new Set(KYT_FIELDS.map((field) => field.path));
  const other: KytFieldDef[] = Object.keys(mapping)
    .filter((path) => !known.has(path))
    .sort()
    .map((path) => ({ path, label: path, type: 'text' }));
  const groups: MappingGroup[] = [
    {
      id: 'required',
      title: 'Required',
      fields: REQUIRED_PATHS.map((path) => KYT_FIELDS.find((field) => field.path === path)).filter(
        (field): field is KytFieldDef => field !== undefined,
      ),
    },
    {
      id: 'sender',
      title: 'Sender',
      fields: KYT_FIELDS.filter((field) => field.path.startsWith('from.')),
    },
    {
      id: 'receiver',
      title: 'Receiver',
      fields: KYT_FIELDS.filter((field) => field.path.startsWith('to.')),
    },
    {
      id: 'transaction',
      title: 'Other transaction fields',
      fields: KYT_FIELDS.filter(
        (field) =>
          !isRequired(field.path) &&
          !field.path.startsWith('from.') &&
          !field.path.startsWith('to.'),
      ),
    },
  ];
  if (other.length) groups.push({ id: 'other', title: 'Other fields', fields: other });
  return groups;
}

/** How many of a group's fields take a column. */
export const mappedIn = (group: MappingGroup, mapping: KytColumnMapping): number =>
  group.fields.filter((field) => mapping[field.path] !== undefined).length;

/** The columns a field can take: each named column once, in the file's order. */
export function columnChoices(columns: readonly string[]): string[] {
  const seen = new Set<string>();
  const choices: string[] = [];
  for (const column of columns) {
    // A column without a name cannot be named in a mapping (the contract wants a name).
    if (column.trim() === '' || seen.has(column)) continue;
    seen.add(column);
    choices.push(column);
  }
  return choices;
}

/** The mapping with only columns this file has: a column named elsewhere cannot be read here. */
export function mappingForColumns(
  mapping: KytColumnMapping,
  columns: readonly string[],
): KytColumnMapping {
  const present = new Set(columnChoices(columns));
  return Object.fromEntries(Object.entries(mapping).filter(([, column]) => present.has(column)));
}

/** The mapping with `path` taken from `column`, or from no column (''). */
export function withTarget(
  mapping: KytColumnMapping,
  path: string,
  column: string,
): KytColumnMapping {
  const next = { ...mapping };
  if (column === '') delete next[path];
  else next[path] = column;
  return next;
}

export interface MappingProblems {
  /** Fields that must take a column before importing, with what to do. */
  errors: Record<string, string>;
  /** What may make the service refuse every line, said before sending, but not blocking. */
  warnings: string[];
}

export function mappingProblems(mapping: KytColumnMapping): MappingProblems {
  const errors: Record<string, string> = {};
  if (mapping.amount === undefined)
    errors.amount = 'Choose the column that holds the amount: no transaction is sent without one.';
  if (mapping.currency === undefined)
    errors.currency =
      'Choose the column that holds the currency (three letters, such as EUR): no transaction is sent without one.';
  const warnings: string[] = [];
  const has = (side: string) => Object.keys(mapping).some((path) => path.startsWith(`${side}.`));
  if (!has('from'))
    warnings.push(
      'No column is mapped to the sender: every transaction goes out with an empty sender, which the service may refuse.',
    );
  if (!has('to'))
    warnings.push(
      'No column is mapped to the receiver: every transaction goes out with an empty receiver, which the service may refuse.',
    );
  return { errors, warnings };
}

/** The file's columns no field takes: they are not imported. */
export function unusedColumns(mapping: KytColumnMapping, columns: readonly string[]): string[] {
  const used = new Set(Object.values(mapping));
  return columnChoices(columns).filter((column) => !used.has(column));
}

/**
 * An import's refusal, placed: messages about a field (keyed by its path, or `mapping.<path>`)
 * beside its select; any other beside the buttons.
 */
export function placeImportErrors(fields: Record<string, string>): {
  byPath: Record<string, string>;
  other: string[];
} {
  const known = new Set(KYT_FIELDS.map((field) => field.path));
  const byPath: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const path = key.startsWith('mapping.') ? key.slice('mapping.'.length) : key;
    if (known.has(path)) byPath[path] = message;
    else other.push(message);
  }
  return { byPath, other };
}

const TYPE_HINTS: Partial<Record<KytFieldType, string>> = {
  number: 'A number, such as 1250.50',
  currency: 'Three letters, such as EUR',
  date: 'Date and time with its offset, such as 2026-11-27T14:30:00+01:00',
  country: 'Two letters, such as FR',
  json: 'A JSON object',
};

/** What the column's values must look like, where the interface says. */
export const typeHint = (type: KytFieldType): string | null => TYPE_HINTS[type] ?? null;

// Moved to lib: the customer import names separators the same way.
export { separatorName } from '../../../lib/separator-name';

export function formatName(format: KytBatchFormat): string {
  return format === 'csv' ? 'CSV' : 'NDJSON (one transaction per line)';
}

/** Files a batch can be read from, by their ending. */
export const BATCH_FILE_ENDINGS = ['.csv', '.ndjson', '.jsonl', '.txt'] as const;
