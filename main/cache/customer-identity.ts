import type { CustomerIdentity } from '../../preload/contract';
import { displayName } from './records';
import { asArray, asObject, listValues, parseObject, text, type JsonObject } from './json-fields';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';

export interface CustomerRecordRow {
  external_id: string;
  id: string | null;
  account_type: string | null;
  name: string;
  name_variations: string;
  review_groups: string;
  raw: string;
}

const variationName = (variation: JsonObject): string =>
  displayName({
    first_name: text(variation.first_name),
    middle_name: text(variation.middle_name),
    last_name: text(variation.last_name),
    company_name: text(variation.company_name),
    trading_name: text(variation.trading_name),
  });

export function customerIdentity(row: CustomerRecordRow): CustomerIdentity {
  const raw = parseObject(row.raw);
  // Unreadable raw JSON: the columns written beside it still name the customer.
  const nameVariations = raw
    ? asArray(raw.name_variations)
        .map((variation) => asObject(variation))
        .filter((variation): variation is JsonObject => variation !== null)
        .map(variationName)
        .filter(Boolean)
    : row.name_variations.split(' | ').filter(Boolean);
  return {
    externalId: row.external_id,
    id: row.id ?? '',
    name: row.name,
    accountType: row.account_type ?? '',
    fields: raw ?? {},
    nameVariations,
    reviewGroups: listValues(row.review_groups),
  };
}

/** The cached customer's identity; null until the customer reaches the cache. */
export function readCustomerIdentity(db: CacheDb, externalId: string): CustomerIdentity | null {
  const row = prepared(
    db,
    'SELECT external_id, id, account_type, name, name_variations, review_groups, raw FROM customers WHERE external_id = ?',
  ).get(externalId) as CustomerRecordRow | undefined;
  return row ? customerIdentity(row) : null;
}
