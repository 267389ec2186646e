import type { Page } from '@playwright/test';
import type { Customer360, QueueWindow } from '../../preload/contract';
import { bridge, expect, type Tenant } from './fixtures';

// What the KYT specs ask of the tenant: cached customers to submit transactions with, and what the
// service recorded of them (it cannot list transactions, but it names each one on the timeline of
// every tenant customer it linked, so a count there says how many times one reached it).

export interface NamedCustomer {
  externalId: string;
  name: string;
}

/** Two cached customers with different names, as the app has them. */
export async function twoCustomers(page: Page): Promise<[NamedCustomer, NamedCustomer]> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 100 });
  const found: NamedCustomer[] = [];
  for (const id of new Set(queue.rows.map((row) => row.customerExternalId))) {
    const customer = await bridge<Customer360 | null>(page, 'customers.get', { externalId: id });
    const name = customer?.identity.name.trim() ?? '';
    if (name && !found.some((other) => other.name === name)) found.push({ externalId: id, name });
    const [first, second] = found;
    if (first && second) return [first, second];
  }
  throw new Error('the tenant has no two cached customers with names');
}

interface TimelineEvent {
  EventType: string;
  Title: string;
}

/** The KYT transactions the service recorded for a customer (one timeline event each). */
export async function kytEvents(tenant: Tenant, customerId: string): Promise<TimelineEvent[]> {
  const reply = await tenant.service.call(
    'GET',
    `/api/v1/customers/${encodeURIComponent(customerId)}/timeline?limit=1000&offset=0`,
  );
  expect(reply.status).toBe(200);
  return reply.json<TimelineEvent[]>().filter((event) => event.EventType === 'kyt_transaction');
}
