import type { CustomerIdentity } from '../../../preload/contract';

// The spec names two account types by code: F (firm) and N (individual). The read shape's object
// may carry its own label, which wins.
const NAMED: Record<string, string> = { F: 'Firm', N: 'Individual' };

export function accountTypeText(identity: CustomerIdentity): string {
  const type = identity.fields.account_type;
  if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
    const label = type.label ?? type.name;
    if (typeof label === 'string' && label) return label;
  }
  return NAMED[identity.accountType.toUpperCase()] ?? identity.accountType;
}
