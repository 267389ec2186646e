import { z } from 'zod';
import { KYT_FIELDS, KytColumnMapping, type KytFieldDef } from '../../../preload/contract';
import type { LocalRecords } from '../../local/local-records';
import { foldName, guessByNames } from '../../lib/tabular/column-names';

// Which CSV column fills which field of a transaction (KytColumnMapping: field path → column).
// Guessed from the header's names; the profile keeps the last mapping used (local store kind
// `kyt.mapping`, one record) and offers it again for a file that has all its columns.

export const MAPPING_KIND = 'kyt.mapping';
const MAPPING_ID = 'saved';

/** Without these a line cannot be a transaction: a mapping lacking one is refused up front. */
export const REQUIRED_TARGETS = ['amount', 'currency'] as const;

const FIELD_BY_PATH = new Map(KYT_FIELDS.map((field) => [field.path, field]));

export const fieldOf = (path: string): KytFieldDef | undefined => FIELD_BY_PATH.get(path);

export { foldName };

const SIDE_WORDS: Record<'from' | 'to', string[]> = {
  from: ['from', 'sender', 'payer', 'originator', 'source', 'debtor'],
  to: ['to', 'receiver', 'payee', 'beneficiary', 'recipient', 'destination', 'creditor'],
};

/** Other names a header may give a field (folded before use). */
const TRANSACTION_WORDS: Record<string, string[]> = {
  amount: ['amt', 'value', 'sum', 'transaction amount'],
  currency: ['ccy', 'cur', 'currency code'],
  date: ['datetime', 'date time', 'timestamp', 'transaction date', 'created at'],
  external_id: ['id', 'transaction id', 'tx id', 'txn id', 'reference', 'ref'],
  comment: ['comments', 'note', 'notes'],
  review_groups: ['groups', 'review group'],
  fields: ['custom fields'],
  'crypto.blockchain': ['blockchain', 'chain'],
  'crypto.tx_hash': ['tx hash', 'transaction hash', 'hash'],
};

const PARTICIPANT_WORDS: Record<string, string[]> = {
  full_name: ['name', 'full name'],
  external_id: ['id', 'external id', 'customer id', 'customer external id'],
  account_type: ['account type'],
  domicile_code: ['domicile', 'country', 'domicile country'],
  'device.2fa': ['2fa'],
  'device.3ds': ['3ds'],
  'device.fingerprint': ['fingerprint'],
  'device.geolocation': ['geolocation'],
  'device.ip': ['ip', 'ip address'],
  'device.language': ['language'],
  'device.session_duration': ['session duration'],
  'device.session_id': ['session id', 'session'],
  'device.user_agent': ['user agent'],
  'payment_institution.code': ['institution code', 'bank code'],
  'payment_institution.country': ['institution country', 'bank country'],
  'payment_institution.external_id': ['institution id', 'bank id'],
  'payment_institution.name': ['institution', 'institution name', 'bank', 'bank name'],
  'payment_method.code': ['method code'],
  'payment_method.country': ['method country'],
  'payment_method.type': ['payment method', 'method', 'method type', 'payment type'],
};

/**
 * Folded header names per field path, in two tiers: the field's own path or label first (exact),
 * then the other names people give it. Built once.
 */
const NAMES: ReadonlyArray<ReadonlyMap<string, string>> = (() => {
  const exact = new Map<string, string>();
  const other = new Map<string, string>();
  const add = (map: Map<string, string>, name: string, path: string) => {
    const folded = foldName(name);
    if (folded !== '' && !map.has(folded)) map.set(folded, path);
  };
  for (const field of KYT_FIELDS) {
    add(exact, field.path, field.path);
    add(exact, field.label, field.path);
  }
  for (const [path, words] of Object.entries(TRANSACTION_WORDS))
    for (const word of words) add(other, word, path);
  for (const side of ['from', 'to'] as const)
    for (const field of KYT_FIELDS.filter((one) => one.path.startsWith(`${side}.`))) {
      const key = field.path.slice(side.length + 1);
      const words = [key, ...(PARTICIPANT_WORDS[key] ?? [])];
      for (const sideWord of SIDE_WORDS[side])
        for (const word of words) add(other, `${sideWord} ${word}`, field.path);
    }
  return [exact, other];
})();

/** A mapping guessed from the header's names; each column and each field used at most once. */
export function guessMapping(columns: readonly string[]): KytColumnMapping {
  return guessByNames(columns, NAMES);
}

const SavedMapping = z.object({ v: z.literal(1), mapping: KytColumnMapping, savedAt: z.string() });

/** The profile's saved mapping, or null (none, or one that no longer reads). */
export function savedMapping(records: LocalRecords): KytColumnMapping | null {
  const kept = records.get(MAPPING_KIND, MAPPING_ID);
  if (!kept) return null;
  const parsed = SavedMapping.safeParse(kept.body);
  return parsed.success ? parsed.data.mapping : null;
}

export function saveMapping(records: LocalRecords, mapping: KytColumnMapping, at: Date): void {
  records.put(MAPPING_KIND, MAPPING_ID, { v: 1, mapping, savedAt: at.toISOString() });
}

/** The saved mapping when the file has all its columns (and it names known fields), else a guess. */
export function mappingFor(
  records: LocalRecords,
  columns: readonly string[],
): { mapping: KytColumnMapping; saved: boolean } {
  const saved = savedMapping(records);
  if (saved && Object.keys(saved).length > 0 && mappingProblem(saved, columns) === null)
    return { mapping: saved, saved: true };
  return { mapping: guessMapping(columns), saved: false };
}

const quoted = (text: string) => `“${text}”`;

/**
 * Why a mapping cannot read this file (fields it does not know, columns the file lacks or holds
 * twice, amount or currency without a column), in one message saying what to map; null when it can.
 */
export function mappingProblem(
  mapping: KytColumnMapping,
  columns: readonly string[],
): string | null {
  const problems: string[] = [];
  const unknown = Object.keys(mapping).filter((path) => !FIELD_BY_PATH.has(path));
  if (unknown.length > 0)
    problems.push(
      `${unknown.map(quoted).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of a transaction`,
    );
  const present = new Set(columns);
  const missing = [...new Set(Object.values(mapping))].filter((column) => !present.has(column));
  if (missing.length > 0)
    problems.push(
      `the file has no column ${missing.map(quoted).join(', ')} (its columns: ${columns.map(quoted).join(', ')})`,
    );
  const twice = [...new Set(Object.values(mapping))].filter(
    (column) => columns.filter((one) => one === column).length > 1,
  );
  if (twice.length > 0)
    problems.push(
      `the header names ${twice.map(quoted).join(', ')} more than once: rename one of them`,
    );
  const unmapped = REQUIRED_TARGETS.filter((path) => !mapping[path]);
  if (unmapped.length > 0)
    problems.push(
      `map a column to ${unmapped.map((path) => fieldOf(path)?.label ?? path).join(' and to ')}: a transaction needs ${unmapped.length === 1 ? 'it' : 'them'}`,
    );
  if (problems.length === 0) return null;
  const text = problems.join('; ');
  return `The column mapping cannot be used: ${text}.`;
}
