// A small tenant generated once per test file, and helpers to digest a tenant stream.
import { createHash } from 'node:crypto';
import { generateTenant, planFor, type TenantItem } from '../../../../main/sandbox/generator';

export const NOW = new Date('2025-06-30T12:00:00Z');

export function smallTenant(seed: number): TenantItem[] {
  return [...generateTenant({ seed, plan: planFor('small'), now: NOW })];
}

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return createHash('sha256').update(value).digest('hex');
  if (value instanceof Map) return [...(value as Map<string, unknown>).entries()];
  return value;
}

/** A digest of the whole stream, order and bytes included. */
export function digest(items: Iterable<TenantItem>): string {
  const hash = createHash('sha256');
  for (const item of items) hash.update(JSON.stringify(item, replacer)).update('\n');
  return hash.digest('hex');
}
