import { z } from 'zod';
import { method } from './define';
import { Day, Id, MAX_INPUT_NESTING, nestsDeeperThan } from './common';
import { LocalFile } from './uploads';

// Transaction monitoring (KYT, issue 15). The interface has one call, POST /kyt/transaction: the
// service scores and stores every submission, and has no call to list, read again or update one,
// and no dry run. So every submission CaseDesk makes is kept in the profile's local store, request
// and answer, and every screen here reads from there (offline too). Submissions wait in the
// outbox; one whose answer was lost is "in doubt" and never sent again without the investigator's
// word. Service strings (labels, names, rule codes, the state) are text, shown as received.

/* ----- what is sent: the interface's input fields, with their own names ----- */

const Text = (max: number) => z.string().max(max);
const CountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'A country code has two letters (ISO 3166), such as FR.')
  .transform((code) => code.toUpperCase());
/** An ISO 8601 date-time with its offset (Z or ±hh:mm): the service is told when, not guessed. */
export const KytDateTime = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
    'A date and time with its offset, such as 2026-11-27T14:30:00+01:00.',
  )
  .refine((value) => Number.isFinite(Date.parse(value)), 'This date does not exist.');

export const KytDeviceInput = z
  .object({
    '2fa': z.boolean().optional(),
    '3ds': z.boolean().optional(),
    country: CountryCode.optional(),
    fingerprint: Text(1024).optional(),
    geolocation: Text(256).optional(),
    ip: Text(64).optional(),
    language: Text(64).optional(),
    /** Seconds. */
    session_duration: z
      .number({ error: 'A session duration is a number of seconds.' })
      .finite('A session duration is a number of seconds.')
      .nonnegative('A session duration cannot be negative.')
      .optional(),
    session_id: Text(256).optional(),
    user_agent: Text(2048).optional(),
  })
  .strict();

export const KytPaymentInstitutionInput = z
  .object({
    code: Text(64).optional(),
    country: CountryCode.optional(),
    /** May be an alias: the service answers the real one as `real_external_id`. */
    external_id: Text(256).optional(),
    internal_customer_id: Text(256).optional(),
    name: Text(512).optional(),
  })
  .strict();

export const KytPaymentMethodInput = z
  .object({
    code: Text(64).optional(),
    country: CountryCode.optional(),
    type: Text(64).optional(),
  })
  .strict();

export const KytParticipantInput = z
  .object({
    account_type: Text(64).optional(),
    device: KytDeviceInput.optional(),
    domicile_code: CountryCode.optional(),
    /** May be an alias. A tenant customer's external id links the transaction to it. */
    external_id: Text(256).optional(),
    full_name: Text(512).optional(),
    payment_institution: KytPaymentInstitutionInput.optional(),
    payment_method: KytPaymentMethodInput.optional(),
  })
  .strict();
export type KytParticipant = z.output<typeof KytParticipantInput>;

/**
 * One transaction, as POST /kyt/transaction takes it. `external_id` is made by CaseDesk when not
 * given (`cd-` and a random id), so every submission can be told apart on the service.
 */
export const KytTransactionInput = z
  .object({
    amount: z
      .number({ error: 'The amount is a number, such as 1250.50.' })
      .finite('The amount is a number, such as 1250.50.'),
    currency: z
      .string({ error: 'The currency is a three-letter code (ISO 4217), such as EUR.' })
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code (ISO 4217), such as EUR.')
      .transform((code) => code.toUpperCase()),
    date: KytDateTime.optional(),
    external_id: z.string().trim().min(1).max(128).optional(),
    label: Text(512).optional(),
    comment: Text(10_000).optional(),
    context: Text(10_000).optional(),
    review_groups: z.array(z.string().trim().min(1).max(128)).max(100).optional(),
    /** Custom fields, as the tenant defines them (the interface leaves their shape open). */
    fields: z
      .record(
        z.string().min(1).max(256),
        z
          .unknown()
          .refine(
            (value) => !nestsDeeperThan(value, MAX_INPUT_NESTING),
            `A custom field nests objects or lists deeper than ${MAX_INPUT_NESTING} levels.`,
          ),
      )
      .optional(),
    crypto: z
      .object({ blockchain: Text(128), tx_hash: Text(512) })
      .strict()
      .optional(),
    from: KytParticipantInput,
    to: KytParticipantInput,
  })
  .strict();
export type KytTransactionRequest = z.input<typeof KytTransactionInput>;
export type KytTransaction = z.output<typeof KytTransactionInput>;

/**
 * Every field a transaction can carry, by its path in the body: the form's fields, a CSV column
 * mapping's targets and a comparison's row names come from this one list.
 */
export type KytFieldType =
  'number' | 'text' | 'boolean' | 'country' | 'currency' | 'date' | 'list' | 'json';
export interface KytFieldDef {
  /** `amount`, `from.device.country`, `crypto.tx_hash`… */
  path: string;
  label: string;
  type: KytFieldType;
}

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

/* ----- what is kept and shown ----- */

/**
 * Where a submission stands. `waiting`: in the outbox (or a batch) not yet sent; `sending`: going
 * out now; `scored`: the service's answer is kept; `refused`: the service answered with an error
 * (nothing stored there); `in-doubt`: its answer was lost, it may be stored: the investigator
 * sends it again or marks it sent; `marked-sent`: the investigator said it reached the service
 * (no answer kept); `withdrawn`: discarded or its batch cancelled before it was sent.
 */
export type KytStatus =
  'waiting' | 'sending' | 'scored' | 'refused' | 'in-doubt' | 'marked-sent' | 'withdrawn';

/** The state object as received (its inside is not shown by the interface). */
export interface KytStateView {
  /** The best words for it: its label, else name, else code, else the JSON as received. */
  text: string;
  /** Its code (any type, as text), for filters; null when it has none. */
  code: string | null;
  /** Every member as received, JSON text per member value, in the order received. */
  members: Array<{ key: string; value: string }>;
}

export interface KytSubmissionSummary {
  /** CaseDesk's own id of the submission (the service's id is `serviceId`, once answered). */
  id: string;
  serviceId: string | null;
  externalId: string;
  status: KytStatus;
  /** Why it is refused or in doubt, in words the investigator can act on. */
  statusReason: string | null;
  /** When CaseDesk recorded it, ISO. */
  createdAt: string;
  /** When its answer was kept (or it was marked sent), ISO. */
  settledAt: string | null;
  amount: number;
  currency: string;
  /** The transaction's date as sent, when it had one. */
  date: string | null;
  label: string | null;
  fromName: string | null;
  fromExternalId: string | null;
  toName: string | null;
  toExternalId: string | null;
  /** Customers the service linked (`customers`), else the participants' ids CaseDesk knows. */
  customers: string[];
  score: number | null;
  state: KytStateView | null;
  convertedAmount: number | null;
  convertedCurrency: string | null;
  /** The submission this one was duplicated from (a what-if). */
  basedOnId: string | null;
  batch: { id: string; line: number } | null;
}

export type KytRuleRole =
  /** Active, use_weight true: counted in the weighted part. */
  | 'weighted'
  /** Active, use_weight false: counted on its own. */
  | 'unweighted'
  /** active false: scored by the service but left out of the score. */
  | 'inactive'
  /** A member is missing or of another type: how it counts cannot be told. */
  | 'unclear';

export interface KytRuleView {
  code: string;
  active: boolean | null;
  score: number | null;
  weight: number | null;
  useWeight: boolean | null;
  role: KytRuleRole;
  /** Fired: active with a score above 0. */
  fired: boolean;
  /** Points of the final score it accounts for under the explanation found; null when none was. */
  contribution: number | null;
}

export interface KytExplanation {
  rules: KytRuleView[];
  /**
   * `accounted`: a combination of the rules gives the service's score (to its rounding), named
   * in `method`; `unaccounted`: none does, and `text` says so instead of inventing one; `no-rules`:
   * the answer carried no rules; `no-score`: no usable score.
   */
  outcome: 'accounted' | 'unaccounted' | 'no-rules' | 'no-score';
  /** "weighted mean of the active weighted rules, then the highest of it and the unweighted rules" */
  method: string | null;
  /** What the rules give under `method`, before the service's rounding. */
  computedScore: number | null;
  /** One paragraph for the investigator. */
  text: string;
}

/** A participant as the service echoed it (with `real_external_id` computed), every member as text. */
export interface KytParticipantEcho {
  fields: Array<{ path: string; label: string; value: string }>;
}

export interface KytAnswerView {
  serviceId: string;
  score: number | null;
  state: KytStateView | null;
  convertedAmount: number | null;
  convertedCurrency: string | null;
  convertedDate: string | null;
  clientId: number | null;
  customers: Array<{
    id: string;
    /** A cached customer's name and external id, so the screen can link to its page. */
    externalId: string | null;
    name: string | null;
  }>;
  from: KytParticipantEcho | null;
  to: KytParticipantEcho | null;
  searchVector: string[];
  /** The whole answer, pretty JSON, as received. */
  raw: string;
}

export interface KytSubmissionDetail {
  summary: KytSubmissionSummary;
  /** The body as sent (or to be sent). */
  request: KytTransaction;
  answer: KytAnswerView | null;
  explanation: KytExplanation | null;
  /** The outbox item carrying it, while it is there. */
  outboxItemId: string | null;
}

export interface KytComparison {
  a: KytSubmissionSummary;
  b: KytSubmissionSummary;
  /** Inputs that differ, by field (labels from KYT_FIELDS; other paths named by their path). */
  inputs: Array<{ path: string; label: string; a: string | null; b: string | null }>;
  rules: Array<{
    code: string;
    a: KytRuleView | null;
    b: KytRuleView | null;
    change: 'started-firing' | 'stopped-firing' | 'score' | 'weight' | 'same' | 'only-a' | 'only-b';
  }>;
  scoreA: number | null;
  scoreB: number | null;
  /** b − a, when both are numbers. */
  scoreChange: number | null;
  stateA: string | null;
  stateB: string | null;
}

export const KytListFilter = z
  .object({
    /** On the transaction's date, else the day CaseDesk recorded it. */
    from: Day.optional(),
    to: Day.optional(),
    scoreMin: z.number().finite().optional(),
    scoreMax: z.number().finite().optional(),
    /** A state's text or code, as the lists show it. */
    state: z.string().trim().min(1).max(200).optional(),
    currency: z.string().trim().min(1).max(16).optional(),
    /** Sender, receiver or a customer the service linked. */
    customerExternalId: Id.optional(),
    /** Part of the label, any case. */
    label: z.string().trim().min(1).max(200).optional(),
    status: z
      .enum(['waiting', 'sending', 'scored', 'refused', 'in-doubt', 'marked-sent', 'withdrawn'])
      .optional(),
    batchId: Id.optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .strict();
export type KytListFilterInput = z.input<typeof KytListFilter>;

export interface KytList {
  /** Newest first. */
  submissions: KytSubmissionSummary[];
  total: number;
  /** Submissions waiting for the investigator's word (in doubt), whatever the filter. */
  inDoubt: number;
  /** For the filters: every state text, currency and label seen. */
  states: string[];
  currencies: string[];
}

export const KytSubmitInput = z
  .object({
    transaction: KytTransactionInput,
    /** Duplicated from this submission (a what-if). */
    basedOnId: Id.optional(),
  })
  .strict();

/** A cached customer, ready to be a participant. */
export interface KytParticipantChoice {
  externalId: string;
  name: string;
  participant: KytParticipant;
}

/* ----- batches ----- */

export type KytBatchFormat = 'csv' | 'ndjson';

/** CSV column name per field path (KYT_FIELDS), saved per profile; NDJSON lines are bodies. */
export const KytColumnMapping = z.record(z.string().min(1).max(200), z.string().min(1).max(500));
export type KytColumnMapping = z.infer<typeof KytColumnMapping>;

export interface KytImportPreview {
  fileName: string;
  format: KytBatchFormat;
  /** The CSV's separator, as found (`,`, `;`, tab or `|`). */
  separator: string | null;
  columns: string[];
  /** The first rows, as cells. */
  sample: string[][];
  /** The profile's saved mapping when its columns are all present, else one guessed from names. */
  mapping: KytColumnMapping;
  mappingSaved: boolean;
}

export type KytBatchState =
  /** Read, not started. */
  | 'ready'
  | 'running'
  /** By the investigator, or by itself: offline, the token refused, a line in doubt. */
  | 'paused'
  | 'cancelled'
  | 'done';

export interface KytBatchView {
  id: string;
  fileName: string;
  format: KytBatchFormat;
  state: KytBatchState;
  /** Why it paused or stopped, in words the investigator can act on. */
  reason: string | null;
  createdAt: string;
  lines: number;
  /** Lines that could not be read into a transaction: never sent, in the result file. */
  invalid: number;
  sent: number;
  scored: number;
  refused: number;
  inDoubt: number;
  /** Valid lines not sent yet. */
  remaining: number;
  /** Seconds to wait before the next line (the service asked: 429 Retry-After), or null. */
  waitingSeconds: number | null;
  /**
   * Grows with every view main makes of a batch: an action's answer and a later event can cross on
   * the way, and the view with the smaller revision is the older one.
   */
  revision: number;
}

export interface KytBatchLine {
  line: number;
  submissionId: string | null;
  status: KytStatus | 'invalid';
  score: number | null;
  state: string | null;
  error: string | null;
}

export const KytImportInput = z
  .object({
    file: LocalFile,
    /** For CSV; NDJSON needs none. */
    mapping: KytColumnMapping.optional(),
    saveMapping: z.boolean().default(true),
    /** Start sending at once. */
    start: z.boolean().default(true),
  })
  .strict();

const BatchRef = z.object({ id: Id }).strict();

export const kytMethods = {
  /**
   * Records a submission and queues it; online, answers once the service scored it (or refused
   * it), offline with it waiting. The service stores every submission: the screen confirms first.
   */
  submit: method<KytSubmissionDetail>()(KytSubmitInput),
  get: method<KytSubmissionDetail | null>()(z.object({ id: Id }).strict()),
  list: method<KytList>()(
    z.object({ filter: KytListFilter.default({ offset: 0, limit: 200 }) }).strict(),
  ),
  /** Any two kept submissions, `a` as the one compared against. */
  compare: method<KytComparison>()(z.object({ a: Id, b: Id }).strict()),
  /** The investigator's word on a submission in doubt: send it again, or take it as sent. */
  decide: method<KytSubmissionDetail>()(
    z.object({ id: Id, decision: z.enum(['send-again', 'mark-sent']) }).strict(),
  ),
  /** Cached customers matching a name or id, as participants. */
  participants: method<KytParticipantChoice[]>()(
    z
      .object({
        text: z.string().trim().max(200),
        limit: z.number().int().min(1).max(50).default(10),
      })
      .strict(),
  ),

  /** Reads a dropped or chosen file's columns and first rows. */
  previewImport: method<KytImportPreview>()(z.object({ file: LocalFile }).strict()),
  /** Reads every line into the batch (bad lines kept as errors), then starts it unless asked not to. */
  import: method<KytBatchView>()(KytImportInput),
  batches: method<KytBatchView[]>()(z.undefined()),
  batchLines: method<KytBatchLine[]>()(
    z
      .object({
        id: Id,
        onlyProblems: z.boolean().default(false),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict(),
  ),
  /** Goes on from the first line not sent (never re-sends a line in doubt). */
  resumeBatch: method<KytBatchView>()(BatchRef),
  pauseBatch: method<KytBatchView>()(BatchRef),
  /** Stops it; lines not sent are withdrawn. */
  cancelBatch: method<KytBatchView>()(BatchRef),
  /**
   * Writes the per-line result file (line, external id, status, score, state, error) into the
   * profile's downloads folder; answers its file name.
   */
  saveBatchResult: method<{ fileName: string }>()(BatchRef),
};

export interface KytEvents {
  /** Submissions changed (answered, refused, in doubt, decided): lists read again. */
  'kyt.changed': { ids: string[] };
  'kyt.batch': KytBatchView;
}
