// Aliases the sandbox recognises in an external id (spec: "external_id ... may be an alias"):
// `alias:<x>` stands for a stable id derived from <x>, so a client can send an alias without first
// creating a customer. A tenant customer's `alias_ids` are the other kind; they are resolved from
// the database by the KYT operation, not here.
import { hexId } from '../rng';

export const ALIAS_PREFIX = 'alias:';

/** The id `alias:<x>` stands for (`RID-` and 16 hex digits), or null for any other id. */
export function derivedRealId(externalId: string): string | null {
  if (!externalId.startsWith(ALIAS_PREFIX)) return null;
  const name = externalId.slice(ALIAS_PREFIX.length);
  return name.length > 0 ? `RID-${hexId(`kyt-alias:${name}`, 16).toUpperCase()}` : null;
}
