import { z } from 'zod';
import { anything, flag, key, list, num, openObject, text } from './fields';

// Spec, Resources: KYT transaction (input fields echoed back, plus the response fields). Which
// fields are required is not shown, so only the id the service assigns is.

const DeviceSchema = z.looseObject({
  '2fa': flag,
  '3ds': flag,
  country: text,
  fingerprint: text,
  geolocation: text,
  ip: text,
  language: text,
  session_duration: num,
  session_id: text,
  user_agent: text,
});

export const WireParticipantSchema = z.looseObject({
  account_type: text,
  device: DeviceSchema.nullish(),
  domicile_code: text,
  external_id: text,
  full_name: text,
  payment_institution: z
    .looseObject({
      code: text,
      country: text,
      external_id: text,
      internal_customer_id: text,
      name: text,
      real_external_id: text,
    })
    .nullish(),
  payment_method: z.looseObject({ code: text, country: text, type: text }).nullish(),
});
export type WireParticipant = z.output<typeof WireParticipantSchema>;

export const WireKytRuleSchema = z.looseObject({
  active: flag,
  code: text,
  score: num,
  use_weight: flag,
  weight: num,
});
export type WireKytRule = z.output<typeof WireKytRuleSchema>;

export const WireKytTransactionSchema = z.looseObject({
  id: key,
  amount: num,
  comment: text,
  context: text,
  crypto: z.looseObject({ blockchain: text, tx_hash: text }).nullish(),
  currency: text,
  date: text,
  external_id: text,
  fields: anything,
  from: WireParticipantSchema.nullish(),
  to: WireParticipantSchema.nullish(),
  label: text,
  review_groups: list(z.string()),
  client_id: num,
  converted_amount: num,
  converted_currency: text,
  converted_date: text,
  customers: list(z.string()),
  rules: list(WireKytRuleSchema),
  score: num,
  search_vector: list(z.string()),
  /** Inside not shown (spec, Gaps): kept whole. */
  state: openObject,
});
export type WireKytTransaction = z.output<typeof WireKytTransactionSchema>;
