import type { KytParticipant, KytParticipantChoice } from '../../preload/contract';
import { searchCache } from '../cache/cache-queries';
import { readCustomerIdentity } from '../cache/customer-identity';
import type { CacheDb } from '../cache/open-cache';
import { prepared } from '../lib/sqlite/statements';
import type { ResolveCustomer } from './kyt-answer';

// KYT and the cached customers: participants picked from them, and the customers an answer links
// (by the service's id or the external id: the interface does not say which) named as the cache
// knows them.

/** Every id a customer may be named by in a submission: its external id, and its service id. */
export function cachedCustomerIds(cache: CacheDb | null, externalId: string): string[] {
  const serviceId = cache
    ? (prepared(cache, 'SELECT id FROM customers WHERE external_id = ?', 'pluck').get(
        externalId,
      ) as string | null | undefined)
    : null;
  return serviceId && serviceId !== externalId ? [externalId, serviceId] : [externalId];
}

/** A customer id from an answer, as the cache knows it; null when it does not. */
export function resolverOver(cache: CacheDb | null): ResolveCustomer {
  return (id) => {
    if (!cache) return null;
    const row = prepared(
      cache,
      'SELECT external_id, name FROM customers WHERE external_id = ? UNION ALL SELECT external_id, name FROM customers WHERE id = ? LIMIT 1',
    ).get(id, id) as { external_id: string; name: string } | undefined;
    return row ? { externalId: row.external_id, name: row.name } : null;
  };
}

const COUNTRY = /^[A-Za-z]{2}$/;

/** A cached customer as a participant: only what the interface takes, in its bounds. */
function participantOf(identity: {
  externalId: string;
  name: string;
  accountType: string;
  fields: Record<string, unknown>;
}): KytParticipant {
  const domicile = identity.fields.domicile_code;
  const accountType = identity.accountType.trim();
  return {
    ...(identity.name.trim() ? { full_name: identity.name.trim().slice(0, 512) } : {}),
    external_id: identity.externalId.slice(0, 256),
    ...(accountType && accountType.length <= 64 ? { account_type: accountType } : {}),
    ...(typeof domicile === 'string' && COUNTRY.test(domicile.trim())
      ? { domicile_code: domicile.trim().toUpperCase() }
      : {}),
  };
}

/** Cached customers matching a name or id (the cache's own search), as participants. */
export function cachedParticipants(
  cache: CacheDb | null,
  text: string,
  limit: number,
): KytParticipantChoice[] {
  if (!cache || limit <= 0) return [];
  const externalIds = text.trim()
    ? searchCache(cache, text, limit)
        .filter((hit) => hit.kind === 'customer')
        .map((hit) => hit.id)
    : (prepared(cache, 'SELECT external_id FROM customers ORDER BY name LIMIT ?', 'pluck').all(
        limit,
      ) as string[]);
  return externalIds.slice(0, limit).flatMap((externalId) => {
    const identity = readCustomerIdentity(cache, externalId);
    if (!identity) return [];
    return [
      {
        externalId: identity.externalId,
        name: identity.name,
        participant: participantOf(identity),
      },
    ];
  });
}
