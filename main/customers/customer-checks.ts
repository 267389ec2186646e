import { checkCustomer, type SaveLineReport, type SaveReport } from '../../preload/contract';
import type { SaveRequestLines } from './customer-ports';

/**
 * The form's own checks over every line, before any call: a report of the lines with problems
 * (nothing sent, `status` null), or null when every line may be sent.
 */
export function checkedLines(lines: SaveRequestLines): SaveReport | null {
  const reports: SaveLineReport[] = [
    ...lines.customers.map((customer) => ({
      kind: 'customer' as const,
      externalId: customer.external_id,
      errors: checkCustomer(customer),
      warnings: [],
      customerId: null,
    })),
    ...lines.relations.map((relation) => ({
      kind: 'relation' as const,
      externalId: relation.relation_external_id,
      errors: [],
      warnings: [],
      customerId: null,
    })),
  ];
  if (!reports.some((line) => line.errors.length > 0)) return null;
  return { outcome: 'verified', status: null, lines: reports, failed: true, riskScanForced: false };
}
