import type { KytFieldDef } from '../../../../../preload/contract';

// The contract's KYT_FIELDS, made the same way: the renderer imports only the contract's types, so
// it keeps this copy, and a unit test (kyt-batch-fields) holds it equal to the contract's, entry
// for entry.

const transactionFields: KytFieldDef[] = [
  { path: 'amount', label: 'Amount', type: 'number' },
  { path: 'currency', label: 'Currency', type: 'currency' },
  { path: 'date', label: 'Date', type: 'date' },
  { path: 'external_id', label: 'Transaction id', type: 'text' },
  { path: 'label', label: 'Label', type: 'text' },
  { path: 'comment', label: 'Comment', type: 'text' },
  { path: 'context', label: 'Context', type: 'text' },
  { path: 'review_groups', label: 'Review groups', type: 'list' },
  { path: 'fields', label: 'Custom fields', type: 'json' },
  { path: 'crypto.blockchain', label: 'Blockchain', type: 'text' },
  { path: 'crypto.tx_hash', label: 'Transaction hash', type: 'text' },
];

const participantFields: Array<Omit<KytFieldDef, 'path'> & { key: string }> = [
  { key: 'full_name', label: 'full name', type: 'text' },
  { key: 'external_id', label: 'external id', type: 'text' },
  { key: 'account_type', label: 'account type', type: 'text' },
  { key: 'domicile_code', label: 'domicile', type: 'country' },
  { key: 'device.2fa', label: 'device 2FA', type: 'boolean' },
  { key: 'device.3ds', label: 'device 3DS', type: 'boolean' },
  { key: 'device.country', label: 'device country', type: 'country' },
  { key: 'device.fingerprint', label: 'device fingerprint', type: 'text' },
  { key: 'device.geolocation', label: 'device geolocation', type: 'text' },
  { key: 'device.ip', label: 'device IP', type: 'text' },
  { key: 'device.language', label: 'device language', type: 'text' },
  { key: 'device.session_duration', label: 'session duration (s)', type: 'number' },
  { key: 'device.session_id', label: 'session id', type: 'text' },
  { key: 'device.user_agent', label: 'user agent', type: 'text' },
  { key: 'payment_institution.code', label: 'institution code', type: 'text' },
  { key: 'payment_institution.country', label: 'institution country', type: 'country' },
  { key: 'payment_institution.external_id', label: 'institution external id', type: 'text' },
  {
    key: 'payment_institution.internal_customer_id',
    label: 'institution internal customer id',
    type: 'text',
  },
  { key: 'payment_institution.name', label: 'institution name', type: 'text' },
  { key: 'payment_method.code', label: 'payment method code', type: 'text' },
  { key: 'payment_method.country', label: 'payment method country', type: 'country' },
  { key: 'payment_method.type', label: 'payment method type', type: 'text' },
];

export const KYT_FIELDS: readonly KytFieldDef[] = [
  ...transactionFields,
  ...(['from', 'to'] as const).flatMap((side) =>
    participantFields.map(({ key, label, type }) => ({
      path: `${side}.${key}`,
      label: `${side === 'from' ? 'Sender' : 'Receiver'} ${label}`,
      type,
    })),
  ),
];
