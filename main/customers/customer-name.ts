import type { CustomerDraft } from '../../preload/contract';

/** What a customer is called: the company for a firm, the person's names otherwise. */
export function displayName(
  customer: Pick<
    CustomerDraft,
    'company_name' | 'trading_name' | 'first_name' | 'middle_name' | 'last_name'
  >,
): string {
  const person = [customer.first_name, customer.middle_name, customer.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return customer.company_name?.trim() || customer.trading_name?.trim() || person;
}
