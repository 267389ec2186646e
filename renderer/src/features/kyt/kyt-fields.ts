import type { KytFieldDef, KytFieldType } from '../../../../preload/contract';

// Every field of a transaction, by its path in the body, as the contract's KYT_FIELDS lists it.
// The renderer imports only the contract's types, so the list is written again here; a unit test
// keeps the two equal. The form's groups say where each field sits on the screen.

export type KytSide = 'from' | 'to';

/** Where a field sits in the form: the short common path, or a collapsible group. */
export type KytFieldGroup =
  | 'transaction'
  | 'transaction-details'
  | 'crypto'
  | 'participant'
  | 'participant-details'
  | 'device'
  | 'institution'
  | 'method';

export interface KytFormFieldDef extends KytFieldDef {
  group: KytFieldGroup;
  /** The short label inside its group ("Country" under "Device"). */
  short: string;
  /** What to type, when the label alone does not say. */
  hint?: string;
  /** Longest text the interface takes (the contract's limit). */
  max?: number;
  /** Typed over several lines. */
  multiline?: boolean;
}

const COUNTRY_HINT = 'Two letters, such as FR';

const TRANSACTION: KytFormFieldDef[] = [
  { path: 'amount', label: 'Amount', short: 'Amount', type: 'number', group: 'transaction' },
  {
    path: 'currency',
    label: 'Currency',
    short: 'Currency',
    type: 'currency',
    group: 'transaction',
    hint: 'Three letters, such as EUR',
  },
  {
    path: 'date',
    label: 'Date',
    short: 'Date',
    type: 'date',
    group: 'transaction',
    hint: 'With its offset, such as 2026-11-27T14:30:00+01:00',
  },
  {
    path: 'external_id',
    label: 'Transaction id',
    short: 'Transaction id',
    type: 'text',
    group: 'transaction-details',
    hint: 'Made by CaseDesk when left empty',
    max: 128,
  },
  { path: 'label', label: 'Label', short: 'Label', type: 'text', group: 'transaction', max: 512 },
  {
    path: 'comment',
    label: 'Comment',
    short: 'Comment',
    type: 'text',
    group: 'transaction-details',
    max: 10_000,
    multiline: true,
  },
  {
    path: 'context',
    label: 'Context',
    short: 'Context',
    type: 'text',
    group: 'transaction-details',
    max: 10_000,
    multiline: true,
  },
  {
    path: 'review_groups',
    label: 'Review groups',
    short: 'Review groups',
    type: 'list',
    group: 'transaction-details',
  },
  {
    path: 'fields',
    label: 'Custom fields',
    short: 'Custom fields',
    type: 'json',
    group: 'transaction-details',
  },
  {
    path: 'crypto.blockchain',
    label: 'Blockchain',
    short: 'Blockchain',
    type: 'text',
    group: 'crypto',
    max: 128,
  },
  {
    path: 'crypto.tx_hash',
    label: 'Transaction hash',
    short: 'Transaction hash',
    type: 'text',
    group: 'crypto',
    max: 512,
  },
];

interface ParticipantFieldDef {
  key: string;
  label: string;
  short: string;
  type: KytFieldType;
  group: KytFieldGroup;
  hint?: string;
  max?: number;
}

const PARTICIPANT: ParticipantFieldDef[] = [
  {
    key: 'full_name',
    label: 'full name',
    short: 'Full name',
    type: 'text',
    group: 'participant',
    max: 512,
  },
  {
    key: 'external_id',
    label: 'external id',
    short: 'External id',
    type: 'text',
    group: 'participant',
    hint: "A customer's external id links the transaction to it",
    max: 256,
  },
  {
    key: 'account_type',
    label: 'account type',
    short: 'Account type',
    type: 'text',
    group: 'participant-details',
    max: 64,
  },
  {
    key: 'domicile_code',
    label: 'domicile',
    short: 'Domicile',
    type: 'country',
    group: 'participant-details',
    hint: COUNTRY_HINT,
  },
  { key: 'device.2fa', label: 'device 2FA', short: '2FA', type: 'boolean', group: 'device' },
  { key: 'device.3ds', label: 'device 3DS', short: '3DS', type: 'boolean', group: 'device' },
  {
    key: 'device.country',
    label: 'device country',
    short: 'Country',
    type: 'country',
    group: 'device',
    hint: COUNTRY_HINT,
  },
  {
    key: 'device.fingerprint',
    label: 'device fingerprint',
    short: 'Fingerprint',
    type: 'text',
    group: 'device',
    max: 1024,
  },
  {
    key: 'device.geolocation',
    label: 'device geolocation',
    short: 'Geolocation',
    type: 'text',
    group: 'device',
    max: 256,
  },
  {
    key: 'device.ip',
    label: 'device IP',
    short: 'IP address',
    type: 'text',
    group: 'device',
    max: 64,
  },
  {
    key: 'device.language',
    label: 'device language',
    short: 'Language',
    type: 'text',
    group: 'device',
    max: 64,
  },
  {
    key: 'device.session_duration',
    label: 'session duration (s)',
    short: 'Session duration (seconds)',
    type: 'number',
    group: 'device',
  },
  {
    key: 'device.session_id',
    label: 'session id',
    short: 'Session id',
    type: 'text',
    group: 'device',
    max: 256,
  },
  {
    key: 'device.user_agent',
    label: 'user agent',
    short: 'User agent',
    type: 'text',
    group: 'device',
    max: 2048,
  },
  {
    key: 'payment_institution.code',
    label: 'institution code',
    short: 'Code',
    type: 'text',
    group: 'institution',
    max: 64,
  },
  {
    key: 'payment_institution.country',
    label: 'institution country',
    short: 'Country',
    type: 'country',
    group: 'institution',
    hint: COUNTRY_HINT,
  },
  {
    key: 'payment_institution.external_id',
    label: 'institution external id',
    short: 'External id',
    type: 'text',
    group: 'institution',
    hint: 'May be an alias: the service answers the real one',
    max: 256,
  },
  {
    key: 'payment_institution.internal_customer_id',
    label: 'institution internal customer id',
    short: 'Internal customer id',
    type: 'text',
    group: 'institution',
    max: 256,
  },
  {
    key: 'payment_institution.name',
    label: 'institution name',
    short: 'Name',
    type: 'text',
    group: 'institution',
    max: 512,
  },
  {
    key: 'payment_method.code',
    label: 'payment method code',
    short: 'Code',
    type: 'text',
    group: 'method',
    max: 64,
  },
  {
    key: 'payment_method.country',
    label: 'payment method country',
    short: 'Country',
    type: 'country',
    group: 'method',
    hint: COUNTRY_HINT,
  },
  {
    key: 'payment_method.type',
    label: 'payment method type',
    short: 'Type',
    type: 'text',
    group: 'method',
    max: 64,
  },
];

export const SIDE_NAMES: Record<KytSide, string> = { from: 'Sender', to: 'Receiver' };

/** The participant fields of one side, by path (`from.device.country`). */
export function participantFields(side: KytSide): KytFormFieldDef[] {
  return PARTICIPANT.map(({ key, label, ...rest }) => ({
    ...rest,
    path: `${side}.${key}`,
    label: `${SIDE_NAMES[side]} ${label}`,
  }));
}

export const TRANSACTION_FIELDS: readonly KytFormFieldDef[] = TRANSACTION;

/** Every field, in the contract's order. */
export const KYT_FORM_FIELDS: readonly KytFormFieldDef[] = [
  ...TRANSACTION,
  ...participantFields('from'),
  ...participantFields('to'),
];

const BY_PATH = new Map(KYT_FORM_FIELDS.map((field) => [field.path, field]));

export const fieldByPath = (path: string): KytFormFieldDef | undefined => BY_PATH.get(path);

/** A field's label by its path; a path the list does not know is shown as it is. */
export const fieldLabel = (path: string): string => BY_PATH.get(path)?.label ?? path;

/** The groups' headings, as the form and the request view show them. */
export const GROUP_TITLES: Record<KytFieldGroup, string> = {
  transaction: 'Transaction',
  'transaction-details': 'More about the transaction',
  crypto: 'Crypto',
  participant: 'Participant',
  'participant-details': 'Account',
  device: 'Device',
  institution: 'Payment institution',
  method: 'Payment method',
};
