// Which tenant customers a KYT participant names, and what an aliased external id stands for.
// Every lookup is one indexed read (customers by external id or service id, customer_aliases by
// alias), so a transaction costs the same however large the tenant grows.
import { derivedRealId } from '../generator';
import type { statementCache } from './common';
import type { KytParticipantInput } from './kyt-input';

export interface LinkedCustomer {
  /** The service's id (`Customer.id`), as a save answers it and `customers` lists it. */
  id: string;
  externalId: string;
}

export function createKytLinks(prepare: ReturnType<typeof statementCache>) {
  const byExternalId = (externalId: string) =>
    prepare('SELECT id, external_id AS externalId FROM customers WHERE external_id = ?').get(
      externalId,
    ) as LinkedCustomer | undefined;
  const byServiceId = (id: string) =>
    prepare('SELECT id, external_id AS externalId FROM customers WHERE id = ?').get(id) as
      LinkedCustomer | undefined;
  // Two customers may list the same alias: the smallest external id wins, every time.
  const byAlias = (alias: string) =>
    prepare(
      'SELECT external_id AS externalId FROM customer_aliases WHERE alias = ? ORDER BY external_id LIMIT 1',
    ).get(alias) as { externalId: string } | undefined;

  /**
   * What an external id stands for: `alias:<x>` a derived id; a customer's own external id itself;
   * one of a customer's `alias_ids` that customer's external id; anything else itself.
   */
  function realExternalId(externalId: string): string {
    const derived = derivedRealId(externalId);
    if (derived) return derived;
    if (byExternalId(externalId)) return externalId;
    return byAlias(externalId)?.externalId ?? externalId;
  }

  /** The customers a participant names: by its external id (or alias), then by its institution's internal customer id. */
  function customersOf(participant: KytParticipantInput): LinkedCustomer[] {
    const found: LinkedCustomer[] = [];
    if (participant.external_id) {
      const customer = byExternalId(realExternalId(participant.external_id));
      if (customer) found.push(customer);
    }
    const internal = participant.payment_institution?.internal_customer_id;
    if (internal) {
      const customer = byServiceId(internal) ?? byExternalId(realExternalId(internal));
      if (customer) found.push(customer);
    }
    return found;
  }

  return { realExternalId, customersOf };
}

export type KytLinks = ReturnType<typeof createKytLinks>;
