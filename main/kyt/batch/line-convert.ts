import type { z } from 'zod';
import {
  KytTransactionInput,
  type KytColumnMapping,
  type KytFieldDef,
  type KytTransaction,
} from '../../../preload/contract';
import { fieldOf } from './column-mapping';

// A line of the file into a transaction, or the reasons it is not one, each naming the field and
// the column it came from so the investigator can fix the file: `Amount (column “amt”): …`.

export interface ConvertedLine {
  transaction: KytTransaction | null;
  /** Why the line is not a transaction (null when it is one). */
  error: string | null;
  /** The line's transaction id as written, when it has one: for the result file of a bad line. */
  externalId: string | null;
}

type Cell = { value: unknown } | { problem: string };

const NUMBER_PLAIN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Thousands set apart by a space, a no-break or thin space or an apostrophe: 1 234 567.50. */
const NUMBER_GROUPED = /^[+-]?\d{1,3}([ \u00a0\u202f\u2009']\d{3})+(\.\d+)?$/;
/** 1,234 or 12,500: thousands, or three decimals? */
const COMMA_AMBIGUOUS = /^[+-]?\d{1,3},\d{3}$/;

const shown = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/**
 * A number as a spreadsheet may write it. A comma is never guessed at (1,234 is a thousand and
 * more in one country, one and a bit in another): the line is refused with how to write it.
 * Text that is no number at all is passed on, for the field's own message.
 */
export function numberCell(text: string): Cell {
  const trimmed = text.trim();
  if (NUMBER_PLAIN.test(trimmed)) return { value: Number(trimmed) };
  if (NUMBER_GROUPED.test(trimmed))
    return { value: Number(trimmed.replace(/[ \u00a0\u202f\u2009']/g, '')) };
  if (COMMA_AMBIGUOUS.test(trimmed)) {
    const [whole = '', part = ''] = trimmed.split(',');
    return {
      problem: `${shown(trimmed)} could be ${whole}${part} or ${whole}.${part}: write it with a dot for decimals and no thousands separator, such as 1250.50`,
    };
  }
  if (
    /^[+-]?[\d .,'\u00a0\u202f\u2009]*\d[\d .,'\u00a0\u202f\u2009]*$/.test(trimmed) &&
    trimmed.includes(',')
  )
    return {
      problem: `${shown(trimmed)} has a comma: write the number with a dot for decimals and no thousands separator, such as 1250.50`,
    };
  return { value: trimmed };
}

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

function booleanCell(text: string): Cell {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return { value: true };
  if (FALSE_WORDS.has(word)) return { value: false };
  return {
    problem: `${shown(text.trim())} is not a yes or no: write true or false, yes or no, 1 or 0`,
  };
}

function jsonCell(text: string, field: KytFieldDef): Cell {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `${shown(text.trim())} is not JSON text, such as {"risk_code": "A1"}` };
  }
  if (
    field.path === 'fields' &&
    (typeof value !== 'object' || value === null || Array.isArray(value))
  )
    return { problem: 'custom fields are one JSON object, such as {"risk_code": "A1"}' };
  return { value };
}

/** A date written with a space before its time (as spreadsheets do) is read as the ISO form. */
const dateCell = (text: string): Cell => ({
  value: text.trim().replace(/^(\d{4}-\d{2}-\d{2}) (?=\d{2}:\d{2})/, '$1T'),
});

/** One cell as the field's type wants it; `null` when empty (the field is then absent). */
export function cellValue(text: string, field: KytFieldDef): Cell | null {
  if (text.trim() === '') return null;
  switch (field.type) {
    case 'number':
      return numberCell(text);
    case 'boolean':
      return booleanCell(text);
    case 'list': {
      const items = text
        .split(';')
        .map((item) => item.trim())
        .filter(Boolean);
      return items.length === 0 ? null : { value: items };
    }
    case 'json':
      return jsonCell(text, field);
    case 'date':
      return dateCell(text);
    case 'text':
    case 'country':
    case 'currency':
      return { value: text.trim() };
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
    else {
      const made: Record<string, unknown> = {};
      node[part] = made;
      node = made;
    }
  }
  node[parts[parts.length - 1] ?? path] = value;
}

/** The KYT field a schema issue is about: its path, or the longest field path it lies under. */
function fieldAt(issuePath: readonly PropertyKey[]): KytFieldDef | null {
  const parts = issuePath.filter((part): part is string => typeof part === 'string');
  for (let length = parts.length; length > 0; length -= 1) {
    const field = fieldOf(parts.slice(0, length).join('.'));
    if (field) return field;
  }
  return null;
}

const PARTS: Record<string, string> = {
  from: 'Sender',
  to: 'Receiver',
  'from.device': 'Sender device',
  'to.device': 'Receiver device',
  'from.payment_institution': 'Sender payment institution',
  'to.payment_institution': 'Receiver payment institution',
  'from.payment_method': 'Sender payment method',
  'to.payment_method': 'Receiver payment method',
  crypto: 'Crypto',
};

function issueText(
  issue: z.core.$ZodIssue,
  where: (field: KytFieldDef) => string,
): {
  path: string | null;
  text: string;
} {
  const field = fieldAt(issue.path);
  const message = /[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`;
  if (issue.code === 'unrecognized_keys') {
    const at = issue.path.filter((part) => typeof part === 'string').join('.');
    const place = at === '' ? 'The transaction' : (PARTS[at] ?? at);
    return {
      path: null,
      text: `${place}: ${issue.keys.map((key) => `“${key}”`).join(', ')} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} of the interface.`,
    };
  }
  if (field) return { path: field.path, text: `${where(field)}: ${message}` };
  const at = issue.path.filter((part) => typeof part === 'string').join('.');
  const place = PARTS[at] ?? (at || 'The transaction');
  // zod's own words for an absent object ("Invalid input: expected object, received undefined").
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return {
      path: null,
      text: `${place}: missing: give it as an object, {} when nothing is known of it.`,
    };
  return { path: null, text: `${place}: ${message}` };
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Reads a CSV line's cells (in the header's order) into a transaction, with the mapping given. */
export function csvLineReader(
  mapping: KytColumnMapping,
  columns: readonly string[],
): (cells: readonly string[]) => ConvertedLine {
  const targets = Object.entries(mapping).flatMap(([path, column]) => {
    const field = fieldOf(path);
    const index = columns.indexOf(column);
    return field && index !== -1 ? [{ field, column, index }] : [];
  });
  const columnOf = new Map(targets.map((target) => [target.field.path, target.column]));
  const where = (field: KytFieldDef) => {
    const column = columnOf.get(field.path);
    return column === undefined ? field.label : `${field.label} (column “${column}”)`;
  };
  const idIndex = targets.find((target) => target.field.path === 'external_id')?.index;
  return (cells) => {
    const body: Record<string, unknown> = { from: {}, to: {} };
    const problems: string[] = [];
    const failed = new Set<string>();
    for (const { field, index } of targets) {
      const cell = cellValue(cells[index] ?? '', field);
      if (cell === null) continue;
      if ('problem' in cell) {
        problems.push(`${where(field)}: ${sentence(cell.problem)}`);
        failed.add(field.path);
      } else setPath(body, field.path, cell.value);
    }
    const externalId = idIndex === undefined ? null : (cells[idIndex] ?? '').trim() || null;
    return checked(body, problems, failed, where, externalId);
  };
}

/** Reads an NDJSON line's object, a transaction body as the interface takes it. */
export function objectLineReader(value: Record<string, unknown>): ConvertedLine {
  const where = (field: KytFieldDef) => `${field.label} (${field.path})`;
  const externalId =
    typeof value.external_id === 'string' ? value.external_id.trim() || null : null;
  return checked(value, [], new Set(), where, externalId);
}

function checked(
  body: unknown,
  problems: string[],
  failed: ReadonlySet<string>,
  where: (field: KytFieldDef) => string,
  externalId: string | null,
): ConvertedLine {
  const parsed = KytTransactionInput.safeParse(body);
  if (parsed.success && problems.length === 0)
    return { transaction: parsed.data, error: null, externalId };
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const { path, text } = issueText(issue, where);
      // A cell already refused is absent from the body: its "required" would say it twice.
      if (path !== null && failed.has(path)) continue;
      if (!problems.includes(text)) problems.push(text);
    }
  return { transaction: null, error: problems.join(' '), externalId };
}
