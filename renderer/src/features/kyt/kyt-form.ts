import type {
  KytParticipant,
  KytTransaction,
  KytTransactionRequest,
} from '../../../../preload/contract';
import { KYT_FORM_FIELDS, SIDE_NAMES, fieldByPath, type KytSide } from './kyt-fields';

// The new-transaction form as typed, and the one way it becomes the body the contract takes.
// The checks mirror the contract's (preload/contract/kyt.ts) so a mistake is named beside its
// field before anything is sent; main checks again with the contract itself.

export type CustomValueKind = 'text' | 'number' | 'json';

/** One custom field (`fields`), as a key/value row. */
export interface CustomFieldRow {
  /** Stable across edits, for React and for the row's error keys. */
  id: number;
  key: string;
  value: string;
  kind: CustomValueKind;
}

export interface KytForm {
  /**
   * Every single-value field by its path (`amount`, `from.device.country`): the text typed, or for
   * yes/no fields `yes`, `no` or `` (not sent).
   */
  values: Record<string, string>;
  reviewGroups: string[];
  custom: CustomFieldRow[];
}

/** Messages by field path; a custom row's as `fields.<row id>.key` / `fields.<row id>.value`. */
export type KytFormErrors = Record<string, string>;

export type KytFormResult =
  { ok: true; transaction: KytTransactionRequest } | { ok: false; errors: KytFormErrors };

/* ----- the contract's rules, as the form checks them ----- */

export const MESSAGES = {
  amount: 'The amount is a number, such as 1250.50.',
  amountComma: 'Write the decimals after a point, such as 1250.50.',
  amountMissing: 'Give the amount, such as 1250.50.',
  currency: 'The currency is a three-letter code (ISO 4217), such as EUR.',
  currencyMissing: 'Give the currency, such as EUR.',
  date: 'A date and time with its offset, such as 2026-11-27T14:30:00+01:00.',
  dateMissing: 'This date does not exist.',
  country: 'A country code has two letters (ISO 3166), such as FR.',
  seconds: 'A session duration is a number of seconds.',
  negativeSeconds: 'A session duration cannot be negative.',
  cryptoBoth: 'Crypto takes both the blockchain and the transaction hash.',
  reviewGroup: 'A review group has at most 128 characters.',
  reviewGroups: 'At most 100 review groups.',
  customKey: 'Name this custom field.',
  customKeyLong: 'A custom field name has at most 256 characters.',
  customKeyTwice: 'This custom field is named twice.',
  customNumber: 'Not a number; choose “Text” to send it as typed.',
  customJson: 'Not valid JSON; choose “Text” to send it as typed.',
} as const;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const CURRENCY = /^[A-Za-z]{3}$/;

/** A typed number, or null when it is not one (spaces between thousands are allowed). */
export function parseTypedNumber(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f_]/g, '');
  if (!NUMBER.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

/** The contract's date check: ISO 8601 with its offset, and a day that exists. */
export function dateProblem(text: string): string | null {
  const value = text.trim();
  if (!DATE_TIME.test(value)) return MESSAGES.date;
  return Number.isFinite(Date.parse(value)) ? null : MESSAGES.dateMissing;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** Now (or `at`) as the form's date: local time, to the second, with the local offset. */
export function localDateTime(at: Date = new Date()): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `${day}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/* ----- building the body ----- */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let place = target;
  for (const key of path.slice(0, -1)) {
    const next = place[key];
    if (typeof next === 'object' && next !== null) place = next as Record<string, unknown>;
    else {
      const made: Record<string, unknown> = {};
      place[key] = made;
      place = made;
    }
  }
  const last = path[path.length - 1];
  if (last !== undefined) place[last] = value;
}

/** One field's typed value as the body takes it: undefined when empty (not sent). */
function fieldValue(
  path: string,
  typed: string,
): { value: unknown; error?: undefined } | { error: string } {
  const def = fieldByPath(path);
  if (!def) return { value: undefined };
  const multiline = def.multiline === true;
  const text = multiline ? typed : typed.trim();
  if (text.trim() === '') {
    if (path === 'amount') return { error: MESSAGES.amountMissing };
    if (path === 'currency') return { error: MESSAGES.currencyMissing };
    return { value: undefined };
  }
  switch (def.type) {
    case 'number': {
      const value = parseTypedNumber(text);
      if (value === null) {
        if (path === 'amount')
          return { error: DECIMAL_COMMA.test(text) ? MESSAGES.amountComma : MESSAGES.amount };
        return { error: MESSAGES.seconds };
      }
      if (path !== 'amount' && value < 0) return { error: MESSAGES.negativeSeconds };
      return { value };
    }
    case 'currency':
      return CURRENCY.test(text) ? { value: text.toUpperCase() } : { error: MESSAGES.currency };
    case 'country':
      return COUNTRY.test(text) ? { value: text.toUpperCase() } : { error: MESSAGES.country };
    case 'date': {
      const problem = dateProblem(text);
      return problem ? { error: problem } : { value: text };
    }
    case 'boolean':
      return text === 'yes'
        ? { value: true }
        : text === 'no'
          ? { value: false }
          : { value: undefined };
    default: {
      const max = def.max ?? 10_000;
      if (text.length > max)
        return {
          error: `At most ${max.toLocaleString('en')} characters (${text.length.toLocaleString('en')} typed).`,
        };
      return { value: text };
    }
  }
}

function customValue(row: CustomFieldRow): { value: Json } | { error: string } {
  switch (row.kind) {
    case 'number': {
      const value = parseTypedNumber(row.value);
      return value === null ? { error: MESSAGES.customNumber } : { value };
    }
    case 'json':
      try {
        return { value: JSON.parse(row.value) as Json };
      } catch {
        return { error: MESSAGES.customJson };
      }
    default:
      return { value: row.value };
  }
}

/** The form as the body POST /kyt/transaction takes, or what is wrong with it, by field. */
export function transactionFromForm(form: KytForm): KytFormResult {
  const errors: KytFormErrors = {};
  const body: Record<string, unknown> = { from: {}, to: {} };

  for (const def of KYT_FORM_FIELDS) {
    if (def.type === 'list' || def.type === 'json') continue;
    const result = fieldValue(def.path, form.values[def.path] ?? '');
    if (result.error !== undefined) errors[def.path] = result.error;
    else if (result.value !== undefined) setPath(body, def.path.split('.'), result.value);
  }

  const crypto = body.crypto as { blockchain?: string; tx_hash?: string } | undefined;
  if (crypto) {
    if (crypto.blockchain === undefined && !errors['crypto.blockchain'])
      errors['crypto.blockchain'] = MESSAGES.cryptoBoth;
    if (crypto.tx_hash === undefined && !errors['crypto.tx_hash'])
      errors['crypto.tx_hash'] = MESSAGES.cryptoBoth;
  }

  const groups = form.reviewGroups.map((group) => group.trim()).filter(Boolean);
  if (groups.some((group) => group.length > 128)) errors.review_groups = MESSAGES.reviewGroup;
  else if (groups.length > 100) errors.review_groups = MESSAGES.reviewGroups;
  else if (groups.length) body.review_groups = groups;

  const fields: Record<string, Json> = {};
  let anyField = false;
  const seen = new Set<string>();
  for (const row of form.custom) {
    if (row.key.trim() === '' && row.value.trim() === '') continue;
    const key = row.key.trim();
    const keyError = !key
      ? MESSAGES.customKey
      : key.length > 256
        ? MESSAGES.customKeyLong
        : seen.has(key)
          ? MESSAGES.customKeyTwice
          : null;
    if (keyError) errors[`fields.${row.id}.key`] = keyError;
    seen.add(key);
    const value = customValue(row);
    if ('error' in value) errors[`fields.${row.id}.value`] = value.error;
    else if (!keyError) {
      fields[key] = value.value;
      anyField = true;
    }
  }
  if (anyField) body.fields = fields;

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, transaction: body as unknown as KytTransactionRequest };
}

/* ----- filling the form ----- */

let nextRowId = 1;
export const customRow = (patch: Partial<Omit<CustomFieldRow, 'id'>> = {}): CustomFieldRow => ({
  id: nextRowId++,
  key: '',
  value: '',
  kind: 'text',
  ...patch,
});

/** An empty form: the date is now, in the local offset. */
export function emptyForm(now: Date = new Date()): KytForm {
  return { values: { date: localDateTime(now) }, reviewGroups: [], custom: [] };
}

function flatten(prefix: string, value: unknown, into: Record<string, string>): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'boolean') into[prefix] = value ? 'yes' : 'no';
  else if (typeof value === 'number' || typeof value === 'string') into[prefix] = String(value);
  else if (typeof value === 'object' && !Array.isArray(value))
    for (const [key, inner] of Object.entries(value)) flatten(`${prefix}.${key}`, inner, into);
}

/** A participant's fields, by the side's paths. */
export function participantValues(
  side: KytSide,
  participant: KytParticipant,
): Record<string, string> {
  const values: Record<string, string> = {};
  flatten(side, participant, values);
  // Only what the form shows: a member the contract does not know is not typed into a field.
  return Object.fromEntries(Object.entries(values).filter(([path]) => fieldByPath(path)));
}

/** The form with one side replaced by a participant (a picked customer). */
export function withParticipant(
  form: KytForm,
  side: KytSide,
  participant: KytParticipant,
): KytForm {
  const kept = Object.fromEntries(
    Object.entries(form.values).filter(([path]) => !path.startsWith(`${side}.`)),
  );
  return { ...form, values: { ...kept, ...participantValues(side, participant) } };
}

/**
 * A form filled from a kept request (a what-if). Its transaction id is left out, so the new
 * submission gets its own and the two can be told apart on the service.
 */
export function formFromTransaction(transaction: KytTransaction | KytTransactionRequest): KytForm {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(transaction)) {
    if (key === 'fields' || key === 'review_groups' || key === 'external_id') continue;
    flatten(key, value, values);
  }
  const known = Object.fromEntries(Object.entries(values).filter(([path]) => fieldByPath(path)));
  const custom = Object.entries(transaction.fields ?? {}).map(([key, value]) =>
    typeof value === 'string'
      ? customRow({ key, value, kind: 'text' })
      : typeof value === 'number'
        ? customRow({ key, value: String(value), kind: 'number' })
        : customRow({ key, value: JSON.stringify(value) ?? 'null', kind: 'json' }),
  );
  return { values: known, reviewGroups: [...(transaction.review_groups ?? [])], custom };
}

/* ----- where errors go ----- */

/**
 * Main's messages by field, put where the form shows them: a path the form knows (with or without
 * the `transaction.` the bridge's input wraps it in) beside its field, anything else in a list.
 */
export function placeBridgeErrors(fields: Record<string, string>): {
  byField: KytFormErrors;
  elsewhere: string[];
} {
  const byField: KytFormErrors = {};
  const elsewhere: string[] = [];
  for (const [rawPath, message] of Object.entries(fields)) {
    const path = rawPath.replace(/^transaction\./, '');
    const top = path.split('.')[0] ?? '';
    if (fieldByPath(path)) byField[path] = message;
    else if (top === 'review_groups') byField.review_groups = message;
    else if (top === 'fields') byField.fields = message;
    else if (top === 'from' || top === 'to')
      elsewhere.push(
        `${SIDE_NAMES[top]} (${path.slice(top.length + 1) || 'participant'}): ${message}`,
      );
    else elsewhere.push(path === 'transaction' || path === '' ? message : `${path}: ${message}`);
  }
  return { byField, elsewhere };
}
